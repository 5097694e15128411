export * from './at-qr-code.ts';
export * from './document-totals.ts';
export * from './series.ts';

export * from './at-qr-code.ts';
export * from './contracts.ts';
export * from './document-totals.ts';
export * from './purchases-contracts.ts';
export * from './purchases-qr.ts';
export * from './series.ts';
export * from './vat.ts';

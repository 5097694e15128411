export * from './at-qr-code.ts';
export * from './contracts.ts';
export * from './document-totals.ts';
export * from './payments-contracts.ts';
export * from './saft-contracts.ts';
export * from './series.ts';
export * from './vat.ts';

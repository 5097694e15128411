export * from './charts-contracts.ts';
export * from './ledger-contracts.ts';
export * from './posting-contracts.ts';
export * from './reconciliation-contracts.ts';
export * from './saft-import-contracts.ts';
export * from './statements-contracts.ts';

export * from './contracts.ts';
export * from './model.ts';

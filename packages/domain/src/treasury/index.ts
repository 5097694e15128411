export * from './contracts.ts';
export * from './model.ts';
export * from './rules.ts';

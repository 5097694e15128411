export * from './currency-flags.ts';
export * from './file-size.ts';
export * from './files.ts';
export * from './ids.ts';
export * from './relative-time.ts';

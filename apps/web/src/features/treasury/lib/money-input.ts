// The parser moved to lib/format/money-input.ts, shared by treasury and billing; this path stays for
// the parts of billing written against it before the move.
export * from '../../../lib/format/money-input.ts';

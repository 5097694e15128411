import { AppError } from '../../../../platform/errors.ts';

/** Why a statement line was refused: a stable code, translated under TREASURY.IMPORT.REJECT.<code>. */
export const REJECT_CODES = [
  'MALFORMED',
  'DTD_FORBIDDEN',
  'TOO_DEEP',
  'TEXT_TOO_LONG',
  'INVALID_DATE',
  'MISSING_DATE',
  'INVALID_AMOUNT',
  'MISSING_AMOUNT',
  'AMOUNT_TOO_LARGE',
  'CURRENCY_MISMATCH',
  'ACCOUNT_MISMATCH',
  'UNKNOWN_CURRENCY',
  'TOO_MANY_ENTRIES',
  'COLUMN_MISSING',
] as const;
export type RejectCode = (typeof REJECT_CODES)[number];

export interface Rejection {
  /** 1-based line of the file; null for the whole file. */
  line: number | null;
  code: RejectCode;
  message: string;
}

/** More than this many reasons helps nobody: the file is refused on the first ones. */
const MAX_REPORTED = 50;

/** Collects the refused lines of one file while it is read, so that the user sees every reason at once. */
export class Rejections {
  readonly list: Rejection[] = [];
  count = 0;

  add(line: number | null, code: RejectCode, message: string): void {
    this.count++;
    if (this.list.length < MAX_REPORTED) this.list.push({ line, code, message });
  }

  get any(): boolean {
    return this.count > 0;
  }

  /** Throws 422 STATEMENT_REJECTED when any line was refused. */
  throwIfAny(): void {
    if (this.any) throw statementRejected(this.list, this.count);
  }
}

/** The 422 answer: one detail per refused line, `path` 'line N' (or 'file'). */
export function statementRejected(list: readonly Rejection[], total = list.length): AppError {
  const more = total > list.length ? ` (first ${list.length} of ${total} shown)` : '';
  return new AppError(
    'STATEMENT_REJECTED',
    `The statement was refused: ${total} problem${total === 1 ? '' : 's'}${more}. Nothing was imported.`,
    list.map((rejection) => ({
      path: rejection.line === null ? 'file' : `line ${rejection.line}`,
      messageKey: `TREASURY.IMPORT.REJECT.${rejection.code}`,
      message: rejection.message,
    })),
  );
}

/** Refuses the whole file at once (malformed or hostile content). */
export function rejectFile(code: RejectCode, message: string, line: number | null = null): AppError {
  return statementRejected([{ line, code, message }]);
}

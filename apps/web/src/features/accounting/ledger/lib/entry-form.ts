import { parseMoneyInput } from '../../../../lib/format/money-input.ts';

// The manual entry form's values and their reading: each line an account and a debit or a credit as
// typed; the running difference (debits − credits) in minor units; the body to post, or why not.

export interface LineValues {
  key: string;
  accountCode: string;
  debit: string;
  credit: string;
  description: string;
}

export interface EntryValues {
  journalId: string;
  date: string;
  description: string;
  lines: LineValues[];
}

let lineCounter = 0;
export function emptyLine(): LineValues {
  lineCounter += 1;
  return { key: `line-${lineCounter}`, accountCode: '', debit: '', credit: '', description: '' };
}

/** A typed amount in minor units: 0 when empty, null when it is not a positive amount. */
export function amountOf(text: string, digits: number): number | null {
  if (!text.trim()) return 0;
  const value = parseMoneyInput(text, digits);
  return value === null || value < 0 ? null : value;
}

/** Debits, credits and their difference over the lines that read as amounts. */
export function entryTotals(lines: readonly LineValues[], digits: number) {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    debit += amountOf(line.debit, digits) ?? 0;
    credit += amountOf(line.credit, digits) ?? 0;
  }
  return { debit, credit, difference: debit - credit };
}

export type EntryFormErrors = Record<string, string>;

/** The body to post, or the errors (i18n keys) by field: `lines.<i>.<field>`, `balance`. */
export function entryBody(values: EntryValues, digits: number) {
  const errors: EntryFormErrors = {};
  if (!values.journalId) errors.journalId = 'VALIDATION.REQUIRED';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'VALIDATION.REQUIRED';
  if (!values.description.trim()) errors.description = 'VALIDATION.REQUIRED';
  const lines = values.lines.map((line, index) => {
    const debit = amountOf(line.debit, digits);
    const credit = amountOf(line.credit, digits);
    if (!line.accountCode) errors[`lines.${index}.accountCode`] = 'VALIDATION.REQUIRED';
    if (debit === null) errors[`lines.${index}.debit`] = 'VALIDATION.INVALID';
    if (credit === null) errors[`lines.${index}.credit`] = 'VALIDATION.INVALID';
    if (debit !== null && credit !== null && debit > 0 === credit > 0)
      errors[`lines.${index}.debit`] = 'ACCOUNTING.LEDGER.FORM.DEBIT_OR_CREDIT';
    return {
      accountCode: line.accountCode,
      debit: debit ?? 0,
      credit: credit ?? 0,
      ...(line.description.trim() ? { description: line.description.trim() } : {}),
    };
  });
  if (lines.length < 2) errors.balance = 'ACCOUNTING.LEDGER.FORM.TWO_LINES';
  const totals = entryTotals(values.lines, digits);
  if (totals.difference !== 0 || totals.debit === 0) errors.balance = 'ERRORS.ENTRY_UNBALANCED';
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors: null,
    body: {
      journalId: values.journalId,
      date: values.date,
      description: values.description.trim(),
      lines,
    },
  };
}

import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import {
  accountingAccounts,
  accountingEntries,
  accountingEntryLines,
  accountingJournals,
  accountingPeriods,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { ensureFiscalYear, ensureLedger, type JournalKind } from './setup.ts';

export type EntrySourceType =
  | 'manual'
  | 'billing_document'
  | 'billing_payment'
  | 'billing_purchase'
  | 'treasury_transaction'
  | 'reconciliation'
  | 'saft_import'
  | 'reversal'
  | 'closing';

/** One line to post: an account of the chart by code, a debit or a credit in minor units. */
export interface PostingLine {
  accountCode: string;
  debit?: number;
  credit?: number;
  description?: string | null;
  partyId?: string | null;
  /** Original currency, signed amount in its minor units (debit − credit), units per org currency. */
  currency?: string | null;
  amountCurrency?: number | null;
  exchangeRate?: string | null;
  /** VAT lines: region, rate (basis points) and taxable base. */
  taxRegion?: string | null;
  taxRateBasisPoints?: number | null;
  taxBase?: number | null;
  sourceDocumentNumber?: string | null;
}

export interface PostingInput {
  organizationId: string;
  journal: JournalKind;
  /** A specific journal by its code (SAF-T JournalID); else the first journal of `journal`'s kind. */
  journalCode?: string;
  /** A given journal of the organization (manual entries, reversals); else the first of `journal`'s kind. */
  journalId?: string;
  /** The entry's date (GLPostingDate): it decides the period, which must not be locked. */
  date: string;
  description: string;
  /** N normal (default), R regularisation, A closing, J adjustment. */
  transactionType?: 'N' | 'R' | 'A' | 'J';
  /** 1–12 from the date by default; 0 opening; 13–16 the closing periods. */
  periodNumber?: number;
  sourceType: EntrySourceType;
  sourceId?: string | null;
  reversesEntryId?: string | null;
  lines: readonly PostingLine[];
  createdBy?: string | null;
}

export interface PostedEntry {
  id: string;
  journalId: string;
  periodId: string;
  number: number;
  seq: number;
  reference: string;
  hash: string;
}

/**
 * The canonical text an entry's hash covers: previous hash, reference, date, type, description, and each
 * line's account code, debit and credit in order. Changing any of them, or the order of entries in the
 * journal, changes every hash after it (ledger/verify reads the chain back).
 */
export function entryHashInput(
  previousHash: string,
  entry: { reference: string; entryDate: string; transactionType: string; description: string },
  lines: readonly { accountCode: string; debit: number; credit: number }[],
): string {
  const body = lines.map((line) => `${line.accountCode}:${line.debit}:${line.credit}`).join('|');
  return [
    previousHash,
    entry.reference,
    entry.entryDate,
    entry.transactionType,
    entry.description,
    body,
  ].join(';');
}

export function entryHash(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}

function checkLines(lines: readonly PostingLine[]) {
  if (lines.length < 2) throw new AppError('ENTRY_UNBALANCED', 'An entry has at least two lines.');
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    const d = line.debit ?? 0;
    const c = line.credit ?? 0;
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0 || (d > 0 && c > 0))
      throw new AppError('ENTRY_UNBALANCED', 'Each line is a debit or a credit, in positive minor units.');
    debit += d;
    credit += c;
  }
  if (debit !== credit || debit === 0)
    throw new AppError('ENTRY_UNBALANCED', `Debits ${debit} and credits ${credit} differ.`);
  return debit;
}

/**
 * Posts one balanced entry in the caller's transaction: takes the journal's row lock (the head of its
 * hash chain), numbers the entry in its journal and period, chains its hash, writes entry and lines.
 * Refuses an unbalanced entry, an account that is not a movement account, and a locked period.
 */
export async function postEntry(tx: Db, input: PostingInput): Promise<PostedEntry> {
  const total = checkLines(input.lines);
  const { organizationId } = input;
  await ensureLedger(tx, organizationId);
  const fiscalYear = await ensureFiscalYear(tx, organizationId, input.date);
  const month = Number(input.date.slice(5, 7));
  const periodNumber =
    input.periodNumber ?? ((month - Number(fiscalYear.startDate.slice(5, 7)) + 12) % 12) + 1;
  const [period] = await tx
    .select()
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.fiscalYearId, fiscalYear.id), eq(accountingPeriods.number, periodNumber)))
    // Held until commit: locking the period (an UPDATE of this row) waits for the entry being posted.
    .for('share');
  if (!period) throw new AppError('INTERNAL', 'The period could not be found.');
  if (input.date < period.startDate || input.date > period.endDate)
    throw new AppError(
      'ENTRY_PERIOD_MISMATCH',
      `${input.date} is not in period ${periodNumber} (${period.startDate} to ${period.endDate}).`,
    );
  if (period.lockedAt)
    throw new AppError('PERIOD_LOCKED', `Period ${periodNumber} of ${fiscalYear.year} is locked.`);

  const codes = [...new Set(input.lines.map((line) => line.accountCode))];
  const accounts = await tx
    .select({
      id: accountingAccounts.id,
      code: accountingAccounts.code,
      grouping: accountingAccounts.groupingCategory,
      archived: accountingAccounts.archived,
    })
    .from(accountingAccounts)
    .where(
      and(eq(accountingAccounts.organizationId, organizationId), inArray(accountingAccounts.code, codes)),
    );
  const byCode = new Map(accounts.map((account) => [account.code, account]));
  for (const code of codes) {
    const account = byCode.get(code);
    if (account?.grouping !== 'GM' || account.archived)
      throw new AppError('ACCOUNT_NOT_POSTABLE', `Account ${code} does not take entries.`);
  }

  const [journal] = await tx
    .select()
    .from(accountingJournals)
    .where(
      and(
        eq(accountingJournals.organizationId, organizationId),
        input.journalId
          ? eq(accountingJournals.id, input.journalId)
          : input.journalCode
            ? eq(accountingJournals.code, input.journalCode)
            : eq(accountingJournals.kind, input.journal),
      ),
    )
    .orderBy(accountingJournals.code)
    .limit(1)
    .for('update');
  if (!journal) throw new AppError('INTERNAL', `The ${input.journal} journal is missing.`);
  const [last] = await rows<{ number: number | null }>(
    tx,
    sql`SELECT MAX(number) AS number FROM accounting_entries WHERE journal_id = ${journal.id} AND period_id = ${period.id}`,
  );
  const number = Number(last?.number ?? 0) + 1;
  const seq = journal.lastSeq + 1;
  const reference = `${input.date} ${journal.code} ${periodNumber}/${number}`;
  const transactionType = input.transactionType ?? 'N';
  const lines = input.lines.map((line) => ({ ...line, debit: line.debit ?? 0, credit: line.credit ?? 0 }));
  const hash = entryHash(
    entryHashInput(
      journal.lastHash,
      { reference, entryDate: input.date, transactionType, description: input.description },
      lines,
    ),
  );
  const [entry] = await tx
    .insert(accountingEntries)
    .values({
      organizationId,
      journalId: journal.id,
      periodId: period.id,
      number,
      seq,
      reference,
      entryDate: input.date,
      description: input.description,
      transactionType,
      sourceType: input.sourceType,
      sourceId: input.sourceId ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
      totalDebit: total,
      totalCredit: total,
      previousHash: journal.lastHash,
      hash,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: accountingEntries.id });
  if (!entry) throw new AppError('INTERNAL', 'The entry could not be written.');
  await tx.insert(accountingEntryLines).values(
    lines.map((line, position) => ({
      organizationId,
      entryId: entry.id,
      position,
      accountId: (byCode.get(line.accountCode) as { id: string }).id,
      entryDate: input.date,
      debit: line.debit,
      credit: line.credit,
      currency: line.currency ?? null,
      amountCurrency: line.amountCurrency ?? null,
      exchangeRate: line.exchangeRate ?? null,
      description: line.description ?? null,
      partyId: line.partyId ?? null,
      taxRegion: line.taxRegion ?? null,
      taxRateBasisPoints: line.taxRateBasisPoints ?? null,
      taxBase: line.taxBase ?? null,
      sourceDocumentNumber: line.sourceDocumentNumber ?? null,
    })),
  );
  await tx
    .update(accountingJournals)
    .set({ lastSeq: seq, lastHash: hash })
    .where(eq(accountingJournals.id, journal.id));
  return { id: entry.id, journalId: journal.id, periodId: period.id, number, seq, reference, hash };
}

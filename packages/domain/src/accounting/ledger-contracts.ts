import { z } from 'zod';
import { defineContract } from '../contract.ts';

// Accounting contracts: the journal (fiscal years and periods, journals, entries, reversals, the hash
// chain's check). See modules/accounting/ledger on the server and docs/accounting-ledger.md.
// Money is integer minor units of the organization's currency.

const ZIdParams = z.object({ id: z.uuid() });
const ZIsoDate = z.iso.date();
/** A line's debit or credit: minor units, at most 10^13 (200 lines still add up to a safe integer). */
const ZLineAmount = z.number().int().min(0).max(10_000_000_000_000);
const ZMoney = z.number().int();

export const JOURNAL_KINDS = ['sales', 'purchases', 'bank', 'cash', 'general', 'opening'] as const;
export type JournalKindName = (typeof JOURNAL_KINDS)[number];
/** SAF-T TransactionType: N normal, R regularisation of the period, A closing (apuramento), J adjustment. */
export const TRANSACTION_TYPES = ['N', 'R', 'A', 'J'] as const;
export const ENTRY_SOURCE_TYPES = [
  'manual',
  'billing_document',
  'billing_payment',
  'billing_purchase',
  'treasury_transaction',
  'reconciliation',
  'saft_import',
  'reversal',
  'closing',
] as const;

/** Account codes: digits (SNC and PGC), up to 30 characters as SAF-T's AccountID. */
export const ZAccountCode = z
  .string()
  .trim()
  .regex(/^[0-9]{1,30}$/);

export const ZPeriod = z.object({
  id: z.string(),
  /** 0 opening, 1–12 the months, 13–16 the closing periods (dated on the year's last day). */
  number: z.number().int(),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  lockedAt: z.string().nullable(),
  lockedBy: z.string().nullable(),
  entries: z.number().int(),
});
export type Period = z.infer<typeof ZPeriod>;

export const ZFiscalYear = z.object({
  id: z.string(),
  year: z.number().int(),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  periods: z.array(ZPeriod),
});
export type FiscalYear = z.infer<typeof ZFiscalYear>;

/** The organization's fiscal years, newest first, with their periods (the current year is made if missing). */
export const listFiscalYearsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/fiscal-years',
  response: z.object({ items: z.array(ZFiscalYear) }),
});

/**
 * Locks (closes) a period and every open period before it in its fiscal year: locked periods are always a
 * run from the year's start, so "closed through March" means what it says. Nothing dated in a locked
 * period can be posted. Answers the fiscal year.
 */
export const lockPeriodContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/periods/:id/lock',
  params: ZIdParams,
  response: ZFiscalYear,
});

/** Reopens a period and every locked period after it in its fiscal year (holders of ADMIN only). */
export const unlockPeriodContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/periods/:id/unlock',
  params: ZIdParams,
  response: ZFiscalYear,
});

export const ZJournal = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(JOURNAL_KINDS),
  name: z.string(),
  /** How many entries the journal holds (its chain's length). */
  entries: z.number().int(),
});
export type Journal = z.infer<typeof ZJournal>;

export const listJournalsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/journals',
  response: z.object({ items: z.array(ZJournal) }),
});

export const ZEntrySummary = z.object({
  id: z.string(),
  journalId: z.string(),
  journalCode: z.string(),
  fiscalYear: z.number().int(),
  periodNumber: z.number().int(),
  number: z.number().int(),
  /** SAF-T TransactionID: "<date> <journal> <period>/<number>". */
  reference: z.string(),
  entryDate: ZIsoDate,
  description: z.string(),
  transactionType: z.enum(TRANSACTION_TYPES),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  reversesEntryId: z.string().nullable(),
  /** The entry that reverses this one, once it is reversed. */
  reversedByEntryId: z.string().nullable(),
  total: ZMoney,
  createdAt: z.string(),
});
export type EntrySummary = z.infer<typeof ZEntrySummary>;

export const ZEntryLine = z.object({
  position: z.number().int(),
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  debit: ZMoney,
  credit: ZMoney,
  description: z.string().nullable(),
  partyId: z.string().nullable(),
  currency: z.string().nullable(),
  amountCurrency: ZMoney.nullable(),
  taxRegion: z.string().nullable(),
  taxRateBasisPoints: z.number().int().nullable(),
  taxBase: ZMoney.nullable(),
  sourceDocumentNumber: z.string().nullable(),
});
export type EntryLine = z.infer<typeof ZEntryLine>;

export const ZEntry = ZEntrySummary.extend({
  journalName: z.string(),
  previousHash: z.string(),
  hash: z.string(),
  createdBy: z.string().nullable(),
  lines: z.array(ZEntryLine),
});
export type Entry = z.infer<typeof ZEntry>;

export const listEntriesContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/entries',
  query: z.object({
    journalId: z.uuid().optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    /** Entries with a line on this account or any of its sub-accounts (code prefix). */
    accountCode: ZAccountCode.optional(),
    /** Words of the description or the reference. */
    q: z.string().trim().max(100).optional(),
    sourceType: z.enum(ENTRY_SOURCE_TYPES).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({
    items: z.array(ZEntrySummary),
    nextCursor: z.string().nullable(),
    /** Over everything the filters select, not only this page. */
    totals: z.object({ count: z.number().int(), debit: ZMoney, credit: ZMoney }),
  }),
});

export const getEntryContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/entries/:id',
  params: ZIdParams,
  response: ZEntry,
});

export const ZManualEntryLine = z.strictObject({
  accountCode: ZAccountCode,
  debit: ZLineAmount.default(0),
  credit: ZLineAmount.default(0),
  description: z.string().trim().max(200).optional(),
});
export type ManualEntryLine = z.input<typeof ZManualEntryLine>;

/**
 * A manual entry (Idempotency-Key): balanced (ENTRY_UNBALANCED), on movement accounts
 * (ACCOUNT_NOT_POSTABLE), dated in an open period (PERIOD_LOCKED). `periodNumber` 13–16 posts to a
 * closing period (the date must then be the fiscal year's last day); by default the month of the date.
 */
export const createEntryContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/entries',
  status: 201,
  body: z.strictObject({
    journalId: z.uuid(),
    date: ZIsoDate,
    description: z.string().trim().min(1).max(200),
    transactionType: z.enum(TRANSACTION_TYPES).default('N'),
    periodNumber: z.number().int().min(0).max(16).optional(),
    lines: z.array(ZManualEntryLine).min(2).max(200),
  }),
  response: ZEntry,
});

/**
 * Reverses an entry (Idempotency-Key): a new entry of the same journal with every debit and credit
 * swapped, dated on `date` (an open period), pointing at the entry it reverses. Once per entry
 * (ENTRY_ALREADY_REVERSED).
 */
export const reverseEntryContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/entries/:id/reverse',
  status: 201,
  params: ZIdParams,
  body: z.strictObject({
    date: ZIsoDate,
    description: z.string().trim().min(1).max(200).optional(),
  }),
  response: ZEntry,
});

export const ZJournalCheck = z.object({
  journalId: z.string(),
  code: z.string(),
  entries: z.number().int(),
  ok: z.boolean(),
  /** The first entry whose hash, previous hash or position does not match, when the chain is broken. */
  brokenEntryId: z.string().nullable(),
  brokenReference: z.string().nullable(),
  reason: z.enum(['hash', 'previous_hash', 'sequence', 'head']).nullable(),
});
export type JournalCheck = z.infer<typeof ZJournalCheck>;

/** Re-walks every journal's hash chain: ok, or the first broken entry of each journal. */
export const verifyJournalContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/journal/verify',
  response: z.object({ ok: z.boolean(), journals: z.array(ZJournalCheck) }),
});

import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZAccountCode } from './ledger-contracts.ts';

// Accounting contracts: the chart of accounts (see modules/accounting/charts on the server).

const ZIsoDate = z.iso.date();
const ZMoney = z.number().int();

export const GROUPING_CATEGORIES = ['GR', 'GA', 'GM', 'AR', 'AA', 'AM'] as const;
export const ACCOUNT_NATURES = [
  'asset',
  'liability',
  'equity',
  'income',
  'expense',
  'result',
  'analytic',
] as const;

export const ZLedgerAccount = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  /** SAF-T GroupingCategory: GR first level, GA aggregating, GM movement (only GM takes entries). */
  groupingCategory: z.enum(GROUPING_CATEGORIES),
  taxonomyCode: z.number().int().nullable(),
  nature: z.enum(ACCOUNT_NATURES),
  partyId: z.string().nullable(),
  treasuryAccountId: z.string().nullable(),
  system: z.boolean(),
  archived: z.boolean(),
  /** Over the range asked, this account and every sub-account: debits, credits, debit − credit. */
  debit: ZMoney,
  credit: ZMoney,
  balance: ZMoney,
});
export type LedgerAccount = z.infer<typeof ZLedgerAccount>;

/** The chart with balances over [from, to] (all dates when left out), ordered by code. */
export const listLedgerAccountsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/accounts',
  query: z.object({
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    includeArchived: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  }),
  response: z.object({
    items: z.array(ZLedgerAccount),
    /** Debits and credits of the movement accounts over the range: equal when the journal balances. */
    totals: z.object({ debit: ZMoney, credit: ZMoney }),
  }),
});

/**
 * Adds a movement sub-account under an aggregating (GA) or movement (GM) account. A GM parent that has
 * no entry becomes aggregating (ACCOUNT_HAS_ENTRIES otherwise). `code` starts with the parent's code
 * (the next free two-digit suffix when left out); optionally linked to a customer or supplier
 * (`partyId`) or a treasury account.
 */
export const createLedgerAccountContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/accounts',
  status: 201,
  body: z.strictObject({
    parentCode: ZAccountCode,
    code: ZAccountCode.optional(),
    name: z.string().trim().min(1).max(200),
    partyId: z.uuid().optional(),
    treasuryAccountId: z.uuid().optional(),
  }),
  response: ZLedgerAccount,
});

/** Archives an account the organization added (no new entry on it) or restores it. */
export const archiveLedgerAccountContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/accounts/:id/archive',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({ archived: z.boolean() }),
  response: ZLedgerAccount,
});

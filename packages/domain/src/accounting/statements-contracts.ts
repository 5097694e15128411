// Accounting contracts: statements (see modules/accounting/statements on the server). Trial balance,
// general ledger, balance sheet, income statement and VAT summary of a period, read by the
// /accounting/entries "statements" tab and downloadable as CSV, XLSX or PDF. Amounts are integer minor
// units of the organization's currency; a signed balance is debit − credit (positive: debtor).
import { z } from 'zod';
import { defineContract } from '../contract.ts';

const ZIsoDate = z.iso.date();
const ZAmount = z.number().int();

/** The period every statement reads: both days included. */
export const ZStatementPeriod = z.object({ from: ZIsoDate, to: ZIsoDate });

/** An account code as the chart writes it ("11", "2111", "21110001"). */
export const ZStatementAccountCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Za-z._-]+$/);

export const ACCOUNTING_STATEMENT_KINDS = [
  'trial-balance',
  'general-ledger',
  'balance-sheet',
  'income-statement',
  'vat-summary',
] as const;
export type AccountingStatementKind = (typeof ACCOUNTING_STATEMENT_KINDS)[number];

export const ACCOUNTING_STATEMENT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type AccountingStatementFormat = (typeof ACCOUNTING_STATEMENT_FORMATS)[number];

const ZChart = z.enum(['SNC', 'PGC']);

/** One row of the trial balance (balancete): a movement account (GM) or a parent (GR, GA) roll-up. */
export const ZTrialBalanceRow = z.object({
  accountId: z.uuid(),
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  groupingCategory: z.string(),
  nature: z.string(),
  /** 1 for a class (GR), one more per level below it. */
  level: z.number().int(),
  /** Debits and credits dated before `from`. */
  openingDebit: ZAmount,
  openingCredit: ZAmount,
  /** Debits and credits dated in the period. */
  debit: ZAmount,
  credit: ZAmount,
  /** Signed closing balance: opening + period, debit − credit. */
  balance: ZAmount,
});
export type TrialBalanceRow = z.infer<typeof ZTrialBalanceRow>;

const ZTrialBalanceTotals = z.object({
  openingDebit: ZAmount,
  openingCredit: ZAmount,
  debit: ZAmount,
  credit: ZAmount,
  /** Sum of the debtor balances and of the creditor balances (as positive amounts). */
  debtorBalances: ZAmount,
  creditorBalances: ZAmount,
});

export const ZTrialBalance = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  chart: ZChart,
  currency: z.string(),
  rows: z.array(ZTrialBalanceRow),
  /** Over the movement accounts only (parents would count each amount twice): debit = credit. */
  totals: ZTrialBalanceTotals,
});
export type TrialBalance = z.infer<typeof ZTrialBalance>;

export const trialBalanceContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/trial-balance',
  query: ZStatementPeriod,
  response: ZTrialBalance,
});

export const ZGeneralLedgerLine = z.object({
  lineId: z.uuid(),
  entryId: z.uuid(),
  /** SAF-T TransactionID of the entry ("2026-03-10 VND 3/1"). */
  reference: z.string(),
  date: ZIsoDate,
  journalCode: z.string(),
  accountCode: z.string(),
  description: z.string(),
  sourceDocumentNumber: z.string().nullable(),
  debit: ZAmount,
  credit: ZAmount,
  /** Running balance after this line (debit − credit), from the balance before `from`. */
  balance: ZAmount,
});
export type GeneralLedgerLine = z.infer<typeof ZGeneralLedgerLine>;

export const ZGeneralLedger = z.object({
  account: z.object({ id: z.uuid(), code: z.string(), name: z.string(), groupingCategory: z.string() }),
  from: ZIsoDate,
  to: ZIsoDate,
  currency: z.string(),
  openingBalance: ZAmount,
  debit: ZAmount,
  credit: ZAmount,
  closingBalance: ZAmount,
  items: z.array(ZGeneralLedgerLine),
  nextCursor: z.string().nullable(),
});
export type GeneralLedger = z.infer<typeof ZGeneralLedger>;

export const generalLedgerContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/general-ledger',
  query: ZStatementPeriod.extend({
    account: ZStatementAccountCode,
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: ZGeneralLedger,
});

/** A caption of a financial statement model, its amount and the accounts that make it. */
export const ZFinancialStatementLine = z.object({
  key: z.string(),
  /** The caption as the official model writes it (Portuguese: the legal text). */
  label: z.string(),
  /** A sub-total or total line of the model. */
  total: z.boolean(),
  amount: ZAmount,
  /** The movement accounts summed in it, with their share (drill-down to the general ledger). */
  accounts: z.array(z.object({ code: z.string(), name: z.string(), amount: ZAmount })),
});
export type FinancialStatementLine = z.infer<typeof ZFinancialStatementLine>;

export const ZFinancialStatementSection = z.object({
  key: z.string(),
  label: z.string(),
  lines: z.array(ZFinancialStatementLine),
});
export type FinancialStatementSection = z.infer<typeof ZFinancialStatementSection>;

export const ZFinancialStatement = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  chart: ZChart,
  currency: z.string(),
  /** The official text whose model the layout follows. */
  model: z.string(),
  sections: z.array(ZFinancialStatementSection),
});
export type FinancialStatement = z.infer<typeof ZFinancialStatement>;

export const ZBalanceSheet = ZFinancialStatement.extend({
  totalAssets: ZAmount,
  totalEquity: ZAmount,
  totalLiabilities: ZAmount,
  /** The fiscal year's result to `to`, inside equity. */
  netIncome: ZAmount,
});
export type BalanceSheet = z.infer<typeof ZBalanceSheet>;

export const ZIncomeStatement = ZFinancialStatement.extend({ netIncome: ZAmount });
export type IncomeStatement = z.infer<typeof ZIncomeStatement>;

export const balanceSheetContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/balance-sheet',
  query: ZStatementPeriod,
  response: ZBalanceSheet,
});

export const incomeStatementContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/income-statement',
  query: ZStatementPeriod,
  response: ZIncomeStatement,
});

/** VAT of the period per region and rate: collected (liquidado) and deductible (dedutível). */
export const ZVatSummaryRow = z.object({
  side: z.enum(['collected', 'deductible']),
  /** PT, PT-AC, PT-MA, AO… (SAF-T TaxCountryRegion). */
  region: z.string(),
  rateBasisPoints: z.number().int(),
  base: ZAmount,
  vat: ZAmount,
  /** The periodic declaration's boxes (base, VAT) for a PT organization, when the row maps to one. */
  boxes: z.object({ base: z.string().nullable(), vat: z.string().nullable(), annex: z.string().nullable() }),
});
export type VatSummaryRow = z.infer<typeof ZVatSummaryRow>;

export const ZVatSummary = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  currency: z.string(),
  /** The organization's seat region (the main declaration; other regions go to its annex R). */
  seatRegion: z.string(),
  rows: z.array(ZVatSummaryRow),
  collected: ZAmount,
  deductible: ZAmount,
  /** collected − deductible: positive is owed to the State, negative is a credit. */
  balance: ZAmount,
});
export type VatSummary = z.infer<typeof ZVatSummary>;

export const vatSummaryContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/vat-summary',
  query: ZStatementPeriod,
  response: ZVatSummary,
});

export const exportStatementContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/statements/export',
  query: ZStatementPeriod.extend({
    statement: z.enum(ACCOUNTING_STATEMENT_KINDS),
    format: z.enum(ACCOUNTING_STATEMENT_FORMATS),
    account: ZStatementAccountCode.optional(),
  }),
  response: z.string(),
});

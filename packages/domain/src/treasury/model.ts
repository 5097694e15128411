import { z } from 'zod';

// The treasury data every other module reads: accounts and movements in signed integer minor units
// of the account's currency, calendar dates as YYYY-MM-DD.

export const ACCOUNT_KINDS = ['bank', 'cash', 'card', 'pos'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_VISIBILITIES = ['all', 'restricted'] as const;

/** How a connected account's last sync ended. */
export const ACCOUNT_SYNC_STATUSES = ['ok', 'syncing', 'consent_expired', 'error', 'disconnected'] as const;
export type AccountSyncStatus = (typeof ACCOUNT_SYNC_STATUSES)[number];

export const TRANSACTION_SOURCES = ['manual', 'import', 'sync', 'pos'] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export const STATEMENT_FORMATS = ['camt053', 'camt052', 'camt054', 'ofx', 'mt940', 'csv', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const CATEGORY_KINDS = ['income', 'expense'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** An amount in minor units: a safe integer, never a float. */
export const ZMinorUnits = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const ZIsoDate = z.iso.date();
export const ZCurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

export const ZAccount = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  name: z.string(),
  institution: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  currency: z.string(),
  openingBalance: ZMinorUnits,
  openingDate: ZIsoDate,
  archived: z.boolean(),
  visibility: z.enum(ACCOUNT_VISIBILITIES),
  /** When restricted: the members who may see it (besides owners). */
  memberIds: z.array(z.string()),
  /** Balance today: opening + every movement booked up to today. */
  balance: ZMinorUnits,
  /** Date of the last movement, if any. */
  lastMovementDate: ZIsoDate.nullable(),
  transactionCount: z.number().int(),
  connectionId: z.string().nullable(),
  syncStatus: z.enum(ACCOUNT_SYNC_STATUSES).nullable(),
  syncError: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Until when the bank consent lets us read the account (connected accounts). */
  consentExpiresAt: z.string().nullable(),
  /** The balance the bank last reported, to compare with ours. */
  bankBalance: ZMinorUnits.nullable(),
  bankBalanceDate: ZIsoDate.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof ZAccount>;

export const ZTransactionPart = z.object({
  id: z.string(),
  amount: ZMinorUnits,
  categoryId: z.string().nullable(),
  description: z.string().nullable(),
});
export type TransactionPart = z.infer<typeof ZTransactionPart>;

export const ZTransaction = z.object({
  id: z.string(),
  accountId: z.string(),
  bookingDate: ZIsoDate,
  valueDate: ZIsoDate.nullable(),
  amount: ZMinorUnits,
  currency: z.string(),
  description: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittanceInfo: z.string().nullable(),
  endToEndId: z.string().nullable(),
  bankReference: z.string().nullable(),
  source: z.enum(TRANSACTION_SOURCES),
  importId: z.string().nullable(),
  categoryId: z.string().nullable(),
  merchantId: z.string().nullable(),
  notes: z.string().nullable(),
  /** The other side of a transfer between own accounts, and its account. */
  transferTransactionId: z.string().nullable(),
  transferAccountId: z.string().nullable(),
  isSplit: z.boolean(),
  /** The parts of a split movement (empty when not split); they sum to `amount`. */
  parts: z.array(ZTransactionPart),
  documentCount: z.number().int(),
  /** The account's balance right after this movement (booking date, then order of arrival). */
  runningBalance: ZMinorUnits.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transaction = z.infer<typeof ZTransaction>;

export const ZCategory = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(CATEGORY_KINDS),
  name: z.string(),
  /** Stable key of a default category (its name is translated from `TREASURY.CATEGORY_DEFAULTS.<code>`). */
  code: z.string().nullable(),
  /** The chart-of-accounts account it posts to (accounting maps it later). */
  accountCode: z.string().nullable(),
  archived: z.boolean(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZMerchant = z.object({
  id: z.string(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  defaultCategoryId: z.string().nullable(),
});
export type Merchant = z.infer<typeof ZMerchant>;

/** What a rule looks at. Text comparisons ignore case and accents; amounts are minor units. */
export const RULE_FIELDS = ['description', 'counterparty', 'iban', 'amount', 'account'] as const;
export const RULE_OPERATORS = ['contains', 'equals', 'startsWith', 'gte', 'lte', 'between'] as const;

export const ZRuleCondition = z.discriminatedUnion('field', [
  z.strictObject({
    field: z.enum(['description', 'counterparty', 'iban']),
    operator: z.enum(['contains', 'equals', 'startsWith']),
    value: z.string().trim().min(1).max(200),
  }),
  z.strictObject({
    field: z.literal('amount'),
    operator: z.enum(['equals', 'gte', 'lte', 'between']),
    value: ZMinorUnits,
    /** Upper bound for `between`. */
    to: ZMinorUnits.optional(),
  }),
  z.strictObject({ field: z.literal('account'), operator: z.literal('equals'), value: z.uuid() }),
]);
export type RuleCondition = z.infer<typeof ZRuleCondition>;

/** A split a rule applies: each part a share in basis points (the last part takes the remainder). */
export const ZRuleSplitPart = z.strictObject({
  basisPoints: z.number().int().min(1).max(10_000),
  categoryId: z.uuid().nullable(),
});

export const ZRuleActions = z
  .strictObject({
    categoryId: z.uuid().nullable().optional(),
    merchantId: z.uuid().nullable().optional(),
    notes: z.string().trim().max(500).optional(),
    split: z.array(ZRuleSplitPart).min(2).max(20).optional(),
  })
  .refine((actions) => Object.values(actions).some((value) => value !== undefined), {
    message: 'A rule needs at least one action',
  });
export type RuleActions = z.infer<typeof ZRuleActions>;

export const ZRule = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
  conditions: z.array(ZRuleCondition),
  actions: ZRuleActions,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof ZRule>;

export const IMPORT_STATUSES = ['processing', 'done', 'failed'] as const;

/** Why a statement line was refused: a stable code (translated under TREASURY.IMPORT.REJECT.<code>) and detail. */
export const ZImportRejection = z.object({
  /** 1-based line (text formats) or entry number (CAMT/OFX), null for the whole file. */
  line: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRejection = z.infer<typeof ZImportRejection>;

export const ZImportResult = z.object({
  id: z.string(),
  accountId: z.string(),
  format: z.enum([...STATEMENT_FORMATS, 'sync']),
  fileName: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  imported: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(ZImportRejection),
  periodFrom: ZIsoDate.nullable(),
  periodTo: ZIsoDate.nullable(),
  statementOpeningBalance: ZMinorUnits.nullable(),
  statementClosingBalance: ZMinorUnits.nullable(),
  /** The account's balance at the statement's last date after the import. */
  accountBalanceAtEnd: ZMinorUnits.nullable(),
  /** True when the account ends on the file's closing balance; null when the file has none. */
  balanceMatches: z.boolean().nullable(),
  /** Why it does not, when it does not (missing earlier movements, opening balance differs…). */
  balanceNote: z.string().nullable(),
  createdAt: z.string(),
});
export type ImportResult = z.infer<typeof ZImportResult>;

/**
 * One movement as read from a statement file or a bank feed, before it becomes a transaction: the
 * parsers' common output.
 */
export interface StatementEntry {
  /** 1-based position in the file (line for text formats, entry number for XML/OFX). */
  line: number;
  bookingDate: string;
  valueDate: string | null;
  /** Signed minor units: credit positive, debit negative. */
  amount: number;
  currency: string | null;
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInfo: string | null;
  endToEndId: string | null;
  bankReference: string | null;
  /** The provider's own id (aggregator feeds, OFX FITID). */
  providerTransactionId: string | null;
  /** The balance after this entry, when the file gives it (CSV balance column). */
  balanceAfter: number | null;
  /** An identity chosen by the caller instead of the derived one (manual movements: `m:<uuid>`). */
  dedupeKey?: string;
}

export interface ParsedStatement {
  format: StatementFormat | 'sync';
  /** The account the file is about, when it says (IBAN or bank account id). */
  accountIban: string | null;
  currency: string | null;
  openingBalance: { amount: number; date: string } | null;
  closingBalance: { amount: number; date: string } | null;
  entries: StatementEntry[];
}

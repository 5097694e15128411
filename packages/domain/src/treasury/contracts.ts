import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  ACCOUNT_KINDS,
  ACCOUNT_VISIBILITIES,
  CATEGORY_KINDS,
  STATEMENT_FORMATS,
  ZAccount,
  ZCategory,
  ZCurrencyCode,
  ZImportRejection,
  ZImportResult,
  ZIsoDate,
  ZMerchant,
  ZMinorUnits,
  ZRule,
  ZRuleActions,
  ZRuleCondition,
  ZTransaction,
} from './model.ts';

// Every treasury call. Money in and out is integer minor units of the account's currency.

const ZIdParams = z.object({ id: z.uuid() });
const ZName = z.string().trim().min(1).max(100);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** `a,b,c` in a query string → ['a','b','c']. */
const ZUuidList = z
  .string()
  .max(40 * 100)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.uuid()).max(100));
const ZQueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
const ZQueryMinor = z.coerce.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

// ── Accounts and wallets ────────────────────────────────────────────────────────────────────────

export const ZCurrencyTotal = z.object({ currency: z.string(), balance: ZMinorUnits });

export const listAccountsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/accounts',
  query: z.object({ includeArchived: ZQueryBoolean.optional() }),
  response: z.object({
    accounts: z.array(ZAccount),
    /** Balance today per currency, unconverted. */
    totals: z.array(ZCurrencyTotal),
    /** Everything converted to the organization's currency with the rates of `rateDate`. */
    total: z.object({
      currency: z.string(),
      balance: ZMinorUnits,
      rateDate: ZIsoDate.nullable(),
      /** Currencies with no rate known: left out of `balance`. */
      missingRates: z.array(z.string()),
    }),
  }),
});

const ZAccountFields = {
  name: ZName,
  institution: ZOptionalText(100),
  /** Checked as an ISO 13616 IBAN, and PT NIB check digits for PT IBANs. */
  iban: ZOptionalText(42),
  bic: ZOptionalText(11),
  openingBalance: ZMinorUnits,
  openingDate: ZIsoDate,
  visibility: z.enum(ACCOUNT_VISIBILITIES),
  memberIds: z.array(z.uuid()).max(500),
};

export const createAccountContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/accounts',
  body: z.strictObject({
    kind: z.enum(ACCOUNT_KINDS),
    currency: ZCurrencyCode,
    ...ZAccountFields,
    openingBalance: ZAccountFields.openingBalance.default(0),
    visibility: ZAccountFields.visibility.default('all'),
    memberIds: ZAccountFields.memberIds.default([]),
  }),
  response: ZAccount,
  status: 201,
});

export const getAccountContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/accounts/:id',
  params: ZIdParams,
  response: ZAccount,
});

export const updateAccountContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/treasury/accounts/:id',
  params: ZIdParams,
  body: z.strictObject({ ...ZAccountFields, archived: z.boolean() }).partial(),
  response: ZAccount,
});

/** Daily balances per account and in total (organization currency), for the chart and dashboards. */
export const dailyBalancesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/balances/daily',
  query: z.object({
    from: ZIsoDate,
    to: ZIsoDate,
    accountIds: ZUuidList.optional(),
  }),
  response: z.object({
    currency: z.string(),
    accounts: z.array(
      z.object({
        accountId: z.string(),
        currency: z.string(),
        points: z.array(z.object({ date: ZIsoDate, balance: ZMinorUnits })),
      }),
    ),
    /** Sum of every account per day, converted with each day's rate. */
    total: z.array(z.object({ date: ZIsoDate, balance: ZMinorUnits })),
    /** Currencies with no rate on some day of the range: left out of `total` on those days. */
    missingRates: z.array(z.string()),
  }),
});

/** Asks the bank feed of a connected account for fresh data (a sync job; progress as UPDATE_ACCOUNT_STATUS). */
export const refreshAccountContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/accounts/:id/refresh',
  params: ZIdParams,
  response: z.object({ jobId: z.string() }),
});

// ── Movements ───────────────────────────────────────────────────────────────────────────────────

export const TRANSACTION_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;

export const ZTransactionFilters = z.object({
  accountIds: ZUuidList.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** Bounds (inclusive) on the signed amount: a 45,00 payment is -4500 (use `direction` for the sign alone). */
  minAmount: ZQueryMinor.optional(),
  maxAmount: ZQueryMinor.optional(),
  /** Text over description, counterparty, remittance information and notes (case and accents ignored). */
  q: z.string().trim().max(200).optional(),
  /** A split movement matches when any of its parts has one of the categories. */
  categoryIds: ZUuidList.optional(),
  merchantIds: ZUuidList.optional(),
  direction: z.enum(['in', 'out']).optional(),
  hasDocuments: ZQueryBoolean.optional(),
  /** true: no category and not split, or split with a part without one; false: categorised entirely. */
  uncategorised: ZQueryBoolean.optional(),
  /** only: transfers between own accounts; exclude: everything else. */
  transfers: z.enum(['only', 'exclude']).optional(),
});
export type TransactionFilters = z.infer<typeof ZTransactionFilters>;

export const listTransactionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/transactions',
  query: ZTransactionFilters.extend({
    sort: z.enum(TRANSACTION_SORTS).default('date_desc'),
    /** Opaque keyset cursor from the previous page's `nextCursor`. */
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({
    items: z.array(ZTransaction),
    nextCursor: z.string().nullable(),
    /**
     * Over the whole filtered set, per currency; transfers count neither as income nor as expense.
     * `count` counts every movement (transfers too); `expense` is the sum of the outflows (≤ 0) and
     * `net` = income + expense.
     */
    totals: z.array(
      z.object({
        currency: z.string(),
        count: z.number().int(),
        income: ZMinorUnits,
        expense: ZMinorUnits,
        net: ZMinorUnits,
      }),
    ),
  }),
});

/** The most movements one export holds; a larger filtered set answers EXPORT_TOO_LARGE. */
export const TRANSACTION_EXPORT_MAX_ROWS = 100_000;

/**
 * The filtered set as a file, newest first: `format=csv` (UTF-8 with BOM, `;`, decimal comma) or `xlsx`.
 * Answers the file itself (Content-Disposition: attachment). See docs/treasury.md "Movements".
 */
export const exportTransactionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/transactions/export',
  query: ZTransactionFilters.extend({ format: z.enum(['csv', 'xlsx']) }),
  response: z.string(),
});

export const getTransactionContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/transactions/:id',
  params: ZIdParams,
  response: ZTransaction,
});

/** A manual movement: cash wallets and POS terminals (bank and card accounts come from the bank). */
export const createTransactionContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/transactions',
  body: z.strictObject({
    accountId: z.uuid(),
    bookingDate: ZIsoDate,
    amount: ZMinorUnits.refine((value) => value !== 0, 'A movement cannot be zero'),
    description: z.string().trim().min(1).max(300),
    categoryId: z.uuid().nullable().optional(),
    merchantId: z.uuid().nullable().optional(),
    notes: ZOptionalText(1000),
  }),
  response: ZTransaction,
  status: 201,
});

const ZClassification = {
  categoryId: z.uuid().nullable(),
  merchantId: z.uuid().nullable(),
  notes: z.string().trim().max(1000).nullable(),
};

export const updateTransactionContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/treasury/transactions/:id',
  params: ZIdParams,
  body: z.strictObject(ZClassification).partial(),
  response: ZTransaction,
});

/** Only manual movements can be deleted; imported ones are the bank's record. */
export const deleteTransactionContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/transactions/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const bulkUpdateTransactionsContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/transactions/bulk',
  body: z.strictObject({
    ids: z.array(z.uuid()).min(1).max(1000),
    set: z.strictObject(ZClassification).partial(),
  }),
  response: z.object({ updated: z.number().int() }),
});

/** Replaces the parts of a movement; an empty list un-splits it. Parts must sum to the movement. */
export const splitTransactionContract = defineContract({
  method: 'PUT',
  path: '/api/v1/treasury/transactions/:id/parts',
  params: ZIdParams,
  body: z.strictObject({
    parts: z
      .array(
        z.strictObject({
          amount: ZMinorUnits.refine((value) => value !== 0, 'A part cannot be zero'),
          categoryId: z.uuid().nullable(),
          description: ZOptionalText(300),
        }),
      )
      .max(50),
  }),
  response: ZTransaction,
});

/** Movements on the organization's other accounts that could be the other side of a transfer. */
export const transferCandidatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/transactions/:id/transfer-candidates',
  params: ZIdParams,
  response: z.array(ZTransaction),
});

export const linkTransferContract = defineContract({
  method: 'PUT',
  path: '/api/v1/treasury/transactions/:id/transfer',
  params: ZIdParams,
  body: z.strictObject({ counterpartId: z.uuid() }),
  response: ZTransaction,
});

export const unlinkTransferContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/transactions/:id/transfer',
  params: ZIdParams,
  response: ZTransaction,
});

// ── Documents attached to movements ─────────────────────────────────────────────────────────────

export const TRANSACTION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const ZTransactionDocument = z.object({
  id: z.string(),
  transactionId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** pdf, png, jpeg, jpg, gif can be shown in the browser (spec §5). */
  previewable: z.boolean(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionDocument = z.infer<typeof ZTransactionDocument>;

/** The file as the raw body (its name in X-File-Name); the type is sniffed from the content. */
export const addTransactionDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/transactions/:id/documents',
  params: ZIdParams,
  response: ZTransactionDocument,
  status: 201,
});

export const listTransactionDocumentsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/transactions/:id/documents',
  params: ZIdParams,
  response: z.array(ZTransactionDocument),
});

/** The file's bytes: inline for previewable types, as an attachment otherwise. */
export const transactionDocumentContentContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/documents/:id/content',
  params: ZIdParams,
  response: z.string(),
});

export const deleteTransactionDocumentContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/documents/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

// ── Statement imports ───────────────────────────────────────────────────────────────────────────

export const STATEMENT_MAX_BYTES = 64 * 1024 * 1024;
export const STATEMENT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
] as const;
export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1'] as const;

/** How the columns of a CSV/XLSX statement map to a movement (0-based column indexes). */
export const ZColumnMapping = z
  .strictObject({
    /** Rows before the header row. */
    skipRows: z.number().int().min(0).max(100).default(0),
    delimiter: z.enum([';', ',', '\t', '|']).optional(),
    encoding: z.enum(TEXT_ENCODINGS).default('utf-8'),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS),
    decimalComma: z.boolean(),
    date: z.number().int().min(0).max(200),
    valueDate: z.number().int().min(0).max(200).optional(),
    description: z.number().int().min(0).max(200),
    /** Either one signed amount column, or debit and credit columns. */
    amount: z.number().int().min(0).max(200).optional(),
    debit: z.number().int().min(0).max(200).optional(),
    credit: z.number().int().min(0).max(200).optional(),
    balance: z.number().int().min(0).max(200).optional(),
    counterparty: z.number().int().min(0).max(200).optional(),
    reference: z.number().int().min(0).max(200).optional(),
  })
  .refine(
    (mapping) =>
      mapping.amount !== undefined || (mapping.debit !== undefined && mapping.credit !== undefined),
    { message: 'Map an amount column, or both debit and credit' },
  );
export type ColumnMapping = z.infer<typeof ZColumnMapping>;

/** The raw file as body: detects the format and, for CSV/XLSX, proposes a mapping (a saved profile first). */
export const previewImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/accounts/:id/imports/preview',
  params: ZIdParams,
  /** `format` overrides detection; `mapping` (JSON of a ColumnMapping) previews CSV/XLSX as the user mapped it. */
  query: z.object({
    format: z.enum(STATEMENT_FORMATS).optional(),
    mapping: z.string().max(4000).optional(),
  }),
  response: z.object({
    format: z.enum(STATEMENT_FORMATS),
    /** For CSV/XLSX: the header and first rows, as read with `mapping`'s encoding and delimiter. */
    header: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** A saved profile that matches this file's header, or a guess; null when it cannot guess. */
    mapping: ZColumnMapping.nullable(),
    profileId: z.string().nullable(),
    /** The first movements as they would be imported (with the mapping, for CSV/XLSX). */
    entries: z.array(
      z.object({
        line: z.number().int(),
        bookingDate: z.string(),
        amount: ZMinorUnits,
        description: z.string(),
      }),
    ),
    /** Every movement the file holds (all of it is read), and the lines that would refuse it. */
    entryCount: z.number().int().optional(),
    rejected: z.array(ZImportRejection).optional(),
    /** What the file says about itself (null when it does not). */
    accountIban: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    periodFrom: ZIsoDate.nullable().optional(),
    periodTo: ZIsoDate.nullable().optional(),
    openingBalance: ZMinorUnits.nullable().optional(),
    closingBalance: ZMinorUnits.nullable().optional(),
  }),
});

/**
 * Imports the raw file (body) into the account, all or nothing. `uploadId` (client-made) is the FileId of
 * the UPDATE_UPLOAD_FILE_STATUS progress events; `mapping` (JSON) is required for CSV/XLSX without a
 * saved profile; `saveProfile` keeps it for the next file of that bank. A refused file answers 422
 * STATEMENT_REJECTED with `details.rejected`.
 */
export const importStatementContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/accounts/:id/imports',
  params: ZIdParams,
  query: z.object({
    uploadId: z.uuid().optional(),
    format: z.enum(STATEMENT_FORMATS).optional(),
    mapping: z.string().max(4000).optional(),
    saveProfile: ZQueryBoolean.optional(),
    profileName: z.string().trim().max(100).optional(),
  }),
  response: ZImportResult,
  status: 201,
});

export const listImportsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/accounts/:id/imports',
  params: ZIdParams,
  response: z.array(ZImportResult),
});

export const ZImportProfile = z.object({
  id: z.string(),
  name: z.string(),
  accountId: z.string().nullable(),
  header: z.array(z.string()),
  mapping: ZColumnMapping,
  updatedAt: z.string(),
});

export const listImportProfilesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/import-profiles',
  response: z.array(ZImportProfile),
});

export const deleteImportProfileContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/import-profiles/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

// ── Categories and merchants ────────────────────────────────────────────────────────────────────

export const listCategoriesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/categories',
  response: z.array(ZCategory),
});

export const createCategoryContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/categories',
  body: z.strictObject({
    kind: z.enum(CATEGORY_KINDS),
    name: ZName,
    parentId: z.uuid().nullable().optional(),
    accountCode: ZOptionalText(20),
  }),
  response: ZCategory,
  status: 201,
});

export const updateCategoryContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/treasury/categories/:id',
  params: ZIdParams,
  body: z
    .strictObject({
      name: ZName,
      parentId: z.uuid().nullable(),
      accountCode: z.string().trim().max(20).nullable(),
      archived: z.boolean(),
    })
    .partial(),
  response: ZCategory,
});

/** Deletes an unused category; one in use is archived instead (`archived: true` in the answer). */
export const deleteCategoryContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/categories/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.boolean(), archived: z.boolean() }),
});

export const listMerchantsContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/merchants',
  response: z.array(ZMerchant),
});

const ZMerchantFields = {
  name: ZName,
  vatNumber: ZOptionalText(20),
  defaultCategoryId: z.uuid().nullable().optional(),
};

export const createMerchantContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/merchants',
  body: z.strictObject(ZMerchantFields),
  response: ZMerchant,
  status: 201,
});

export const updateMerchantContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/treasury/merchants/:id',
  params: ZIdParams,
  body: z.strictObject(ZMerchantFields).partial(),
  response: ZMerchant,
});

export const deleteMerchantContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/merchants/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

// ── Rules ───────────────────────────────────────────────────────────────────────────────────────

const ZRuleBody = {
  name: ZName,
  priority: z.number().int().min(0).max(10_000),
  enabled: z.boolean(),
  conditions: z.array(ZRuleCondition).min(1).max(20),
  actions: ZRuleActions,
};

export const listRulesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/rules',
  response: z.array(ZRule),
});

export const createRuleContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/rules',
  body: z.strictObject({
    ...ZRuleBody,
    priority: ZRuleBody.priority.default(100),
    enabled: ZRuleBody.enabled.default(true),
  }),
  response: ZRule,
  status: 201,
});

export const updateRuleContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/treasury/rules/:id',
  params: ZIdParams,
  body: z.strictObject(ZRuleBody).partial(),
  response: ZRule,
});

export const deleteRuleContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/rules/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

/** How many existing movements the conditions match, with a few of them. */
export const previewRuleContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/rules/preview',
  body: z.strictObject({ conditions: z.array(ZRuleCondition).min(1).max(20) }),
  response: z.object({ matched: z.number().int(), sample: z.array(ZTransaction) }),
});

/** Runs a rule over history ("apply to existing"); `overwrite` also re-classifies categorised movements. */
export const applyRuleContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/rules/:id/apply',
  params: ZIdParams,
  body: z.strictObject({ overwrite: z.boolean().default(false) }),
  response: z.object({ matched: z.number().int(), updated: z.number().int() }),
});

// ── Point of sale ───────────────────────────────────────────────────────────────────────────────

export const ZPosBatch = z.object({
  id: z.string(),
  accountId: z.string(),
  batchDate: ZIsoDate,
  reference: z.string(),
  salesCount: z.number().int(),
  gross: ZMinorUnits,
  fees: ZMinorUnits,
  net: ZMinorUnits,
  currency: z.string(),
  expectedSettlementDate: ZIsoDate.nullable(),
  /** The bank movement that carried the settlement, once matched. */
  settlementTransactionId: z.string().nullable(),
  settlementAccountId: z.string().nullable(),
  settlementDate: ZIsoDate.nullable(),
});
export type PosBatch = z.infer<typeof ZPosBatch>;

export const listPosBatchesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/pos/batches',
  query: z.object({
    accountIds: ZUuidList.optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    settled: ZQueryBoolean.optional(),
  }),
  response: z.object({
    items: z.array(ZPosBatch),
    totals: z.array(
      z.object({
        currency: z.string(),
        salesCount: z.number().int(),
        gross: ZMinorUnits,
        fees: ZMinorUnits,
        net: ZMinorUnits,
        settled: ZMinorUnits,
        pending: ZMinorUnits,
      }),
    ),
  }),
});

export const createPosBatchContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/pos/batches',
  body: z.strictObject({
    accountId: z.uuid(),
    batchDate: ZIsoDate,
    reference: z.string().trim().min(1).max(100),
    salesCount: z.number().int().min(0).max(1_000_000),
    gross: ZMinorUnits,
    fees: ZMinorUnits,
    expectedSettlementDate: ZIsoDate.nullable().optional(),
  }),
  response: ZPosBatch,
  status: 201,
});

/** The acquirer's settlement report (CSV) as the raw body; all or nothing, duplicates by reference skipped. */
export const importPosBatchesContract = defineContract({
  method: 'POST',
  path: '/api/v1/treasury/pos/accounts/:id/imports',
  params: ZIdParams,
  response: z.object({
    imported: z.number().int(),
    duplicates: z.number().int(),
    matched: z.number().int(),
  }),
  status: 201,
});

/** Bank movements that could carry a batch's settlement (net amount, a few days after). */
export const posSettlementCandidatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/treasury/pos/batches/:id/candidates',
  params: ZIdParams,
  response: z.array(ZTransaction),
});

export const matchPosSettlementContract = defineContract({
  method: 'PUT',
  path: '/api/v1/treasury/pos/batches/:id/settlement',
  params: ZIdParams,
  body: z.strictObject({ transactionId: z.uuid() }),
  response: ZPosBatch,
});

export const unmatchPosSettlementContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/treasury/pos/batches/:id/settlement',
  params: ZIdParams,
  response: ZPosBatch,
});

import { z } from 'zod';
import { defineContract } from '../contract.ts';

// Automatic posting (modules/accounting/posting on the server): which account each role, product
// type, VAT rate, treasury category and billing product posts to — the organization's choice or the
// chart's default — and the catch-up that posts what was recorded before accounting (postPending).

/** The roles automatic posting uses (accounting_settings.default_accounts keys). */
export const POSTING_ROLES = [
  'customers',
  'suppliers',
  'bank',
  'cash',
  'salesGoods',
  'salesServices',
  'vatOutput',
  'vatInput',
  'withholdingSuffered',
  'withholdingToPay',
  'purchases',
  'otherIncome',
  'otherExpense',
] as const;
export type PostingRole = (typeof POSTING_ROLES)[number];

/** SAF-T ProductType. */
export const POSTING_PRODUCT_TYPES = ['P', 'S', 'O', 'E', 'I'] as const;

/** What a mapping maps: a role, a product type, a VAT rate of a region (sales or purchases), a category, a product. */
export const MAPPING_KINDS = ['role', 'productType', 'vatOutput', 'vatInput', 'category', 'product'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];

/** An account code of the chart: digits only. */
export const ZPostingAccountCode = z
  .string()
  .trim()
  .regex(/^\d{1,30}$/);

export const ZMappingRow = z.object({
  kind: z.enum(MAPPING_KINDS),
  /** role name, product type, "PT:2300" (region:basis points), or the category's / product's id. */
  key: z.string(),
  /** What the row is: the role, the product's code and description, the category's name… */
  label: z.string(),
  /** category kind (income/expense), product type, or null. */
  detail: z.string().nullable(),
  /** The organization's choice, or null when the default applies. */
  accountCode: z.string().nullable(),
  /** What applies without a choice. */
  defaultCode: z.string(),
});
export type MappingRow = z.infer<typeof ZMappingRow>;

export const ZPostingMappings = z.object({
  chart: z.enum(['SNC', 'PGC']),
  rows: z.array(ZMappingRow),
  /** The accounts that take entries (GM), for the account pickers. */
  accounts: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PostingMappings = z.infer<typeof ZPostingMappings>;

export const listPostingMappingsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/posting/mappings',
  response: ZPostingMappings,
});

export const setPostingMappingContract = defineContract({
  method: 'PUT',
  path: '/api/v1/accounting/posting/mappings',
  body: z.strictObject({
    kind: z.enum(MAPPING_KINDS),
    key: z.string().trim().min(1).max(64),
    /** null: back to the default. */
    accountCode: ZPostingAccountCode.nullable(),
  }),
  response: ZMappingRow,
});

export const postPendingContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/posting/pending',
  response: z.object({ posted: z.number().int() }),
});

import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { SERIES_TYPES } from './series.ts';

// Billing calls: parties, products, series and sales documents. Money is integer cents; unit prices
// × 10,000 and quantities × 1,000 (see document-totals.ts).

const ZIdParams = z.object({ id: z.uuid() });
const ZIsoDate = z.iso.date();
const ZCents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** PT sales documents and receipts, and the working documents (quotes, pro formas). */
export const SALES_DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'NC', 'ND'] as const;
export const WORKING_DOCUMENT_TYPES = ['OR', 'PF'] as const;
/** Receipts (SAF-T Payments): RC under the VAT cash regime, RG otherwise. Issued only by recording a payment. */
export const RECEIPT_DOCUMENT_TYPES = ['RC', 'RG'] as const;
export const DOCUMENT_TYPES = [
  ...SALES_DOCUMENT_TYPES,
  ...WORKING_DOCUMENT_TYPES,
  ...RECEIPT_DOCUMENT_TYPES,
] as const;
/** SAF-T PaymentMechanism codes. */
export const PAYMENT_METHODS = [
  'CC',
  'CD',
  'CH',
  'CI',
  'CO',
  'CS',
  'DE',
  'LC',
  'MB',
  'NU',
  'OU',
  'PR',
  'TB',
  'TR',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type BillingDocumentType = (typeof DOCUMENT_TYPES)[number];
export const PRODUCT_TYPES = ['P', 'S', 'O', 'E', 'I'] as const;
export const TAX_CODES = ['NOR', 'INT', 'RED', 'ISE'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

export const ZParty = z.object({
  id: z.string(),
  isCustomer: z.boolean(),
  isSupplier: z.boolean(),
  name: z.string(),
  taxId: z.string(),
  country: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  language: z.string(),
  archived: z.boolean(),
  /** The treasury merchant standing for this party on bank movements (linked when recognised there). */
  merchantId: z.string().nullable().optional(),
});
export type Party = z.infer<typeof ZParty>;

const ZText = (max: number) => z.string().trim().max(max).nullable().optional();

const ZPartyFields = {
  isCustomer: z.boolean(),
  isSupplier: z.boolean(),
  name: z.string().trim().min(1).max(200),
  /** Checked with the country's tax-number rule; 999999990 is the PT final consumer. */
  taxId: z.string().trim().min(1).max(30),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  address: ZText(200),
  postalCode: ZText(20),
  city: ZText(100),
  email: z.email().nullable().optional(),
  phone: ZText(30),
  iban: ZText(42),
  paymentTermsDays: z.number().int().min(0).max(365),
  language: z.enum(['gb', 'pt', 'es', 'fr']),
};

export const listPartiesContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/parties',
  query: z.object({
    q: z.string().trim().max(100).optional(),
    role: z.enum(['customer', 'supplier']).optional(),
  }),
  response: z.array(ZParty),
});
export const createPartyContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/parties',
  body: z.strictObject({
    ...ZPartyFields,
    isCustomer: ZPartyFields.isCustomer.default(true),
    isSupplier: ZPartyFields.isSupplier.default(false),
    paymentTermsDays: ZPartyFields.paymentTermsDays.default(30),
    language: ZPartyFields.language.default('pt'),
  }),
  response: ZParty,
  status: 201,
});
export const updatePartyContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/parties/:id',
  params: ZIdParams,
  body: z
    .strictObject({
      ...ZPartyFields,
      archived: z.boolean(),
      /** Only undone here: a link to a bank merchant is made when a movement recognises the party. */
      merchantId: z.null(),
    })
    .partial(),
  response: ZParty,
});

export const ZProduct = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  unit: z.string(),
  unitPrice: z.number().int(),
  taxCode: z.enum(TAX_CODES),
  exemptionCode: z.string().nullable(),
  archived: z.boolean(),
});
export type Product = z.infer<typeof ZProduct>;

const ZExemptionCode = z
  .string()
  .trim()
  .regex(/^M\d{2}$/);

const ZProductFields = {
  code: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^\s]+$/),
  description: z.string().trim().min(1).max(200),
  productType: z.enum(PRODUCT_TYPES),
  unit: z.string().trim().min(1).max(20),
  unitPrice: z.number().int().min(0).max(1e15),
  taxCode: z.enum(TAX_CODES),
  exemptionCode: ZExemptionCode.nullable().optional(),
};

export const listProductsContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/products',
  response: z.array(ZProduct),
});
export const createProductContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/products',
  body: z.strictObject({ ...ZProductFields, unit: ZProductFields.unit.default('UN') }),
  response: ZProduct,
  status: 201,
});
export const updateProductContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/products/:id',
  params: ZIdParams,
  body: z.strictObject({ ...ZProductFields, archived: z.boolean() }).partial(),
  response: ZProduct,
});

export const ZSeries = z.object({
  id: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  code: z.string(),
  seriesType: z.enum(SERIES_TYPES),
  validationCode: z.string().nullable(),
  nextNumber: z.number().int(),
  closed: z.boolean(),
});
export type Series = z.infer<typeof ZSeries>;

export const listSeriesContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/series',
  response: z.array(ZSeries),
});
export const createSeriesContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/series',
  body: z.strictObject({
    documentType: z.enum(DOCUMENT_TYPES),
    code: z.string().trim().min(1).max(35),
    seriesType: z.enum(SERIES_TYPES),
    /** The AT validation code, when the series is already registered. */
    validationCode: z.string().trim().max(50).nullable().optional(),
  }),
  response: ZSeries,
  status: 201,
});
/** Records the AT validation code of a series (once; ATCUD needs it before the first document). */
export const registerSeriesContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/series/:id',
  params: ZIdParams,
  body: z.strictObject({
    validationCode: z.string().trim().max(50).optional(),
    closed: z.boolean().optional(),
  }),
  response: ZSeries,
});

export const ZDocumentLine = z.object({
  position: z.number().int(),
  productId: z.string().nullable(),
  productCode: z.string(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discountBasisPoints: z.number().int(),
  taxRegion: z.string(),
  taxCode: z.enum(TAX_CODES),
  vatBasisPoints: z.number().int(),
  exemptionCode: z.string().nullable(),
  subjectToWithholding: z.boolean(),
  net: ZCents,
});

export const ZTaxLine = z.object({
  taxRegion: z.string(),
  vatBasisPoints: z.number().int(),
  exemptionCode: z.string().nullable(),
  base: ZCents,
  vat: ZCents,
});

export const ZBillingDocument = z.object({
  id: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  seriesId: z.string(),
  state: z.enum(['draft', 'issued']),
  /** N normal, A cancelled, F invoiced (working documents); null for drafts. */
  status: z.string().nullable(),
  number: z.number().int().nullable(),
  documentNumber: z.string().nullable(),
  atcud: z.string().nullable(),
  partyId: z.string(),
  partyName: z.string(),
  partyTaxId: z.string(),
  documentDate: ZIsoDate,
  dueDate: ZIsoDate.nullable(),
  systemEntryAt: z.string().nullable(),
  taxRegion: z.string(),
  currency: z.string(),
  /** Units of the document currency per EUR on the document date, as a decimal string ("1" for EUR). */
  exchangeRate: z.string(),
  /** The language the document prints in (gb, pt, es, fr). */
  language: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  mbEntity: z.string().nullable(),
  mbReference: z.string().nullable(),
  emailedAt: z.string().nullable(),
  scheduleId: z.string().nullable(),
  lines: z.array(ZDocumentLine),
  taxes: z.array(ZTaxLine),
  netTotal: ZCents,
  taxPayable: ZCents,
  grossTotal: ZCents,
  withholding: ZCents,
  /** The withholding rate on the lines subject to it (2500 = 25 %). */
  withholdingBasisPoints: z.number().int().optional(),
  payable: ZCents,
  settled: ZCents,
  hash: z.string().nullable(),
  /** Characters 1, 11, 21 and 31 of the hash, as printed. */
  hashCharacters: z.string().nullable(),
  hashControl: z.string().nullable(),
  qrCode: z.string().nullable(),
  referenceDocumentId: z.string().nullable(),
  reason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type BillingDocument = z.infer<typeof ZBillingDocument>;

const ZDocumentLineInput = z.strictObject({
  productId: z.uuid().nullable().optional(),
  /** Required without a product; a product's code and description are used otherwise. */
  description: z.string().trim().min(1).max(300).optional(),
  quantity: z.number().int().min(1).max(1e12),
  /** Defaults to the product's price. */
  unitPrice: z.number().int().min(0).max(1e15).optional(),
  discountBasisPoints: z.number().int().min(0).max(10_000).default(0),
  /** Defaults to the product's tax code, else NOR. */
  taxCode: z.enum(TAX_CODES).optional(),
  exemptionCode: ZExemptionCode.nullable().optional(),
  subjectToWithholding: z.boolean().default(false),
});

const ZDocumentFields = {
  partyId: z.uuid(),
  documentDate: ZIsoDate,
  dueDate: ZIsoDate.nullable().optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** The tax region of the sale: PT, PT-AC, PT-MA or AO; defaults from the organization. */
  taxRegion: z.enum(['PT', 'PT-AC', 'PT-MA', 'AO']).optional(),
  lines: z.array(ZDocumentLineInput).min(1).max(500),
  withholdingBasisPoints: z.number().int().min(0).max(10_000).default(0),
  referenceDocumentId: z.uuid().nullable().optional(),
  /** Why a credit or debit note corrects the referenced document. */
  reason: z.string().trim().max(300).nullable().optional(),
  /**
   * How an invoice-receipt (FR, cash by default) or a simplified invoice paid at the counter (FS) was paid:
   * it is settled when issued. Null on an FS: paid later, like an invoice.
   */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
  notes: z.string().trim().max(1000).nullable().optional(),
};

/** A draft, or an issued document at once with `issue: true`. Send an Idempotency-Key header. */
export const createDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents',
  body: z.strictObject({ seriesId: z.uuid(), issue: z.boolean().default(false), ...ZDocumentFields }),
  response: ZBillingDocument,
  status: 201,
});
/** Drafts only: an issued document never changes. */
export const updateDocumentContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/documents/:id',
  params: ZIdParams,
  body: z.strictObject(ZDocumentFields).partial(),
  response: ZBillingDocument,
});
export const deleteDocumentContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/billing/documents/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});
export const issueDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/issue',
  params: ZIdParams,
  response: ZBillingDocument,
});
/** Keeps the document, with status A and the reason. */
export const cancelDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/cancel',
  params: ZIdParams,
  body: z.strictObject({ reason: z.string().trim().min(3).max(300) }),
  response: ZBillingDocument,
});
export const getDocumentContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/documents/:id',
  params: ZIdParams,
  response: ZBillingDocument,
});
export const listDocumentsContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/documents',
  query: z.object({
    documentType: z.enum(DOCUMENT_TYPES).optional(),
    partyId: z.uuid().optional(),
    state: z.enum(['draft', 'issued']).optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(ZBillingDocument), nextCursor: z.string().nullable() }),
});

/**
 * What the issued, not cancelled, sales documents the list's filters select add up to, per currency —
 * all of them, not only the pages loaded: invoiced with credit notes subtracted, and still to receive.
 */
export const documentsTotalsContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/documents/totals',
  query: listDocumentsContract.query.omit({ cursor: true, limit: true }),
  response: z.object({
    totals: z.array(
      z.object({
        currency: z.string(),
        count: z.number().int(),
        gross: ZCents,
        outstanding: ZCents,
      }),
    ),
  }),
});

/** The key that signs documents: public, so anyone can verify a chain with openssl. */
export const signingKeyContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/signing-key',
  response: z.object({
    publicKey: z.string(),
    keyVersion: z.string(),
    certificateNumber: z.string(),
    certified: z.boolean(),
  }),
});

// Calls several parts of billing share: the documents screen sends, prints and records payments
// through them; the payments part implements them (the PDF part implements `send`).

/** E-mails the document's PDF to the party (or to `to`), and records when. */
export const sendDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/send',
  params: ZIdParams,
  body: z.strictObject({
    to: z.email().optional(),
    message: z.string().trim().max(2000).optional(),
  }),
  response: z.object({ sentTo: z.string(), emailedAt: z.string() }),
});

export const ZBillingPaymentAllocation = z.object({
  documentId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  /** The settled document's number, as printed. */
  documentNumber: z.string(),
  amount: ZCents,
});

export const ZBillingPayment = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  partyId: z.string(),
  partyName: z.string(),
  /** The receipt issued for an incoming payment. */
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  paymentDate: ZIsoDate,
  currency: z.string(),
  amount: ZCents,
  method: z.enum(PAYMENT_METHODS),
  /** The bank movement that carried the money. */
  transactionId: z.string().nullable(),
  allocations: z.array(ZBillingPaymentAllocation),
  /** Cancelled payments keep their row; their receipt has status A. */
  cancelled: z.boolean(),
  createdAt: z.string(),
});
export type BillingPayment = z.infer<typeof ZBillingPayment>;

const ZPaymentFields = {
  paymentDate: ZIsoDate,
  method: z.enum(PAYMENT_METHODS),
  /** The bank movement that carried the money, when known. */
  transactionId: z.uuid().nullable().optional(),
};

/** Records money received for one document (the receipt is issued) — Idempotency-Key required. */
export const recordDocumentPaymentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/payments',
  params: ZIdParams,
  body: z.strictObject({ ...ZPaymentFields, amount: z.number().int().min(1).max(1e15) }),
  response: ZBillingPayment,
  status: 201,
});

/**
 * One payment settling several documents (in: sales documents, a receipt is issued) or purchases
 * (out) — Idempotency-Key required. The allocations add up to the amount.
 */
export const recordPaymentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/payments',
  body: z.strictObject({
    ...ZPaymentFields,
    direction: z.enum(['in', 'out']),
    partyId: z.uuid(),
    amount: z.number().int().min(1).max(1e15),
    allocations: z
      .array(
        z.strictObject({
          documentId: z.uuid().optional(),
          purchaseId: z.uuid().optional(),
          amount: z.number().int().min(1).max(1e15),
        }),
      )
      .min(1)
      .max(200),
  }),
  response: ZBillingPayment,
  status: 201,
});

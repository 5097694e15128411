import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZParty } from './contracts.ts';

// Supplier documents (payables): entered by hand or prefilled from the AT QR code printed on them.
// Money is integer cents of the document's currency. Payments of purchases are recorded through the
// payments part (`recordPaymentContract`, direction `out`); a purchase only shows what is settled.

const ZIdParams = z.object({ id: z.uuid() });
const ZIsoDate = z.iso.date();
const ZCents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const ZAmount = z.number().int().min(0).max(1e15);

/** The supplier documents that make a payable (SAF-T InvoiceType of the issuer). */
export const PURCHASE_DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'NC', 'ND'] as const;
export type PurchaseDocumentType = (typeof PURCHASE_DOCUMENT_TYPES)[number];
/**
 * How a purchase's base is taxed: SAF-T TaxCode NOR, INT, RED, ISE (exempt, QR field I2), and NS for
 * what the QR code calls "not subject" (field L).
 */
export const PURCHASE_TAX_CODES = ['NOR', 'INT', 'RED', 'ISE', 'NS'] as const;
export type PurchaseTaxCode = (typeof PURCHASE_TAX_CODES)[number];
/** Largest file (photo or PDF) a purchase keeps. */
export const PURCHASE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The file types a purchase keeps, as sniffed from the bytes. */
export const PURCHASE_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** PT, PT-AC, PT-MA, AO or another country's code (an EU supplier's QR code may name its own). */
const ZTaxRegion = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[A-Z]{2})?$/);

export const ZPurchaseTax = z.object({
  taxRegion: z.string(),
  taxCode: z.enum(PURCHASE_TAX_CODES),
  vatBasisPoints: z.number().int(),
  base: ZCents,
  vat: ZCents,
});
export type PurchaseTax = z.infer<typeof ZPurchaseTax>;

export const ZPurchase = z.object({
  id: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  partyTaxId: z.string(),
  documentType: z.enum(PURCHASE_DOCUMENT_TYPES),
  documentNumber: z.string(),
  atcud: z.string().nullable(),
  documentDate: ZIsoDate,
  dueDate: ZIsoDate.nullable(),
  currency: z.string(),
  taxes: z.array(ZPurchaseTax),
  /** Stamp duty (QR field M), part of `taxPayable`. */
  stampDuty: ZCents,
  netTotal: ZCents,
  taxPayable: ZCents,
  grossTotal: ZCents,
  withholding: ZCents,
  /** What is owed to the supplier: gross total less withholding. */
  payable: ZCents,
  settled: ZCents,
  /** payable − settled (0 once cancelled). */
  outstanding: ZCents,
  state: z.enum(['open', 'cancelled']),
  qrCode: z.string().nullable(),
  file: z.object({ fileName: z.string(), contentType: z.string() }).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof ZPurchase>;

const ZPurchaseTaxInput = z.strictObject({
  taxRegion: ZTaxRegion,
  taxCode: z.enum(PURCHASE_TAX_CODES),
  /** Defaults to the region's rate on the document date (home regions) or the rate base and VAT imply. */
  vatBasisPoints: z.number().int().min(0).max(10_000).optional(),
  base: ZAmount,
  vat: ZAmount.default(0),
});

/** An unknown supplier, created with the party rules (tax number checked) when the purchase is saved. */
const ZNewSupplier = z.strictObject({
  name: z.string().trim().min(1).max(200),
  taxId: z.string().trim().min(1).max(30),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
});

const ZPurchaseFields = {
  documentType: z.enum(PURCHASE_DOCUMENT_TYPES),
  documentNumber: z.string().trim().min(1).max(60),
  atcud: z.string().trim().max(100).nullable().optional(),
  documentDate: ZIsoDate,
  dueDate: ZIsoDate.nullable().optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  taxes: z.array(ZPurchaseTaxInput).max(30),
  stampDuty: ZAmount.default(0),
  /** Must equal the bases plus VAT and stamp duty: checked, never recomputed silently. */
  grossTotal: ZAmount,
  withholding: ZAmount.default(0),
  notes: z.string().trim().max(1000).nullable().optional(),
};

/**
 * Records a supplier document — Idempotency-Key required. The supplier is `partyId` (a party marked
 * as supplier) or `supplier` (found by tax number, else created).
 */
export const createPurchaseContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/purchases',
  body: z.strictObject({
    ...ZPurchaseFields,
    partyId: z.uuid().optional(),
    supplier: ZNewSupplier.optional(),
    /** The AT QR string the document was read from. */
    qrCode: z.string().trim().max(2000).nullable().optional(),
  }),
  response: ZPurchase,
  status: 201,
});

/** Only while nothing is paid; sending `taxes` or `stampDuty` needs `grossTotal` checked again. */
export const updatePurchaseContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/purchases/:id',
  params: ZIdParams,
  body: z
    .strictObject({
      ...ZPurchaseFields,
      taxes: ZPurchaseFields.taxes.optional(),
      stampDuty: ZAmount.optional(),
      grossTotal: ZAmount.optional(),
      withholding: ZAmount.optional(),
    })
    .partial(),
  response: ZPurchase,
});

export const cancelPurchaseContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/purchases/:id/cancel',
  params: ZIdParams,
  response: ZPurchase,
});

export const getPurchaseContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/purchases/:id',
  params: ZIdParams,
  response: ZPurchase,
});

export const listPurchasesContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/purchases',
  query: z.object({
    partyId: z.uuid().optional(),
    state: z.enum(['open', 'cancelled']).optional(),
    /** Only what still has something to pay. */
    openOnly: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(ZPurchase), nextCursor: z.string().nullable() }),
});

/** The file as the raw body (its name, percent-encoded, in X-File-Name); the type is sniffed. */
export const attachPurchaseFileContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/purchases/:id/file',
  params: ZIdParams,
  response: ZPurchase,
});

/** The attached file's bytes (inline: PDFs and images). */
export const purchaseFileContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/purchases/:id/file',
  params: ZIdParams,
  response: z.string(),
});

/** What the reading of a QR code noticed, for the user to check before saving. */
export const PURCHASE_QR_WARNINGS = [
  /** Field B is not the organization's tax number: the document was issued to someone else. */
  'BUYER_NOT_ORGANIZATION',
  /** Field E says the document is cancelled (A). */
  'DOCUMENT_CANCELLED',
  /** Field D is not a payable document (a quote, pro forma, transport document…). */
  'NOT_A_PAYABLE',
  /** N or O do not add up with the bases and VAT. */
  'TOTALS_MISMATCH',
  /** This supplier's document with this number is already recorded. */
  'ALREADY_RECORDED',
] as const;
export type PurchaseQrWarning = (typeof PURCHASE_QR_WARNINGS)[number];

export const ZPurchasePrefill = z.object({
  qrCode: z.string(),
  issuerTaxId: z.string(),
  issuerCountry: z.string(),
  /** The organization's supplier with the issuer's tax number, when there is one. */
  supplier: ZParty.nullable(),
  buyerTaxId: z.string(),
  buyerCountry: z.string(),
  /** Null when the QR code's type is not a payable one (warning NOT_A_PAYABLE). */
  documentType: z.enum(PURCHASE_DOCUMENT_TYPES).nullable(),
  documentNumber: z.string(),
  atcud: z.string(),
  documentDate: ZIsoDate,
  currency: z.string(),
  taxes: z.array(ZPurchaseTax),
  stampDuty: ZCents,
  netTotal: ZCents,
  taxPayable: ZCents,
  grossTotal: ZCents,
  withholding: ZCents,
  warnings: z.array(z.enum(PURCHASE_QR_WARNINGS)),
  /** The purchase already recorded for this document (warning ALREADY_RECORDED). */
  existingPurchaseId: z.string().nullable(),
});
export type PurchasePrefill = z.infer<typeof ZPurchasePrefill>;

/**
 * Reads a supplier document's AT QR string into a prefill. A malformed string answers QR_CODE_INVALID;
 * an issuer NIF failing the PT check digit, INVALID_VAT_NUMBER.
 */
export const readPurchaseQrContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/purchases/read-qr',
  body: z.strictObject({ qrCode: z.string().trim().min(1).max(2000) }),
  response: ZPurchasePrefill,
});

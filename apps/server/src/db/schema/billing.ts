import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, money, organizationId as orgId } from './columns.ts';
import { users } from './core.ts';
import { treasuryMerchants } from './treasury.ts';

// Billing: the organization's customers and suppliers, products, document series and the sales
// documents issued under them. Amounts are integer cents of the document's currency (bigint); unit
// prices carry 4 decimals (× 10,000) and quantities 3 (× 1,000). Issued documents are never updated
// except for their status (cancellation) and payment state — the hash chain would break otherwise.

/** A customer, a supplier, or both. */
export const billingParties = pgTable(
  'billing_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    isCustomer: boolean('is_customer').notNull().default(true),
    isSupplier: boolean('is_supplier').notNull().default(false),
    name: text('name').notNull(),
    /** Tax id as entered, without the country prefix; 999999990 is the PT final consumer. */
    taxId: text('tax_id').notNull(),
    country: char('country', { length: 2 }).notNull(),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    email: text('email'),
    phone: text('phone'),
    iban: text('iban'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** The language documents are written in for this party (gb, pt, es, fr). */
    language: text('language').notNull().default('pt'),
    /** The treasury merchant that stands for this party on bank movements. */
    merchantId: uuid('merchant_id').references(() => treasuryMerchants.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_parties_organization_idx').on(t.organizationId, t.name),
    uniqueIndex('billing_parties_tax_id_key')
      .on(t.organizationId, t.country, t.taxId)
      .where(sql`tax_id NOT IN ('999999990', '999999999')`),
  ],
);

/** A product or service sold (SAF-T ProductType P, S, O, E, I). */
export const billingProducts = pgTable(
  'billing_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    productType: char('product_type', { length: 1 }).notNull(),
    unit: text('unit').notNull().default('UN'),
    /** Unit price × 10,000, without VAT. */
    unitPrice: money('unit_price').notNull(),
    /** SAF-T TaxCode: NOR, INT, RED, ISE (the rate follows the region and the date). */
    taxCode: text('tax_code').notNull().default('NOR'),
    exemptionCode: text('exemption_code'),
    archived: boolean('archived').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_products_code_key').on(t.organizationId, t.code),
    check('billing_products_type_check', sql`${t.productType} IN ('P', 'S', 'O', 'E', 'I')`),
    check('billing_products_tax_code_check', sql`${t.taxCode} IN ('NOR', 'INT', 'RED', 'ISE')`),
  ],
);

/**
 * A document series: numbering and the hash chain run per series and document type. `nextNumber` and
 * `lastHash` move only inside the transaction that issues a document, under this row's lock, so the
 * numbering is gapless and strictly increasing whatever the concurrency.
 */
export const billingSeries = pgTable(
  'billing_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    documentType: text('document_type').notNull(),
    /** The series identifier (≤ 35 characters from [A-Za-z0-9._-]). */
    code: text('code').notNull(),
    /** N normal, F training (formação), R recovery. */
    seriesType: char('series_type', { length: 1 }).notNull(),
    /** The AT's validation code, once the series is registered; ATCUD needs it. */
    validationCode: text('validation_code'),
    nextNumber: integer('next_number').notNull().default(1),
    lastHash: text('last_hash').notNull().default(''),
    /** The last issued document's date and system entry time: a new one cannot be earlier. */
    lastDocumentDate: date('last_document_date', { mode: 'string' }),
    lastSystemEntryAt: at('last_system_entry_at'),
    closed: boolean('closed').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_series_code_key').on(t.organizationId, t.documentType, t.code),
    check('billing_series_type_check', sql`${t.seriesType} IN ('N', 'F', 'R')`),
  ],
);

/**
 * A sales document or receipt. A draft has no number; issuing fixes number, date, system entry time,
 * hash and QR code, after which only `status` (A, with the reason) and the settled amount change.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    documentType: text('document_type').notNull(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => billingSeries.id, { onDelete: 'restrict' }),
    /** draft | issued */
    state: text('state').notNull().default('draft'),
    /** SAF-T status once issued: N normal, A cancelled, F invoiced (working documents). */
    status: char('status', { length: 1 }),
    number: integer('number'),
    documentNumber: text('document_number'),
    atcud: text('atcud'),
    partyId: uuid('party_id')
      .notNull()
      .references(() => billingParties.id, { onDelete: 'restrict' }),
    /** The party as it was when the document was issued (name, tax id, country, address). */
    partySnapshot: jsonb('party_snapshot'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    systemEntryAt: at('system_entry_at'),
    /** The tax region of the sale (PT, PT-AC, PT-MA, AO): every line is taxed at its rates. */
    taxRegion: text('tax_region').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Units of the document currency per EUR on the document date (1 for EUR). */
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }).notNull().default('1'),
    netTotal: money('net_total').notNull().default(0),
    taxPayable: money('tax_payable').notNull().default(0),
    grossTotal: money('gross_total').notNull().default(0),
    withholding: money('withholding').notNull().default(0),
    withholdingBasisPoints: integer('withholding_basis_points').notNull().default(0),
    /** What has been paid or credited against it so far (cents). */
    settled: money('settled').notNull().default(0),
    hash: text('hash'),
    hashControl: text('hash_control'),
    qrCode: text('qr_code'),
    /** The document a credit or debit note corrects, or the working document this one invoices. */
    referenceDocumentId: uuid('reference_document_id'),
    reason: text('reason'),
    cancelReason: text('cancel_reason'),
    cancelledAt: at('cancelled_at'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_documents_number_key').on(t.seriesId, t.number),
    index('billing_documents_list_idx').on(t.organizationId, t.documentDate, t.id),
    index('billing_documents_party_idx').on(t.organizationId, t.partyId),
    check('billing_documents_state_check', sql`${t.state} IN ('draft', 'issued')`),
    check(
      'billing_documents_issued_check',
      sql`${t.state} = 'draft' OR (${t.number} IS NOT NULL AND ${t.hash} IS NOT NULL AND ${t.systemEntryAt} IS NOT NULL)`,
    ),
  ],
);

export const billingDocumentLines = pgTable(
  'billing_document_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => billingProducts.id, { onDelete: 'set null' }),
    productCode: text('product_code').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull().default('UN'),
    /** × 1,000 */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** × 10,000, without VAT */
    unitPrice: money('unit_price').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    taxRegion: text('tax_region').notNull(),
    taxCode: text('tax_code').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    exemptionCode: text('exemption_code'),
    subjectToWithholding: boolean('subject_to_withholding').notNull().default(false),
    /** The line's net in cents, rounded once. */
    net: money('net').notNull(),
  },
  (t) => [uniqueIndex('billing_document_lines_position_key').on(t.documentId, t.position)],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { organizations, users } from './core.ts';
import { treasuryMerchants, treasuryTransactions } from './treasury.ts';

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
    /** The language the document is printed in (the party's, fixed at issue): gb, pt, es, fr. */
    language: text('language').notNull().default('pt'),
    /** SAF-T PaymentMechanism of a receipt or a document paid at once (FR, FS): NU, TB, CC, MB… */
    paymentMethod: text('payment_method'),
    /** Multibanco entity and reference printed for payment, when the organization configures one. */
    mbEntity: text('mb_entity'),
    mbReference: text('mb_reference'),
    /** When the document was last sent by e-mail. */
    emailedAt: at('emailed_at'),
    /** The recurring schedule that produced this document, if any. */
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => billingSchedules.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_documents_number_key').on(t.seriesId, t.number),
    index('billing_documents_list_idx').on(t.organizationId, t.documentDate, t.id),
    index('billing_documents_party_idx').on(t.organizationId, t.partyId),
    /** The credit notes of a document: the current account's aging sums them per document (dashboards). */
    index('billing_documents_reference_idx').on(t.organizationId, t.referenceDocumentId),
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

/** The organization's billing settings (one row per organization, created on first save). */
export const billingSettings = pgTable('billing_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** The Multibanco entity (5 digits) references are generated for; null: no references. */
  multibancoEntity: text('multibanco_entity'),
  /** A free text printed at the foot of every document (bank details, terms). */
  documentFooter: text('document_footer'),
  /** Days after the due date a reminder is sent automatically; null: never. */
  reminderAfterDays: integer('reminder_after_days'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A supplier's document (payable): entered by hand or read from its AT QR code. Never signed by
 * Fluxo — it is someone else's document — but kept as its issuer printed it.
 */
export const billingPurchases = pgTable(
  'billing_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => billingParties.id, { onDelete: 'restrict' }),
    /** The supplier's document type (FT, FS, FR, NC, ND). */
    documentType: text('document_type').notNull(),
    /** The supplier's document number, as printed (e.g. "FT A/123"). */
    documentNumber: text('document_number').notNull(),
    atcud: text('atcud'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    currency: char('currency', { length: 3 }).notNull(),
    netTotal: money('net_total').notNull(),
    taxPayable: money('tax_payable').notNull(),
    grossTotal: money('gross_total').notNull(),
    withholding: money('withholding').notNull().default(0),
    /** VAT per region and rate: [{ taxRegion, vatBasisPoints, base, vat }] in cents. */
    taxes: jsonb('taxes').notNull().default([]),
    /** The AT QR string the document was read from, when it was. */
    qrCode: text('qr_code'),
    /** The uploaded file (photo or PDF), under DATA_DIR/files/<org>/. */
    fileName: text('file_name'),
    contentType: text('content_type'),
    storageKey: text('storage_key'),
    /** open | cancelled */
    state: text('state').notNull().default('open'),
    settled: money('settled').notNull().default(0),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_purchases_number_key').on(t.organizationId, t.partyId, t.documentNumber),
    index('billing_purchases_list_idx').on(t.organizationId, t.documentDate, t.id),
    check('billing_purchases_state_check', sql`${t.state} IN ('open', 'cancelled')`),
  ],
);

/**
 * Money received from a customer (`in`, with the receipt issued for it) or paid to a supplier (`out`),
 * on one bank movement when it is known. One payment settles one or more documents through its
 * allocations; a document settled by several movements has several payments.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    direction: text('direction').notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => billingParties.id, { onDelete: 'restrict' }),
    /** The receipt (RC/RG) issued for an incoming payment. */
    receiptId: uuid('receipt_id').references(() => billingDocuments.id, { onDelete: 'restrict' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    /** SAF-T PaymentMechanism: CC, CD, CH, CI, CO, CS, DE, LC, MB, NU, OU, PR, TB, TR. */
    method: text('method').notNull(),
    /** The bank movement that carried the money. */
    transactionId: uuid('transaction_id').references(() => treasuryTransactions.id, { onDelete: 'set null' }),
    /**
     * A cancelled payment keeps its row and allocations (the receipt keeps its number, status A); what it
     * had settled is given back to the documents, and it no longer counts against its movement.
     */
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /**
     * The payment of an invoice-receipt (FR), or of a simplified invoice (FS) paid at the counter, made
     * when it is issued: the document is its own receipt; cancelling the document cancels it.
     */
    atIssue: boolean('at_issue').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_payments_party_idx').on(t.organizationId, t.partyId, t.paymentDate),
    index('billing_payments_transaction_idx').on(t.organizationId, t.transactionId),
    check('billing_payments_direction_check', sql`${t.direction} IN ('in', 'out')`),
    check('billing_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** How much of a payment settles which sales document or purchase (exactly one of the two). */
export const billingPaymentAllocations = pgTable(
  'billing_payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => billingPayments.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => billingDocuments.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => billingPurchases.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('billing_payment_allocations_payment_idx').on(t.paymentId),
    index('billing_payment_allocations_document_idx').on(t.documentId),
    index('billing_payment_allocations_purchase_idx').on(t.purchaseId),
    check(
      'billing_payment_allocations_target_check',
      sql`(${t.documentId} IS NULL) <> (${t.purchaseId} IS NULL)`,
    ),
    check('billing_payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Recurring billing: the organization bills one of its customers on a schedule (RFC 5545 RRULE).
 * Not Fluxo's own plan subscription (modules/subscriptions) — code calls these "schedules".
 */
export const billingSchedules = pgTable(
  'billing_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => billingParties.id, { onDelete: 'restrict' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => billingSeries.id, { onDelete: 'restrict' }),
    documentType: text('document_type').notNull(),
    /** RFC 5545 recurrence rule, e.g. FREQ=MONTHLY;BYMONTHDAY=1 */
    rrule: text('rrule').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** The next date a document is due; null when the schedule has ended. */
    nextDate: date('next_date', { mode: 'string' }),
    /** issue: issue (and e-mail when sendEmail) at once; draft: leave a draft to review. */
    action: text('action').notNull().default('issue'),
    sendEmail: boolean('send_email').notNull().default(false),
    /** The document to produce: { lines, currency, taxRegion, withholdingBasisPoints, notes, dueDays }. */
    template: jsonb('template').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_schedules_due_idx').on(t.active, t.nextDate),
    check('billing_schedules_action_check', sql`${t.action} IN ('issue', 'draft')`),
  ],
);

/** One occurrence of a schedule: the unique key makes the job produce each occurrence once. */
export const billingScheduleRuns = pgTable(
  'billing_schedule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => billingSchedules.id, { onDelete: 'cascade' }),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    documentId: uuid('document_id').references(() => billingDocuments.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_schedule_runs_key').on(t.scheduleId, t.runDate)],
);

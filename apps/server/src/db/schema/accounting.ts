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
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { billingDocuments, billingParties, billingPayments, billingPurchases } from './billing.ts';
import { at, money, organizationId as orgId } from './columns.ts';
import { users } from './core.ts';
import { treasuryAccounts, treasuryTransactions } from './treasury.ts';

// Accounting: the organization's chart of accounts (SNC in Portugal, PGC in Angola), its fiscal years
// and periods, journals, and the double-entry journal itself; bank reconciliation; SAF-T imports.
// Amounts are integer minor units of the organization's currency (bigint). Posted entries are
// append-only (database triggers, migration accounting_ledger_rules): a correction is a reversal or a
// new entry, a locked period takes no entry dated in it, and every entry of a journal carries a hash
// over its content and the previous entry's hash.

/** The organization's accounting set-up: which chart, which SAF-T taxonomy, the default accounts. */
export const accountingSettings = pgTable('accounting_settings', {
  organizationId: orgId().primaryKey(),
  /** SNC (Portugal) | PGC (Angola) */
  chart: text('chart').notNull(),
  /** SAF-T (PT) TaxonomyReference: S (SNC general), M (micro-entities), N (NCRF-PE), O (other). */
  taxonomyReference: char('taxonomy_reference', { length: 1 }).notNull().default('S'),
  /**
   * The accounts automatic posting uses, by role: { customers: '211', suppliers: '221', sales: '711',
   * services: '721', vatOutput: '2433', vatInput: '2432', bank: '12', cash: '11', fees: '6988', … }.
   * Missing roles fall back to the chart's defaults (modules/accounting/charts).
   */
  defaultAccounts: jsonb('default_accounts').notNull().default({}),
  /** First month of the fiscal year (1 = January). */
  fiscalYearStartMonth: smallint('fiscal_year_start_month').notNull().default(1),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * An account of the organization's chart. Seeded from the official chart of its country; the
 * organization adds sub-accounts (one per customer or supplier, one per bank account, its own).
 * `code` is the account number ("11", "2111", "21110001"); `parentCode` the account it rolls up to.
 */
export const accountingAccounts = pgTable(
  'accounting_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
    /** SAF-T GroupingCategory: GR first-level, GA aggregating, GM movement (only GM takes entries). */
    groupingCategory: char('grouping_category', { length: 2 }).notNull(),
    /** SAF-T TaxonomyCode (Portaria 302/2016) of a GM account in a PT chart; null elsewhere. */
    taxonomyCode: integer('taxonomy_code'),
    /** asset | liability | equity | income | expense | result | analytic — drives the statements. */
    nature: text('nature').notNull(),
    /** Sub-account of a customer or supplier, or of a treasury account. */
    partyId: uuid('party_id').references(() => billingParties.id, { onDelete: 'set null' }),
    treasuryAccountId: uuid('treasury_account_id').references(() => treasuryAccounts.id, {
      onDelete: 'set null',
    }),
    /** Seeded from the official chart (true) or created by the organization or by posting (false). */
    system: boolean('system').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_accounts_code_key').on(t.organizationId, t.code),
    index('accounting_accounts_party_idx').on(t.organizationId, t.partyId),
    index('accounting_accounts_treasury_idx').on(t.organizationId, t.treasuryAccountId),
    check(
      'accounting_accounts_grouping_check',
      sql`${t.groupingCategory} IN ('GR', 'GA', 'GM', 'AR', 'AA', 'AM')`,
    ),
    check(
      'accounting_accounts_nature_check',
      sql`${t.nature} IN ('asset', 'liability', 'equity', 'income', 'expense', 'result', 'analytic')`,
    ),
  ],
);

/** Which account a treasury category or a billing product posts to (else the defaults by role). */
export const accountingMappings = pgTable(
  'accounting_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** category | product */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id').notNull(),
    accountCode: text('account_code').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_mappings_source_key').on(t.organizationId, t.sourceKind, t.sourceId),
    check('accounting_mappings_kind_check', sql`${t.sourceKind} IN ('category', 'product')`),
  ],
);

/** A fiscal year: usually the calendar year; closed once its closing entries are posted. */
export const accountingFiscalYears = pgTable(
  'accounting_fiscal_years',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** The SAF-T FiscalYear: the year the fiscal year starts in. */
    year: integer('year').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_fiscal_years_year_key').on(t.organizationId, t.year),
    check('accounting_fiscal_years_dates_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/**
 * A period of a fiscal year: 0 opening, 1–12 the months, 13–16 the closing and regularisation periods
 * SAF-T allows (dated on the year's last day). A locked period takes no entry (trigger).
 */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    fiscalYearId: uuid('fiscal_year_id')
      .notNull()
      .references(() => accountingFiscalYears.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    lockedAt: at('locked_at'),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('accounting_periods_number_key').on(t.fiscalYearId, t.number),
    index('accounting_periods_dates_idx').on(t.organizationId, t.startDate, t.endDate),
    check('accounting_periods_number_check', sql`${t.number} BETWEEN 0 AND 16`),
  ],
);

/**
 * A journal (SAF-T Journal): sales, purchases, bank, cash, general, opening. Its row is the head of
 * its hash chain: posting locks it, numbers the entry and chains it (`lastSeq`, `lastHash`).
 */
export const accountingJournals = pgTable(
  'accounting_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** SAF-T JournalID: short and stable ("VND", "CMP", "BCO", "CXA", "DIV", "ABE"). */
    code: text('code').notNull(),
    /** sales | purchases | bank | cash | general | opening */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastHash: text('last_hash').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_journals_code_key').on(t.organizationId, t.code),
    check(
      'accounting_journals_kind_check',
      sql`${t.kind} IN ('sales', 'purchases', 'bank', 'cash', 'general', 'opening')`,
    ),
  ],
);

/**
 * A posted journal entry (SAF-T Transaction). Never updated nor deleted (trigger): corrections are
 * reversals (`reversesEntryId`) or new entries. Numbered per journal and period; `seq` orders the
 * journal's hash chain; `hash` = SHA-256 over the entry's canonical content and `previousHash`.
 */
export const accountingEntries = pgTable(
  'accounting_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => accountingJournals.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => accountingPeriods.id, { onDelete: 'cascade' }),
    /** Number within the journal and period (1, 2, …, gapless). */
    number: integer('number').notNull(),
    /** Position in the journal's hash chain (1, 2, …, gapless). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** SAF-T TransactionID: "<date> <journal code> <period>/<number>". */
    reference: text('reference').notNull(),
    /** SAF-T GLPostingDate / TransactionDate. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** SAF-T TransactionType: N normal, R regularisation of the period, A closing (apuramento), J adjustment. */
    transactionType: char('transaction_type', { length: 1 }).notNull().default('N'),
    /**
     * What produced it: manual | billing_document | billing_payment | billing_purchase |
     * treasury_transaction | reconciliation | saft_import | reversal | closing.
     */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The entry this one reverses (its lines with debit and credit swapped). */
    reversesEntryId: uuid('reverses_entry_id').references((): AnyPgColumn => accountingEntries.id, {
      onDelete: 'restrict',
    }),
    totalDebit: money('total_debit').notNull(),
    totalCredit: money('total_credit').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_entries_number_key').on(t.journalId, t.periodId, t.number),
    uniqueIndex('accounting_entries_seq_key').on(t.journalId, t.seq),
    uniqueIndex('accounting_entries_reverses_key').on(t.reversesEntryId),
    index('accounting_entries_date_idx').on(t.organizationId, t.entryDate, t.id),
    index('accounting_entries_source_idx').on(t.organizationId, t.sourceType, t.sourceId),
    check('accounting_entries_balanced_check', sql`${t.totalDebit} = ${t.totalCredit}`),
    check('accounting_entries_type_check', sql`${t.transactionType} IN ('N', 'R', 'A', 'J')`),
  ],
);

/**
 * A line of an entry: one account, a debit or a credit (never both) in the organization's currency, with
 * the original currency amount and rate when it differs. VAT lines carry their region, rate and base so
 * that the VAT summary is one query.
 */
export const accountingEntryLines = pgTable(
  'accounting_entry_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => accountingEntries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accountingAccounts.id, { onDelete: 'restrict' }),
    /** Denormalised from the entry, so that balances over a date range read one table. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
    /** The original currency, amount (minor units, signed like debit − credit) and units per org currency. */
    currency: char('currency', { length: 3 }),
    amountCurrency: money('amount_currency'),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    description: text('description'),
    partyId: uuid('party_id').references(() => billingParties.id, { onDelete: 'set null' }),
    /** VAT lines: region (PT, PT-AC, PT-MA, AO), rate in basis points, taxable base (minor units). */
    taxRegion: text('tax_region'),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    taxBase: money('tax_base'),
    /** SAF-T SourceDocumentID of the line (the document number it posts). */
    sourceDocumentNumber: text('source_document_number'),
  },
  (t) => [
    uniqueIndex('accounting_entry_lines_position_key').on(t.entryId, t.position),
    index('accounting_entry_lines_account_idx').on(t.organizationId, t.accountId, t.entryDate),
    index('accounting_entry_lines_date_idx').on(t.organizationId, t.entryDate),
    check(
      'accounting_entry_lines_amount_check',
      sql`${t.debit} >= 0 AND ${t.credit} >= 0 AND (${t.debit} = 0 OR ${t.credit} = 0)`,
    ),
  ],
);

/**
 * A confirmed match between bank movements and what they pay: sales documents, supplier documents,
 * or journal lines. Undoing it keeps the row (`undoneAt`), reverses its entry and cancels the billing
 * payments it recorded. `writeOff` is the small difference (bank fees) posted to `writeOffAccountId`.
 */
export const accountingReconciliations = pgTable(
  'accounting_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** The entry the confirmation posted (when it posted one). */
    entryId: uuid('entry_id').references(() => accountingEntries.id, { onDelete: 'restrict' }),
    writeOff: money('write_off').notNull().default(0),
    writeOffAccountId: uuid('write_off_account_id').references(() => accountingAccounts.id, {
      onDelete: 'restrict',
    }),
    /** The suggestion's score and reasons when it was confirmed from one (null when made by hand). */
    score: integer('score'),
    reasons: jsonb('reasons'),
    ruleId: uuid('rule_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    undoneAt: at('undone_at'),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('accounting_reconciliations_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One side of a reconciliation: a movement (amount of it used), or a document, supplier document or
 * journal line (amount of it settled). Exactly one target per row. The billing payment recorded for a
 * document or purchase is kept so that undo cancels it.
 */
export const accountingReconciliationItems = pgTable(
  'accounting_reconciliation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    reconciliationId: uuid('reconciliation_id')
      .notNull()
      .references(() => accountingReconciliations.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => treasuryTransactions.id, { onDelete: 'restrict' }),
    documentId: uuid('document_id').references(() => billingDocuments.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => billingPurchases.id, { onDelete: 'restrict' }),
    entryLineId: uuid('entry_line_id').references(() => accountingEntryLines.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => billingPayments.id, { onDelete: 'set null' }),
    /** Minor units, positive: how much of the movement is used, or of the document settled. */
    amount: money('amount').notNull(),
  },
  (t) => [
    index('accounting_reconciliation_items_reconciliation_idx').on(t.reconciliationId),
    index('accounting_reconciliation_items_transaction_idx').on(t.organizationId, t.transactionId),
    index('accounting_reconciliation_items_document_idx').on(t.organizationId, t.documentId),
    index('accounting_reconciliation_items_purchase_idx').on(t.organizationId, t.purchaseId),
    check(
      'accounting_reconciliation_items_target_check',
      sql`num_nonnulls(${t.transactionId}, ${t.documentId}, ${t.purchaseId}, ${t.entryLineId}) = 1`,
    ),
    check('accounting_reconciliation_items_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A suggestion the user rejected: not offered again for that movement. */
export const accountingReconciliationRejections = pgTable(
  'accounting_reconciliation_rejections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => treasuryTransactions.id, { onDelete: 'cascade' }),
    /** document | purchase | entry_line */
    candidateKind: text('candidate_kind').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_reconciliation_rejections_key').on(
      t.organizationId,
      t.transactionId,
      t.candidateKind,
      t.candidateId,
    ),
  ],
);

/** "Always match movements from this IBAN (or with this text) to this party." */
export const accountingReconciliationRules = pgTable(
  'accounting_reconciliation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    counterpartyIban: text('counterparty_iban'),
    /** Lower-cased text the movement's description or counterparty contains. */
    textContains: text('text_contains'),
    partyId: uuid('party_id')
      .notNull()
      .references(() => billingParties.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('accounting_reconciliation_rules_org_idx').on(t.organizationId),
    check(
      'accounting_reconciliation_rules_condition_check',
      sql`${t.counterpartyIban} IS NOT NULL OR ${t.textContains} IS NOT NULL`,
    ),
  ],
);

/**
 * A SAF-T file imported into the organization (POST /accounting/saft/imports). The file itself is kept
 * under DATA_DIR/files/<org>/ while the job runs. `sha256` makes a second import of the same file add
 * nothing. `report` lists what is wrong in the file: schema errors (line, element), control totals,
 * broken signatures (document named), header warnings the user confirms.
 */
export const accountingSaftImports = pgTable(
  'accounting_saft_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** queued | checking | awaiting_confirmation | importing | done | failed | refused */
    state: text('state').notNull().default('queued'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storageKey: text('storage_key'),
    /** The issuing program's public key (PEM), when supplied: every invoice signature is verified. */
    publicKey: text('public_key'),
    /** PT | AO, the AuditFileVersion, and the Header's fields (CompanyID, TaxRegistrationNumber, …). */
    country: char('country', { length: 2 }),
    auditFileVersion: text('audit_file_version'),
    header: jsonb('header'),
    /** 0–100 */
    progress: smallint('progress').notNull().default(0),
    /** What was read and imported: { customers, suppliers, products, accounts, entries, invoices, … }. */
    counts: jsonb('counts').notNull().default({}),
    /** Control totals as declared by the file and as computed while reading it. */
    totals: jsonb('totals').notNull().default({}),
    /** [{ severity: error | warning, code, message, line?, element?, document? }] */
    report: jsonb('report').notNull().default([]),
    jobId: uuid('job_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('accounting_saft_imports_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('accounting_saft_imports_done_key').on(t.organizationId, t.sha256).where(sql`state = 'done'`),
  ],
);

/**
 * A source document (invoice, credit note, receipt, working document) imported from another program's
 * SAF-T: kept as it was issued there (number, hash, totals), never re-signed. Fluxo's own documents are
 * billing_documents; these are history, shown beside them and read by the statements and reconciliation.
 */
export const accountingImportedDocuments = pgTable(
  'accounting_imported_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    importId: uuid('import_id')
      .notNull()
      .references(() => accountingSaftImports.id, { onDelete: 'cascade' }),
    /** SalesInvoices | WorkingDocuments | Payments | PurchaseInvoices | MovementOfGoods */
    section: text('section').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    atcud: text('atcud'),
    status: char('status', { length: 1 }),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    systemEntryAt: text('system_entry_at'),
    partyId: uuid('party_id').references(() => billingParties.id, { onDelete: 'set null' }),
    /** The CustomerID / SupplierID as written in the file. */
    partyCode: text('party_code'),
    currency: char('currency', { length: 3 }).notNull(),
    netTotal: money('net_total').notNull(),
    taxPayable: money('tax_payable').notNull(),
    grossTotal: money('gross_total').notNull(),
    hash: text('hash'),
    hashControl: text('hash_control'),
    /** Lines and taxes as read from the file. */
    lines: jsonb('lines').notNull().default([]),
    settled: money('settled').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_imported_documents_number_key').on(t.organizationId, t.section, t.documentNumber),
    index('accounting_imported_documents_date_idx').on(t.organizationId, t.documentDate),
  ],
);

/**
 * Sources issued through the API whose entry is posted right after the issuing transaction commits
 * (modules/accounting/posting/queue.ts): the row commits with the document, so a crash between the
 * commit and the posting loses nothing — the sweeper posts what is left. `failedAt` and `error` keep a
 * source whose posting failed (an unmapped account, a locked period) for the accountant to see.
 */
export const accountingPostingQueue = pgTable(
  'accounting_posting_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: orgId(),
    /** document (a sales document or receipt just issued). */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    failedAt: at('failed_at'),
    error: text('error'),
  },
  (t) => [
    index('accounting_posting_queue_org_idx').on(t.organizationId, t.id),
    index('accounting_posting_queue_source_idx').on(t.organizationId, t.sourceId),
  ],
);

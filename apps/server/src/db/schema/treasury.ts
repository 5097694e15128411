import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, money, organizationId as orgId } from './columns.ts';
import { bankConnections } from './connections.ts';
import { users } from './core.ts';

// Treasury: the organization's money accounts and every movement on them. Billing, accounting,
// budget and cash flow read these tables, so amounts are signed integer minor units (bigint, never a
// float), dates are calendar dates (booking and value), and every row carries organization_id.

/** A bank account, cash wallet, card account or POS terminal of an organization. */
export const treasuryAccounts = pgTable(
  'treasury_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    /** bank | cash | card | pos */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    institution: text('institution'),
    iban: text('iban'),
    bic: text('bic'),
    currency: char('currency', { length: 3 }).notNull(),
    openingBalance: money('opening_balance').notNull().default(0),
    /**
     * The day `opening_balance` refers to. The balance is always opening_balance plus every movement; the
     * daily series starts at this date or the first movement, whichever comes first.
     */
    openingDate: date('opening_date', { mode: 'string' }).notNull(),
    archived: boolean('archived').notNull().default(false),
    /** all: every member with the treasury permission; restricted: only the members in treasury_account_members. */
    visibility: text('visibility').notNull().default('all'),
    /** The bank connection that feeds it, and the aggregator's id for the account. */
    connectionId: uuid('connection_id').references(() => bankConnections.id, { onDelete: 'set null' }),
    providerAccountId: text('provider_account_id'),
    /** ok | consent_expired | error | disconnected (for connected accounts). */
    syncStatus: text('sync_status'),
    syncError: text('sync_error'),
    lastSyncedAt: at('last_synced_at'),
    /** The balance the bank last reported, and its date, to compare with ours. */
    bankBalance: money('bank_balance'),
    bankBalanceDate: date('bank_balance_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('treasury_accounts_organization_idx').on(t.organizationId),
    uniqueIndex('treasury_accounts_provider_key')
      .on(t.organizationId, t.connectionId, t.providerAccountId)
      .where(sql`provider_account_id is not null`),
    check('treasury_accounts_kind_check', sql`${t.kind} in ('bank', 'cash', 'card', 'pos')`),
    check('treasury_accounts_visibility_check', sql`${t.visibility} in ('all', 'restricted')`),
  ],
);

/** The members who may see a restricted account (treasury view policy). */
export const treasuryAccountMembers = pgTable(
  'treasury_account_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgId(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('treasury_account_members_user_idx').on(t.organizationId, t.userId),
  ],
);

/** Income and expense categories, as two trees per organization; `accountCode` maps to the chart later. */
export const treasuryCategories = pgTable(
  'treasury_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    parentId: uuid('parent_id'),
    /** income | expense */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The default's stable key (seeded categories); null for the organization's own. */
    code: text('code'),
    accountCode: text('account_code'),
    archived: boolean('archived').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('treasury_categories_organization_idx').on(t.organizationId, t.kind),
    uniqueIndex('treasury_categories_code_key').on(t.organizationId, t.code).where(sql`code is not null`),
    check('treasury_categories_kind_check', sql`${t.kind} in ('income', 'expense')`),
  ],
);

/** Who the organization buys from or sells to as seen on movements; billing's parties link here later. */
export const treasuryMerchants = pgTable(
  'treasury_merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    defaultCategoryId: uuid('default_category_id').references(() => treasuryCategories.id, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('treasury_merchants_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

/** One statement file (or one sync run) that brought movements in: what it held and how it ended. */
export const treasuryImports = pgTable(
  'treasury_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: 'cascade' }),
    /** camt053 | camt052 | camt054 | ofx | mt940 | csv | xlsx | sync */
    format: text('format').notNull(),
    fileName: text('file_name'),
    fileSha256: text('file_sha256'),
    /** processing | done | failed */
    status: text('status').notNull().default('processing'),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** [{ line, reason }] when the file was refused. */
    rejected: jsonb('rejected'),
    statementOpeningBalance: money('statement_opening_balance'),
    statementClosingBalance: money('statement_closing_balance'),
    /** Why the account does not end on the file's closing balance, when it does not. */
    balanceNote: text('balance_note'),
    /** The account's balance at the statement's last date, right after the import. */
    accountBalanceAtEnd: money('account_balance_at_end'),
    /** Whether that balance equals the file's closing balance; null when the file has none. */
    balanceMatches: boolean('balance_matches'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('treasury_imports_account_idx').on(t.organizationId, t.accountId, t.createdAt)],
);

/** A saved CSV/XLSX column mapping, re-used when the same bank's file comes again. */
export const treasuryImportProfiles = pgTable(
  'treasury_import_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    /** The header row's signature (normalised column names), to recognise the bank's export. */
    headerSignature: text('header_signature').notNull(),
    accountId: uuid('account_id').references(() => treasuryAccounts.id, { onDelete: 'set null' }),
    mapping: jsonb('mapping').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('treasury_import_profiles_signature_key').on(t.organizationId, t.headerSignature)],
);

/**
 * A movement on an account: signed amount in the account's currency (minor units), booking and value
 * dates, what the bank said about it, and how the organization classified it. `seq` orders movements
 * booked on the same day (the keyset is booking_date, seq).
 */
export const treasuryTransactions = pgTable(
  'treasury_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: orgId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: 'cascade' }),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /**
     * The account's balance right after this movement (opening + every movement up to it in (booking_date,
     * seq) order). Kept by ingest.ts's recomputeRunningBalances after every write to the account.
     */
    balanceAfter: money('balance_after').notNull().default(0),
    description: text('description').notNull().default(''),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    remittanceInfo: text('remittance_info'),
    endToEndId: text('end_to_end_id'),
    bankReference: text('bank_reference'),
    /** The aggregator's transaction id (connected accounts). */
    providerTransactionId: text('provider_transaction_id'),
    /**
     * Identity for de-duplication within the account: the provider's id, else the bank reference, else a
     * hash of date, amount, description and the occurrence number of that triple in its statement.
     */
    dedupeKey: text('dedupe_key').notNull(),
    /** manual | import | sync | pos */
    source: text('source').notNull(),
    importId: uuid('import_id').references(() => treasuryImports.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => treasuryCategories.id, { onDelete: 'set null' }),
    merchantId: uuid('merchant_id').references(() => treasuryMerchants.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** The other side of a transfer between the organization's own accounts. */
    transferTransactionId: uuid('transfer_transaction_id'),
    /** Set when split into parts (treasury_transaction_parts), which then carry the categories. */
    isSplit: boolean('is_split').notNull().default(false),
    documentCount: integer('document_count').notNull().default(0),
    /**
     * Lower-cased, accent-free description, counterparty, remittance and notes, for the text filter. Its
     * trigram index (treasury_transactions_search_idx, pg_trgm) is created by the treasury_search migration.
     */
    searchText: text('search_text').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treasury_transactions_dedupe_key').on(t.accountId, t.dedupeKey),
    index('treasury_transactions_list_idx').on(t.organizationId, t.bookingDate, t.seq),
    index('treasury_transactions_account_idx').on(t.accountId, t.bookingDate, t.seq),
    index('treasury_transactions_amount_idx').on(t.organizationId, t.amount),
    index('treasury_transactions_category_idx').on(t.organizationId, t.categoryId),
    check('treasury_transactions_source_check', sql`${t.source} in ('manual', 'import', 'sync', 'pos')`),
  ],
);

/** The parts of a split movement; they always sum to the movement's amount (checked in the service). */
export const treasuryTransactionParts = pgTable(
  'treasury_transaction_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => treasuryTransactions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    amount: money('amount').notNull(),
    categoryId: uuid('category_id').references(() => treasuryCategories.id, { onDelete: 'set null' }),
    description: text('description'),
  },
  (t) => [uniqueIndex('treasury_transaction_parts_position_key').on(t.transactionId, t.position)],
);

/** Categorisation rules: conditions over a movement, actions that classify it; lower priority runs first. */
export const treasuryRules = pgTable(
  'treasury_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    conditions: jsonb('conditions').notNull(),
    actions: jsonb('actions').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('treasury_rules_organization_idx').on(t.organizationId, t.priority)],
);

/** A receipt or invoice file attached to a movement, stored under DATA_DIR/files/<organization>/. */
export const treasuryDocuments = pgTable(
  'treasury_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => treasuryTransactions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('treasury_documents_transaction_idx').on(t.organizationId, t.transactionId)],
);

/**
 * A card-terminal batch: the sales of a day on a POS wallet, the acquirer's fees, and the settlement
 * that should reach a bank account, matched to the bank movement that carries it.
 */
export const treasuryPosBatches = pgTable(
  'treasury_pos_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: 'cascade' }),
    batchDate: date('batch_date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    salesCount: integer('sales_count').notNull(),
    gross: money('gross').notNull(),
    fees: money('fees').notNull(),
    net: money('net').notNull(),
    expectedSettlementDate: date('expected_settlement_date', { mode: 'string' }),
    settlementTransactionId: uuid('settlement_transaction_id').references(() => treasuryTransactions.id, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treasury_pos_batches_reference_key').on(t.accountId, t.reference),
    index('treasury_pos_batches_date_idx').on(t.organizationId, t.batchDate),
    check('treasury_pos_batches_net_check', sql`${t.net} = ${t.gross} - ${t.fees}`),
  ],
);

import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: smallint('profile').notNull(),
    country: char('country', { length: 2 }).notNull(),
    language: text('language').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    phone: text('phone'),
    vatNumber: text('vat_number'),
    avatarUrl: text('avatar_url'),
    confirmed: boolean('confirmed').notNull().default(false),
    active: boolean('active').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    credits: integer('credits').notNull().default(0),
    defaultOrganizationId: uuid('default_organization_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const validationCodes = pgTable('validation_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const signinAttempts = pgTable('signin_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    status: smallint('status').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    customerType: text('customer_type').notNull().default('SAAS'),
    billingInterval: smallint('billing_interval').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_owner_idx').on(t.ownerId)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    vatNumber: text('vat_number').notNull(),
    country: char('country', { length: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    type: text('type').notNull().default('company'),
    sectorCode: text('sector_code'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    brandColor: text('brand_color'),
    /** A data: URL (PNG, JPEG or SVG, at most ORGANIZATION_LOGO_MAX_BYTES) shown on documents. */
    logoUrl: text('logo_url'),
    /** monthly | quarterly: how often the VAT return is filed. */
    vatRegime: text('vat_regime').notNull().default('monthly'),
    /** organized | simplified. */
    accountingRegime: text('accounting_regime').notNull().default('organized'),
    /** First month of the fiscal year (1 = January); the accounting ledger starts from it. */
    fiscalYearStartMonth: smallint('fiscal_year_start_month').notNull().default(1),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    cloudCredit: integer('cloud_credit').notNull().default(0),
    /** Set by the owner: every member must sign in with two-factor to reach the organization. */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_country_vat_key').on(t.country, t.vatNumber)],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** resource → flag bits (Grants in @fluxo/domain). */
    permissions: jsonb('permissions').notNull().$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('members_user_idx').on(t.userId)],
);

export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);

export const portfolioClients = pgTable(
  'portfolio_clients',
  {
    portfolioOrganizationId: uuid('portfolio_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientOrganizationId: uuid('client_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.portfolioOrganizationId, t.clientOrganizationId] })],
);

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-wide secrets (JWT key, RSA key pair) shared by every instance through the database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Company register used by the external company lookup. */
export const companies = pgTable(
  'companies',
  {
    country: char('country', { length: 2 }).notNull(),
    vatNumber: text('vat_number').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    sectorCode: text('sector_code'),
    source: text('source').notNull().default('fluxo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.vatNumber] })],
);

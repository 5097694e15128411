import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './core.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A bank connection of an organization, through one institution of a connector. */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    institutionCode: text('institution_code').notNull(),
    authType: text('auth_type').notNull(),
    status: text('status').notNull().default('created'),
    /** The running authentication: who started it, its attempt, the connector's private state, its deadline. */
    authUserId: uuid('auth_user_id').references(() => users.id, { onDelete: 'set null' }),
    authAttemptId: uuid('auth_attempt_id'),
    authState: jsonb('auth_state'),
    authDueAt: at('auth_due_at'),
    /** The connector that owns it (sandbox, gocardless), and its id there (the aggregator's requisition). */
    provider: text('provider').notNull().default('sandbox'),
    providerReference: text('provider_reference'),
    /** The consent given at the bank: until when it lets us read the accounts. */
    consentExpiresAt: at('consent_expires_at'),
    /** Sync: when it last ran and finished, and why it last failed. */
    lastSyncedAt: at('last_synced_at'),
    lastSyncError: text('last_sync_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bank_connections_organization_idx').on(t.organizationId),
    index('bank_connections_auth_due_idx').on(t.authDueAt).where(sql`status = 'waiting_authentication'`),
  ],
);

/** Every authentication attempt of a connection and how it ended. */
export const bankConnectionAttempts = pgTable(
  'bank_connection_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    authType: text('auth_type').notNull(),
    status: text('status').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('bank_connection_attempts_connection_idx').on(t.connectionId, t.startedAt)],
);

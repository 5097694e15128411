import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './core.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The audit log (docs/audit-and-notifications.md): append-only. A trigger (migration `audit`) refuses
 * every UPDATE, DELETE and TRUNCATE, except the retention purge's DELETE, which runs as a job with
 * `SET LOCAL fluxo.audit_purge = 'on'`. No foreign keys: the record outlives the organization, the user
 * and the row it speaks of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    organizationId: uuid('organization_id'),
    actorId: uuid('actor_id'),
    /** create/update/delete, or a security event (AUDIT_ACTIONS in the domain). */
    action: text('action').notNull(),
    /** `billing.documents`, `auth.signin`…: from the route, or named by the service. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    /** Names of the fields the request sent. */
    fields: jsonb('fields').notNull().default([]),
    /** `{ field: { before, after } }` where the service knows them; secrets masked. */
    changes: jsonb('changes'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_org_idx').on(t.organizationId, t.id),
    index('audit_log_org_actor_idx').on(t.organizationId, t.actorId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** A notification for one user (and organization, when it is about one); read when `read_at` is set. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    link: text('link'),
    /** Shown in the bell (the user's in-app preference when it was created). */
    inApp: boolean('in_app').notNull().default(true),
    /** To go in the next e-mail digest (the user's e-mail preference); `emailed_at` once it went. */
    email: boolean('email').notNull().default(false),
    emailedAt: at('emailed_at'),
    /** A module's key for "once": the same user never gets the same key twice. */
    dedupeKey: text('dedupe_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL AND in_app`),
    index('notifications_digest_idx').on(t.userId).where(sql`email AND emailed_at IS NULL`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

/** A user's channels for one kind; a kind without a row uses NOTIFICATION_DEFAULTS. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The real-time outbox: one row per message per recipient, written in the transaction of the change
 * that causes it. A row is pending until its recipient acknowledges it; acknowledged rows are pruned
 * after the retention period.
 */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Delivery order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /**
     * No foreign key: an organization-wide event writes a row per member, and the key's check would read
     * and key-share lock as many users rows, which made such a write take twice as long. Recipients come
     * from `organization_members` or a user id checked against `users` as the rows are written, and
     * deleting users deletes their messages (trigger `users_deleted_messages`, migration
     * `realtime_outbox_speed`).
     */
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when an instance claimed the row and emitted it to the recipient's room. */
    dispatchedAt: at('dispatched_at'),
    acknowledgedAt: at('acknowledged_at'),
    /**
     * Set for push events: a web push goes out when the message is still unacknowledged the push delay
     * after this (the delay is the sweeping instance's configuration).
     */
    pushRequestedAt: at('push_requested_at'),
    pushedAt: at('pushed_at'),
  },
  (t) => [
    index('realtime_messages_undispatched_idx').on(t.seq).where(sql`dispatched_at IS NULL`),
    index('realtime_messages_pending_idx').on(t.userId, t.seq).where(sql`acknowledged_at IS NULL`),
    index('realtime_messages_acknowledged_idx').on(t.acknowledgedAt).where(sql`acknowledged_at IS NOT NULL`),
    index('realtime_messages_push_idx').on(t.pushRequestedAt).where(sql`push_requested_at IS NOT NULL`),
  ],
);

/** Browser push subscriptions, one per endpoint (a browser profile), owned by the last user who saved it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

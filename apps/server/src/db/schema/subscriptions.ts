import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions, users } from './core.ts';

/** Plan changes: the superseded subscription (status 4, upgrade) and the one that replaced it. */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromSubscriptionId: uuid('from_subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    toSubscriptionId: uuid('to_subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    toInterval: smallint('to_interval').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_from_idx').on(t.fromSubscriptionId)],
);

/** Every status change of a subscription, with the event that caused it (audit trail). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId)],
);

import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, subscriptions, users } from './core.ts';
import { payments } from './payments.ts';

/**
 * Add-ons bought: priced by the server at purchase time (integer cents). A monthly add-on runs
 * until `expires_at` (its subscription's period end) and is renewed with the subscription.
 */
export const addonPurchases = pgTable(
  'addon_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    unitPriceWithoutDiscountCents: bigint('unit_price_without_discount_cents', { mode: 'number' }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    priceWithoutDiscountCents: bigint('price_without_discount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    isMonthly: boolean('is_monthly').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Until when it counts toward the maximum (period end for one-offs as for monthly ones). */
    countsUntil: timestamp('counts_until', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    purchasedBy: uuid('purchased_by').references(() => users.id, { onDelete: 'set null' }),
    onTrial: boolean('on_trial').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addon_purchases_subscription_idx').on(t.subscriptionId),
    index('addon_purchases_org_key_idx').on(t.organizationId, t.key),
    index('addon_purchases_user_key_idx').on(t.userId, t.key),
  ],
);

import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscriptions, users } from './core.ts';

/** Ids of Multibanco references (7 digits, wrapping): unique per entity while the sequence runs. */
export const multibancoReferenceSeq = pgSequence('multibanco_reference_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 9_999_999,
  cycle: true,
});

/** SEPA direct-debit mandates (document type 2), signed by a subscription's owner. */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    documentType: smallint('document_type').notNull().default(2),
    reference: text('reference').notNull(),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_mandates_reference_key').on(t.reference)],
);

/**
 * What a subscription owes: a period's invoice, an add-on purchase or a plan change. Money in
 * integer cents; total = amount + VAT at the rate of the owner's billing address.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    description: text('description').notNull(),
    type: smallint('type'),
    status: smallint('status').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    multibancoEntity: text('multibanco_entity'),
    multibancoReference: text('multibanco_reference'),
    transferReference: text('transfer_reference').notNull(),
    mandateId: uuid('mandate_id').references(() => paymentMandates.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Card (type 4): the Stripe Checkout Session open for this payment, its page and when it closes. */
    cardSessionId: text('card_session_id'),
    cardCheckoutUrl: text('card_checkout_url'),
    cardCheckoutExpiresAt: timestamp('card_checkout_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_subscription_idx').on(t.subscriptionId, t.status),
    uniqueIndex('payments_transfer_reference_key').on(t.transferReference),
  ],
);

/**
 * Stripe webhook events already handled, by Stripe's event id: Stripe delivers at least once, so a
 * repeated event finds its row and is not processed again.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  /** What handling it did: paid, failed, ignored, amount_mismatch, unknown_payment, already_settled. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

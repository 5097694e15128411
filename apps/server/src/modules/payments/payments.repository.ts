import { PAYABLE_PAYMENT_STATUSES } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';

export interface PaymentRow {
  id: string;
  subscription_id: string;
  purpose: 'subscription' | 'addon' | 'plan_change';
  description: string;
  type: number | null;
  status: number;
  currency: string;
  amount_cents: number;
  vat_rate_basis_points: number;
  vat_cents: number;
  total_cents: number;
  due_date: Date;
  period_start: Date | null;
  period_end: Date | null;
  multibanco_entity: string | null;
  multibanco_reference: string | null;
  transfer_reference: string;
  mandate_id: string | null;
  paid_at: Date | null;
  created_at: Date;
  card_session_id: string | null;
  card_checkout_url: string | null;
  card_checkout_expires_at: Date | null;
  mandate_reference: string | null;
  mandate_iban: string | null;
}

const SELECT = sql`SELECT p.*, m.reference AS mandate_reference, m.iban AS mandate_iban
  FROM payments p LEFT JOIN payment_mandates m ON m.id = p.mandate_id`;

const normalize = (row: PaymentRow): PaymentRow => ({
  ...row,
  amount_cents: Number(row.amount_cents),
  vat_cents: Number(row.vat_cents),
  total_cents: Number(row.total_cents),
  card_checkout_expires_at: row.card_checkout_expires_at ? new Date(row.card_checkout_expires_at) : null,
});

export async function findPayment(executor: Executor, id: string, lock = false): Promise<PaymentRow | null> {
  const [row] = await query<PaymentRow>(
    executor,
    lock ? sql`${SELECT} WHERE p.id = ${id} FOR UPDATE OF p` : sql`${SELECT} WHERE p.id = ${id}`,
  );
  return row ? normalize(row) : null;
}

export async function pendingPayments(executor: Executor, subscriptionId: string): Promise<PaymentRow[]> {
  const found = await query<PaymentRow>(
    executor,
    sql`${SELECT} WHERE p.subscription_id = ${subscriptionId} AND p.status IN (0, 1, 2, 5)
        ORDER BY p.due_date, p.created_at`,
  );
  return found.map(normalize);
}

export async function insertPayment(
  executor: Executor,
  values: {
    id: string;
    subscriptionId: string;
    purpose: PaymentRow['purpose'];
    description: string;
    amountCents: number;
    vatRateBasisPoints: number;
    vatCents: number;
    totalCents: number;
    dueDate: Date;
    periodStart: Date | null;
    periodEnd: Date | null;
    multibancoEntity: string | null;
    multibancoReference: string | null;
    transferReference: string;
  },
): Promise<void> {
  await executor.execute(sql`
    INSERT INTO payments (id, subscription_id, purpose, description, amount_cents, vat_rate_basis_points, vat_cents,
                          total_cents, due_date, period_start, period_end, multibanco_entity, multibanco_reference,
                          transfer_reference)
    VALUES (${values.id}, ${values.subscriptionId}, ${values.purpose}, ${values.description}, ${values.amountCents},
            ${values.vatRateBasisPoints}, ${values.vatCents}, ${values.totalCents}, ${values.dueDate.toISOString()},
            ${values.periodStart?.toISOString() ?? null}, ${values.periodEnd?.toISOString() ?? null},
            ${values.multibancoEntity}, ${values.multibancoReference}, ${values.transferReference})`);
}

export async function nextMultibancoId(executor: Executor): Promise<number> {
  const [row] = await query<{ id: string }>(
    executor,
    sql`SELECT nextval('multibanco_reference_seq')::text AS id`,
  );
  return Number(row!.id);
}

export async function updatePaymentMethod(
  executor: Executor,
  id: string,
  values: { type: number; status: number; mandateId?: string | null },
): Promise<void> {
  await executor.execute(sql`
    UPDATE payments SET type = ${values.type}, status = ${values.status},
           mandate_id = coalesce(${values.mandateId ?? null}::uuid, mandate_id), updated_at = now()
    WHERE id = ${id}`);
}

/** Paid at `at`; `by` is the Admin who confirmed it (null for a card paid through Stripe). */
export async function markPaid(
  executor: Executor,
  id: string,
  by: string | null,
  at: Date,
  type: number | null = null,
): Promise<void> {
  await executor.execute(sql`
    UPDATE payments SET status = 3, paid_at = ${at.toISOString()}, confirmed_by = ${by},
           type = coalesce(${type}::smallint, type), updated_at = now()
    WHERE id = ${id}`);
}

export async function insertMandate(
  executor: Executor,
  values: { userId: string; subscriptionId: string; reference: string; iban: string; holderName: string },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    executor,
    sql`INSERT INTO payment_mandates (user_id, subscription_id, document_type, reference, iban, holder_name)
        VALUES (${values.userId}, ${values.subscriptionId}, 2, ${values.reference}, ${values.iban}, ${values.holderName})
        RETURNING id`,
  );
  return row!.id;
}

/** Unpaid payments (other than `exceptId`) already past their grace period at `now`. */
export async function overdueUnpaid(
  executor: Executor,
  subscriptionId: string,
  exceptId: string,
  now: Date,
  graceDays: number,
): Promise<number> {
  const [row] = await query<{ n: number }>(
    executor,
    sql`SELECT count(*)::int AS n FROM payments
        WHERE subscription_id = ${subscriptionId} AND id <> ${exceptId}
          AND status IN (${sql.join(
            PAYABLE_PAYMENT_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
          AND due_date + make_interval(days => ${graceDays}) <= ${now.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

/** The email of the subscription's owner (Stripe mails the card receipt there). */
export async function ownerEmail(executor: Executor, subscriptionId: string): Promise<string | null> {
  const [row] = await query<{ email: string }>(
    executor,
    sql`SELECT u.email FROM subscriptions s JOIN users u ON u.id = s.owner_id WHERE s.id = ${subscriptionId}`,
  );
  return row?.email ?? null;
}

export async function setCardCheckout(
  executor: Executor,
  id: string,
  checkout: { sessionId: string; url: string; expiresAt: Date },
): Promise<void> {
  await executor.execute(sql`
    UPDATE payments SET card_session_id = ${checkout.sessionId}, card_checkout_url = ${checkout.url},
           card_checkout_expires_at = ${checkout.expiresAt.toISOString()}, updated_at = now()
    WHERE id = ${id}`);
}

export async function setStatus(executor: Executor, id: string, status: number): Promise<void> {
  await executor.execute(sql`UPDATE payments SET status = ${status}, updated_at = now() WHERE id = ${id}`);
}

/**
 * Claims a Stripe event id: true the first time, false when it was handled before (or is being
 * handled by a concurrent delivery, which this call then waits for).
 */
export async function claimStripeEvent(executor: Executor, id: string, type: string): Promise<boolean> {
  const claimed = await query<{ id: string }>(
    executor,
    sql`INSERT INTO stripe_events (id, type, outcome) VALUES (${id}, ${type}, 'pending')
        ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  return claimed.length > 0;
}

export async function recordStripeOutcome(
  executor: Executor,
  id: string,
  outcome: string,
  paymentId: string | null,
): Promise<void> {
  await executor.execute(
    sql`UPDATE stripe_events SET outcome = ${outcome}, payment_id = ${paymentId} WHERE id = ${id}`,
  );
}

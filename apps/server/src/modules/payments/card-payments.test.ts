import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type StandIn, startStandIn } from '../../test/local-services.ts';
import { billingConfig } from '../subscriptions/billing.plugin.ts';
import { subscriptionJobHandlers } from '../subscriptions/renewals.ts';
import { writeToOutbox } from '../subscriptions/subscription-signals.ts';
import { ensureRenewalJobs } from '../subscriptions/subscriptions.service.ts';

const SECRET_KEY = 'sk_test_fluxo_card';
const WEBHOOK_SECRET = 'whsec_test_fluxo_card';

/** A stand-in for api.stripe.com: records each request and answers Checkout Session creation. */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
const recorded: Recorded[] = [];
let stripeApi: StandIn;
let refuseNext = false;

function startStripeStandIn(): Promise<StandIn> {
  return startStandIn((request) => {
    const form = new URLSearchParams(request.body);
    recorded.push({ method: request.method, path: request.url, headers: request.headers, form });
    if (refuseNext) {
      refuseNext = false;
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'Amount must be positive' } },
      };
    }
    const id = `cs_test_${recorded.length}`;
    return {
      status: 200,
      headers: { 'request-id': `req_${recorded.length}` },
      body: {
        id,
        object: 'checkout.session',
        mode: 'payment',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        metadata: {
          paymentId: form.get('metadata[paymentId]'),
          subscriptionId: form.get('metadata[subscriptionId]'),
          purpose: form.get('metadata[purpose]'),
        },
      },
    };
  });
}

let t: TestApp;
const handlers = subscriptionJobHandlers({
  billing: billingConfig(loadConfig({} as NodeJS.ProcessEnv)),
  sink: writeToOutbox,
});
// Only used to sign test payloads the way Stripe does.
const signer = new Stripe('sk_test_signer_only');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_KEY: 'pk_test_fluxo_card',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
      JOBS_POLL_MS: '0',
    },
  });
  await ensureRenewalJobs(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stripeApi?.close();
});

interface PendingPayment {
  id: string;
  subscriptionId: string;
  purpose: string;
  description: string;
  totalCents: number;
}

/** Signs in a locked demo account and runs its renewal so it owes one invoice. */
async function lockedWithInvoice(email: string) {
  const token = await t.signin(email);
  const subscription = (await t.call({ method: 'GET', url: '/api/v1/subscription', token })).json();
  expect(subscription.status).toBe(5);
  await runDueJobs(t.database.db, handlers, {
    now: new Date(new Date(subscription.endDate).getTime() + 1000),
  });
  const pending = await t.call({
    method: 'GET',
    url: `/api/v1/subscription/${subscription.id}/payments/pending`,
    token,
  });
  const [payment] = pending.json() as PendingPayment[];
  const pay = (payload: object) =>
    t.call({
      method: 'PUT',
      url: `/api/v1/subscription/${subscription.id}/payments/${payment!.id}`,
      token,
      payload,
    });
  return { token, subscription, payment: payment!, pay };
}

function checkoutCompleted(
  eventId: string,
  payment: PendingPayment,
  overrides: { amount?: number; currency?: string; type?: string; paymentStatus?: string } = {},
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_for_${payment.id}`,
        object: 'checkout.session',
        client_reference_id: payment.id,
        amount_total: overrides.amount ?? payment.totalCents,
        currency: overrides.currency ?? 'eur',
        payment_status: overrides.paymentStatus ?? 'paid',
        status: 'complete',
        metadata: { paymentId: payment.id, subscriptionId: payment.subscriptionId, purpose: payment.purpose },
      },
    },
  });
}

const webhook = (payload: string, signature?: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

const paymentRow = async (id: string) =>
  (
    await rows<{ status: number; type: number | null; paid_at: Date | null; confirmed_by: string | null }>(
      t.database.db,
      sql`SELECT status, type, paid_at, confirmed_by FROM payments WHERE id = ${id}`,
    )
  )[0]!;

describe('card payments through Stripe Checkout', () => {
  it('offers the card when Stripe is configured and opens a Checkout Session for the exact total', async () => {
    const { token, subscription, payment, pay } = await lockedWithInvoice('locked@fluxo.example');
    const methods = await t.call({ method: 'GET', url: '/api/v1/subscription/payment-methods', token });
    expect(methods.json().methods.map((m: { name: string }) => m.name)).toContain('creditCard');

    recorded.length = 0;
    const chosen = await pay({ type: 4, returnPath: '/subscriptions/locked' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      type: 4,
      status: 1,
      card: { checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    });

    expect(recorded).toHaveLength(1);
    const [call] = recorded;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v1/checkout/sessions');
    expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const form = Object.fromEntries(call!.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: payment.id,
      customer_email: 'locked@fluxo.example',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(payment.totalCents),
      'line_items[0][price_data][product_data][name]': payment.description,
      'metadata[paymentId]': payment.id,
      'metadata[subscriptionId]': subscription.id,
      'metadata[purpose]': 'subscription',
      'payment_intent_data[metadata][paymentId]': payment.id,
    });
    expect(Number.isInteger(Number(form['line_items[0][price_data][unit_amount]']))).toBe(true);
    expect(payment.totalCents).toBeGreaterThan(0);
    const success = new URL(form.success_url!);
    expect(success.pathname).toBe('/subscriptions/locked');
    expect(Object.fromEntries(success.searchParams)).toEqual({ card: 'paid', payment: payment.id });
    expect(new URL(form.cancel_url!).searchParams.get('card')).toBe('cancelled');

    // Choosing the card again hands out the Checkout page still open instead of opening another.
    const again = await pay({ type: 4, returnPath: '/subscriptions/locked' });
    expect(again.json().card.checkoutUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(recorded).toHaveLength(1);
    const listed = await t.call({
      method: 'GET',
      url: `/api/v1/subscription/${subscription.id}/payments/pending`,
      token,
    });
    expect(listed.json()[0].card.checkoutUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
  });

  it('refuses a return path to another host', async () => {
    const { pay } = await lockedWithInvoice('locked2@fluxo.example');
    for (const returnPath of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await pay({ type: 4, returnPath });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    refuseNext = true;
    const refused = await pay({ type: 4 });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  it('marks the payment paid and unlocks on a signed event, once; refuses bad signatures', async () => {
    const [row] = await rows<PendingPayment & { id: string }>(
      t.database.db,
      sql`SELECT p.id, p.subscription_id AS "subscriptionId", p.purpose, p.description, p.total_cents::int AS "totalCents"
          FROM payments p JOIN subscriptions s ON s.id = p.subscription_id JOIN users u ON u.id = s.owner_id
          WHERE u.email = 'locked@fluxo.example' AND p.status = 1 AND p.type = 4`,
    );
    const payment = row!;
    const payload = checkoutCompleted('evt_paid_1', payment);

    const forged = await webhook(payload, sign(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('INVALID_WEBHOOK_SIGNATURE');
    const tampered = await webhook(
      payload.replace(String(payment.totalCents), String(payment.totalCents - 1)),
      sign(payload),
    );
    expect(tampered.statusCode).toBe(400);
    expect((await webhook(payload)).json().code).toBe('INVALID_WEBHOOK_SIGNATURE');
    expect((await paymentRow(payment.id)).status).toBe(1);

    const first = await webhook(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, outcome: 'paid' });
    const paid = await paymentRow(payment.id);
    expect(paid).toMatchObject({ status: 3, type: 4, confirmed_by: null });
    expect(paid.paid_at).not.toBeNull();

    const token = await t.signin('locked@fluxo.example');
    const subscription = (await t.call({ method: 'GET', url: '/api/v1/subscription', token })).json();
    expect(subscription.status).toBe(1);

    // Stripe delivers at least once: the same event again, even re-signed later, is not re-applied.
    const repeated = await webhook(payload, sign(payload));
    expect(repeated.json()).toEqual({ received: true, duplicate: true });
    const parallel = await Promise.all([1, 2, 3].map(() => webhook(payload, sign(payload))));
    expect(parallel.map((r) => r.json().duplicate)).toEqual([true, true, true]);
    // A second event for the same, already paid, payment changes nothing either.
    const other = checkoutCompleted('evt_paid_2', payment, {
      type: 'checkout.session.async_payment_succeeded',
    });
    expect((await webhook(other, sign(other))).json()).toMatchObject({ outcome: 'already_settled' });

    const events = await rows<{ event: string }>(
      t.database.db,
      sql`SELECT event FROM subscription_events WHERE subscription_id = ${subscription.id} AND event = 'pay'`,
    );
    expect(events).toHaveLength(1);
    const unlocked = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM realtime_messages m JOIN users u ON u.id = m.user_id
          WHERE u.email = 'locked@fluxo.example' AND m.type = 'SUBSCRIPTION_UNLOCKED'`,
    );
    expect(unlocked[0]!.n).toBe(1);
  });

  it('does not settle a session that paid another amount; a failed async payment marks an error', async () => {
    const { payment, pay } = await lockedWithInvoice('locked1@fluxo.example');
    expect((await pay({ type: 4 })).statusCode).toBe(200);
    const short = checkoutCompleted('evt_short_1', payment, { amount: payment.totalCents - 100 });
    expect((await webhook(short, sign(short))).json()).toMatchObject({ outcome: 'amount_mismatch' });
    const dollars = checkoutCompleted('evt_usd_1', payment, { currency: 'usd' });
    expect((await webhook(dollars, sign(dollars))).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await paymentRow(payment.id)).status).toBe(1);

    const failed = checkoutCompleted('evt_failed_1', payment, {
      type: 'checkout.session.async_payment_failed',
      paymentStatus: 'unpaid',
    });
    expect((await webhook(failed, sign(failed))).json()).toMatchObject({ outcome: 'failed' });
    expect((await paymentRow(payment.id)).status).toBe(5);

    const ignored = JSON.stringify({
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await webhook(ignored, sign(ignored))).json()).toEqual({
      received: true,
      duplicate: false,
      outcome: 'ignored',
    });
    const unknown = checkoutCompleted('evt_unknown_1', {
      ...payment,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect((await webhook(unknown, sign(unknown))).json()).toMatchObject({ outcome: 'unknown_payment' });
  });
});

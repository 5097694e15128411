import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { DAY_MS } from '../../platform/tx.ts';
import { createTestApp, decodeClaims, TEST_DATABASE_KIND, type TestApp } from '../../test/harness.ts';
import { billingConfig } from './billing.plugin.ts';
import { subscriptionJobHandlers } from './renewals.ts';
import { writeToOutbox } from './subscription-signals.ts';
import { ensureRenewalJobs, startTrial } from './subscriptions.service.ts';

let t: TestApp;
let admin: string;
const billing = billingConfig(loadConfig({} as NodeJS.ProcessEnv));
const handlers = subscriptionJobHandlers({ billing, sink: writeToOutbox });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin@fluxo.example');
  // The demo seed runs after the app starts; the job runner's poll schedules its renewals.
  await ensureRenewalJobs(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string, orgId?: string) =>
  t.call({ method: 'GET', url, token, ...(orgId ? { orgId } : {}) });
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(t.database.db, query))[0]!;
const subscriptionOf = (token: string) => get('/api/v1/subscription', token).then((r) => r.json());

describe('plans and the active subscription', () => {
  it('lists the plan catalogue with prices in cents to anyone', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/subscription/plans' });
    expect(response.statusCode).toBe(200);
    const essential = response.json().find((p: { plan: string }) => p.plan === 'essential');
    expect(essential.prices).toEqual({ monthly: 1900, yearly: 19000 });
  });

  it('shows the owner his subscription and a member the organization’s', async () => {
    const demo = await t.signin('demo@fluxo.example');
    const own = await subscriptionOf(demo);
    expect(own).toMatchObject({
      planName: 'premium',
      status: 1,
      statusText: 'ACTIVE',
      isOwner: true,
      isTrial: false,
      numberMonths: 12,
    });
    expect(own.organizationCredits[0]).toMatchObject({ name: 'Fluxo Demo, Lda', credits: 50 });
    expect(own.userCredits[0]).toMatchObject({ name: 'Ana Demo', credits: 20 });
    const claims = decodeClaims(demo);
    const aoOrg = Object.keys(claims.permissions as object).find((id) => id !== claims.defaultOrg)!;
    const member = await get('/api/v1/subscription', demo, aoOrg);
    expect(member.json()).toMatchObject({ planName: 'expand', isOwner: false });
    const plan = await get(`/api/v1/subscription/organization/${aoOrg}/plan`, demo);
    expect(plan.json()).toMatchObject({ planName: 'expand', locked: false, ownerIsSimple: false });
    const accountant = await t.signin('accountant@fluxo.example');
    const firm = decodeClaims(accountant).defaultOrg as string;
    expect((await get('/api/v1/subscription', demo, firm)).statusCode).toBe(403);
    expect((await get(`/api/v1/subscription/organization/${firm}/plan`, demo)).statusCode).toBe(403);
    expect((await get('/api/v1/subscription/orgcredits', demo, firm)).statusCode).toBe(403);
    expect((await get('/api/v1/subscription', admin)).json().code).toBe('NO_SUBSCRIPTION');
  });
});

describe('who sees which credits in the subscription', () => {
  const idOf = (token: string) => decodeClaims(token).sub as string;
  const orgNamed = async (token: string, name: string) => {
    const list = (await get('/api/v1/organizations/all', token)).json();
    return [...list.myOrgs, ...list.memberOrgs].find((o: { name: string }) => o.name === name).id as string;
  };
  const names = (view: { userCredits: { name: string }[] }) => view.userCredits.map((u) => u.name).sort();
  /** Signs up a fresh user and lets `granter` give them `permissions` in `orgId`. */
  const memberWith = async (granter: string, orgId: string, permissions: string[]) => {
    const { email } = await t.newUser('member', { name: 'Zé Membro' });
    const granted = await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: granter,
      orgId,
      payload: { email, permissions },
    });
    expect(granted.statusCode).toBe(200);
    return t.signin(email, 'a-long-password');
  };

  it('shows the owner every member and organization, with or without OrgId', async () => {
    const demo = await t.signin('demo@fluxo.example');
    const org = await orgNamed(demo, 'Fluxo Demo, Lda');
    for (const view of [await subscriptionOf(demo), (await get('/api/v1/subscription', demo, org)).json()]) {
      expect(view.isOwner).toBe(true);
      expect(names(view)).toEqual(expect.arrayContaining(['Ana Demo', 'Carla Tesouraria', 'Pedro Caixa']));
    }
  });

  it("shows a member only their own credits and their organization's", async () => {
    const demo = await t.signin('demo@fluxo.example');
    const org = await orgNamed(demo, 'Fluxo Demo, Lda');
    for (const [email, name] of [
      ['pos@fluxo.example', 'Pedro Caixa'],
      ['cash@fluxo.example', 'Carla Tesouraria'],
    ] as const) {
      const token = await t.signin(email);
      const response = await get('/api/v1/subscription', token, org);
      expect(response.statusCode, email).toBe(200);
      const view = response.json();
      expect(view).toMatchObject({ planName: 'premium', isOwner: false });
      expect(view.userCredits).toEqual([{ userId: idOf(token), name, credits: 0 }]);
      expect(view.organizationCredits).toEqual([
        { organizationId: org, name: 'Fluxo Demo, Lda', credits: 50 },
      ]);
      expect(response.body, email).not.toContain('Ana Demo');
      expect(response.body, email).not.toContain(idOf(demo));
    }
  });

  it("shows a member who may see the organization's settings its members' credits, no other organization's", async () => {
    const demo = await t.signin('demo@fluxo.example');
    const org = await orgNamed(demo, 'Fluxo Demo, Lda');
    const viewer = await memberWith(demo, org, ['organization.settings.1']);
    const view = (await get('/api/v1/subscription', viewer, org)).json();
    expect(view.isOwner).toBe(false);
    expect(names(view)).toEqual(['Ana Demo', 'Carla Tesouraria', 'Pedro Caixa', 'Zé Membro']);
    expect(view.userCredits[0]).toMatchObject({ name: 'Ana Demo', credits: 20 });

    // The accountant's subscription carries the firm and three clients: a member of one client sees it alone.
    const accountant = await t.signin('accountant@fluxo.example');
    const client = await orgNamed(accountant, 'Padaria Central, Lda');
    const cashier = await memberWith(accountant, client, ['treasury.cash.1']);
    const manager = await memberWith(accountant, client, ['organization.settings.1']);
    const ids = (view: { userCredits: { userId: string }[] }) => view.userCredits.map((u) => u.userId).sort();
    const byCashier = (await get('/api/v1/subscription', cashier, client)).json();
    expect(byCashier.organizationCredits.map((o: { name: string }) => o.name)).toEqual([
      'Padaria Central, Lda',
    ]);
    expect(ids(byCashier)).toEqual([idOf(cashier)]);
    const byManager = (await get('/api/v1/subscription', manager, client)).json();
    expect(byManager.organizationCredits.map((o: { name: string }) => o.name)).toEqual([
      'Padaria Central, Lda',
    ]);
    expect(ids(byManager)).toEqual([idOf(accountant), idOf(cashier), idOf(manager)].sort());
    // The owner sees the firm and its three clients, and every member.
    const byOwner = await subscriptionOf(accountant);
    expect(byOwner.organizationCredits).toHaveLength(4);
    expect(ids(byOwner)).toEqual(expect.arrayContaining([idOf(cashier), idOf(manager)]));
  });

  it('refuses the subscription of an organization the caller is not in, and without a token', async () => {
    const demo = await t.signin('demo@fluxo.example');
    const org = await orgNamed(demo, 'Fluxo Demo, Lda');
    const stranger = await t.signin('ao.owner@fluxo.example');
    const refused = await get('/api/v1/subscription', stranger, org);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Ana Demo');
    expect((await t.call({ method: 'GET', url: '/api/v1/subscription', orgId: org })).statusCode).toBe(401);
  });
});

describe('changing plan', () => {
  it('previews the cost, upgrades (old subscription 4), and replays a repeated request', async () => {
    const owner = await t.signin('ao.owner@fluxo.example');
    const intent = await get(
      '/api/v1/subscription/change-plan-intent?planName=premium&billingInterval=2',
      owner,
    );
    expect(intent.statusCode).toBe(200);
    const [option] = intent.json().options;
    expect(option).toMatchObject({
      planName: 'premium',
      billingInterval: 2,
      kind: 'upgrade',
      priceCents: 149000,
      allowed: true,
    });
    expect(option.creditCents).toBeGreaterThan(70_000);
    expect(option.amountDueCents).toBe(149000 - option.creditCents);
    const all = await get('/api/v1/subscription/change-plan-intent', owner);
    expect(all.json().options.find((o: { kind: string }) => o.kind === 'same').allowed).toBe(false);

    const before = await subscriptionOf(owner);
    const key = randomUUID();
    const change = () =>
      t.call({
        method: 'POST',
        url: '/api/v1/subscription/change-plan',
        token: owner,
        headers: { 'idempotency-key': key },
        payload: { planName: 'premium', billingInterval: 2 },
      });
    const [first, second] = await Promise.all([change(), change()]);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const { subscription, payment } = first.json();
    expect(subscription).toMatchObject({ planName: 'premium', status: 0 });
    expect(payment).toMatchObject({ purpose: 'plan_change', amountCents: option.amountDueCents });
    const old = await one<{ status: number }>(sql`SELECT status FROM subscriptions WHERE id = ${before.id}`);
    expect(old.status).toBe(4);
    expect((await subscriptionOf(owner)).id).toBe(subscription.id);
    await t.call({ method: 'POST', url: `/api/v1/admin/payments/${payment.id}/confirm`, token: admin });
    expect((await subscriptionOf(owner)).status).toBe(1);
    const locked = await t.signin('locked@fluxo.example');
    const refused = await t.call({
      method: 'POST',
      url: '/api/v1/subscription/change-plan',
      token: locked,
      headers: { 'idempotency-key': randomUUID() },
      payload: { planName: 'premium', billingInterval: 1 },
    });
    expect(refused.json().code).toBe('PLAN_NOT_AVAILABLE');
  });
});

describe('renewal jobs', () => {
  it('run once with two app instances on one database, and survive as rows', async () => {
    const owner = await one<{ id: string }>(sql`SELECT id FROM users WHERE email = 'inactive@fluxo.example'`);
    // In the past, so that running its jobs never reaches the demo subscriptions' dates.
    const start = new Date(Date.now() - 60 * DAY_MS);
    const id = await t.database.db.transaction((tx) =>
      startTrial(tx, { ownerId: owner.id, planName: 'plus', now: start }),
    );
    const end = new Date(start.getTime() + 14 * DAY_MS);

    // A second instance: its own app and, on PostgreSQL, its own connection pool.
    let second: Database = t.database;
    if (TEST_DATABASE_KIND === 'postgres') {
      const { name } = await one<{ name: string }>(sql`SELECT current_database() AS name`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openDatabase({
        databaseUrl: url.toString(),
        dataDir: t.dataDir,
        inMemoryDatabase: false,
      });
    }
    try {
      const now = new Date(end.getTime() + 3_600_000);
      const [a, b] = await Promise.all([
        runDueJobs(t.database.db, handlers, { now, worker: 'instance-a' }),
        runDueJobs(second.db, handlers, { now, worker: 'instance-b' }),
      ]);
      expect(a.ran + b.ran).toBe(1);
      expect(a.failed + b.failed).toBe(0);
    } finally {
      if (second !== t.database) await second.close();
    }
    const payments = await rows<{ amount_cents: string; purpose: string }>(
      t.database.db,
      sql`SELECT amount_cents::text, purpose FROM payments WHERE subscription_id = ${id}`,
    );
    expect(payments).toEqual([{ amount_cents: '3900', purpose: 'subscription' }]);
    const renewed = await one<{ status: number; is_trial: boolean; start_date: Date; end_date: Date }>(
      sql`SELECT status, is_trial, start_date, end_date FROM subscriptions WHERE id = ${id}`,
    );
    expect(renewed).toMatchObject({ status: 0, is_trial: false });
    expect(new Date(renewed.start_date).getTime()).toBe(end.getTime());
    const jobs = await rows<{ status: string; done_by: string | null }>(
      t.database.db,
      sql`SELECT status, done_by FROM scheduled_jobs WHERE kind = 'subscription.renew' AND subject_id = ${id} ORDER BY due_at`,
    );
    expect(jobs.map((j) => j.status)).toEqual(['done', 'pending']);

    // The first invoice is paid (0 → 1), then the owner cancels and the period's end completes it (2 → 3).
    const token = await t.signin('inactive@fluxo.example');
    const [invoice] = (await get(`/api/v1/subscription/${id}/payments/pending`, token)).json();
    await t.call({ method: 'POST', url: `/api/v1/admin/payments/${invoice.id}/confirm`, token: admin });
    expect((await subscriptionOf(token)).status).toBe(1);
    const canceled = await t.call({ method: 'POST', url: '/api/v1/subscription/cancel', token });
    expect(canceled.json()).toMatchObject({ status: 2, statusText: 'CANCELED', nextRenewal: null });
    await runDueJobs(t.database.db, handlers, { now: new Date(new Date(renewed.end_date).getTime() + 1000) });
    const completed = await one<{ status: number }>(sql`SELECT status FROM subscriptions WHERE id = ${id}`);
    expect(completed.status).toBe(3);
  });
});

describe('lifecycle: trial → invoice → locked → paid → unlocked', () => {
  it('walks every step and announces the unlock in real time', async () => {
    const trial = await t.signin('trial@fluxo.example');
    const trialOrg = decodeClaims(trial).defaultOrg as string;
    const userId = decodeClaims(trial).sub as string;
    const before = await subscriptionOf(trial);
    expect(before).toMatchObject({ status: 1, isTrial: true, planName: 'essential' });
    const end = new Date(before.endDate).getTime();

    await runDueJobs(t.database.db, handlers, { now: new Date(end + 60_000) });
    const invoiced = await subscriptionOf(trial);
    expect(invoiced).toMatchObject({ status: 1, isTrial: false });
    const pending = await get(`/api/v1/subscription/${before.id}/payments/pending`, trial);
    expect(pending.statusCode).toBe(200);
    const [invoice] = pending.json();
    expect(invoice).toMatchObject({
      purpose: 'subscription',
      amountCents: 1900,
      vatCents: 437,
      totalCents: 2337,
      status: 0,
    });

    // Still unpaid at the end of the 15-day grace period: locked.
    await runDueJobs(t.database.db, handlers, { now: new Date(end + 14 * DAY_MS) });
    expect((await subscriptionOf(trial)).status).toBe(1);
    await runDueJobs(t.database.db, handlers, { now: new Date(end + 15 * DAY_MS + 60_000) });
    expect((await subscriptionOf(trial)).status).toBe(5);
    const blocked = await get('/api/v1/subscription/orgcredits', trial, trialOrg);
    expect(blocked.statusCode).toBe(200);
    const lockedRoute = await get(`/api/v1/addon/cost/organization/${trialOrg}?key=extra_user`, trial);
    expect(lockedRoute.statusCode).toBe(200);

    // The customer pays by transfer; an Admin confirms it arrived.
    const chosen = await t.call({
      method: 'PUT',
      url: `/api/v1/subscription/${before.id}/payments/${invoice.id}`,
      token: trial,
      payload: { type: 3 },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ type: 3, status: 1, transfer: { iban: billing.transferIban } });
    expect(chosen.json().transfer.reference).toMatch(/^FLX-/);
    const notAdmin = await t.call({
      method: 'POST',
      url: `/api/v1/admin/payments/${invoice.id}/confirm`,
      token: trial,
    });
    expect(notAdmin.statusCode).toBe(403);
    const confirmed = await t.call({
      method: 'POST',
      url: `/api/v1/admin/payments/${invoice.id}/confirm`,
      token: admin,
    });
    expect(confirmed.json()).toMatchObject({ status: 3 });
    expect((await subscriptionOf(trial)).status).toBe(1);
    const again = await t.call({
      method: 'POST',
      url: `/api/v1/admin/payments/${invoice.id}/confirm`,
      token: admin,
    });
    expect(again.json().code).toBe('PAYMENT_NOT_PAYABLE');

    const messages = await rows<{ type: string; data: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT type, data FROM realtime_messages WHERE user_id = ${userId} ORDER BY seq`,
    );
    const types = messages.map((m) => m.type);
    expect(types).toContain('SUBSCRIPTION_UNLOCKED');
    expect(messages.find((m) => m.type === 'ORGANIZATION_UNLOCKED')?.data).toEqual({
      OrganizationId: trialOrg,
    });
    expect(messages.find((m) => m.type === 'SUBSCRIPTION_UNLOCKED')?.data).toMatchObject({
      SubscriptionId: before.id,
    });
    const audit = await rows<{ event: string; from_status: number; to_status: number }>(
      t.database.db,
      sql`SELECT event, from_status, to_status FROM subscription_events WHERE subscription_id = ${before.id} ORDER BY created_at`,
    );
    expect(audit).toEqual([
      { event: 'renew', from_status: 1, to_status: 1 },
      { event: 'overdue', from_status: 1, to_status: 5 },
      { event: 'pay', from_status: 5, to_status: 1 },
    ]);
  });
});

describe('payments', () => {
  it('offers Multibanco, direct debit with a valid IBAN, transfer; card only with Stripe', async () => {
    const locked = await t.signin('locked@fluxo.example');
    const methods = await get('/api/v1/subscription/payment-methods', locked);
    expect(methods.json().methods.map((m: { name: string }) => m.name)).toEqual([
      'multibanco',
      'directDebit',
      'transfer',
    ]);
    const subscription = await subscriptionOf(locked);
    expect(subscription.status).toBe(5);
    // The locked seed has no invoice yet: its renewal issues one.
    await runDueJobs(t.database.db, handlers, {
      now: new Date(new Date(subscription.endDate).getTime() + 1000),
    });
    const [payment] = (await get(`/api/v1/subscription/${subscription.id}/payments/pending`, locked)).json();
    const pay = (payload: object, token = locked, subscriptionId = subscription.id) =>
      t.call({
        method: 'PUT',
        url: `/api/v1/subscription/${subscriptionId}/payments/${payment.id}`,
        token,
        payload,
      });
    expect((await pay({ type: 4 })).json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const webhook = await t.call({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1","type":"checkout.session.completed"}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const badIban = await pay({ type: 2, iban: 'PT50000201231234567890155', holderName: 'Luís Bloqueado' });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().code).toBe('INVALID_IBAN');
    const multibanco = await pay({ type: 1 });
    expect(multibanco.json()).toMatchObject({
      type: 1,
      status: 1,
      multibanco: { entity: billing.multibancoEntity },
    });
    expect(multibanco.json().multibanco.reference).toMatch(/^\d{9}$/);
    const debit = await pay({
      type: 2,
      iban: 'PT50 0002 0123 1234 5678 9015 4',
      holderName: 'Luís Bloqueado',
    });
    expect(debit.json()).toMatchObject({
      type: 2,
      status: 2,
      directDebit: { documentType: 2, ibanMasked: 'PT50*****************0154' },
    });
    expect((await pay({ type: 1 })).json().code).toBe('PAYMENT_NOT_PAYABLE');
    const demo = await t.signin('demo@fluxo.example');
    // Another customer's subscription: the same 403 as one that does not exist, so nothing leaks.
    expect((await pay({ type: 1 }, demo)).statusCode).toBe(403);
    expect((await get(`/api/v1/subscription/${subscription.id}/payments/pending`, demo)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/subscription/${randomUUID()}/payments/pending`, demo)).statusCode).toBe(403);
    expect((await pay({ type: 9 })).statusCode).toBe(400);
  });
});

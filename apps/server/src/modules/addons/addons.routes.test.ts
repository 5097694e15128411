import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';
import { consumeCredits } from './addons.service.ts';

let t: TestApp;
let demo: string;
let demoOrg: string;
let demoUser: string;
let trial: string;
let trialOrg: string;
let accountant: string;
let firm: string;
let aoOrg: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.signin('demo@fluxo.example');
  const claims = decodeClaims(demo);
  demoOrg = claims.defaultOrg as string;
  demoUser = claims.sub as string;
  aoOrg = Object.keys(claims.permissions as object).find((id) => id !== demoOrg)!;
  trial = await t.signin('trial@fluxo.example');
  trialOrg = decodeClaims(trial).defaultOrg as string;
  accountant = await t.signin('accountant@fluxo.example');
  firm = decodeClaims(accountant).defaultOrg as string;
});
afterAll(async () => {
  await t?.close();
});

const buy = (
  token: string,
  payload: object,
  key: string | null = randomUUID(),
  url = '/api/v1/addon/ondemand',
) => t.call({ method: 'POST', url, token, payload, headers: key ? { 'idempotency-key': key } : {} });

describe('add-on cost', () => {
  it('prices an organization add-on on the server, with expiration and maximum', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/organization/${demoOrg}?key=extra_user`,
      token: demo,
    });
    expect(response.statusCode).toBe(200);
    const cost = response.json();
    expect(cost).toMatchObject({
      key: 'extra_user',
      currency: 'EUR',
      isMonthly: true,
      reachedMaximum: false,
      maximum: 20,
    });
    expect(Number.isInteger(cost.price)).toBe(true);
    expect(cost.price).toBeGreaterThan(0);
    expect(cost.price).toBeLessThanOrEqual(500 * 12);
    expect(cost.expirationDate).not.toBeNull();
  });

  it('prices a user add-on for oneself only', async () => {
    const own = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/user/${demoUser}?key=user_credits`,
      token: demo,
    });
    expect(own.json()).toMatchObject({
      price: 1000,
      priceWithoutDiscount: 1000,
      isMonthly: false,
      expirationDate: null,
    });
    const other = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/user/${decodeClaims(trial).sub}?key=user_credits`,
      token: demo,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('SELF_ONLY');
  });

  it('gives founders their discount', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/organization/${firm}?key=organization_credits`,
      token: accountant,
    });
    expect(response.json()).toMatchObject({ price: 800, priceWithoutDiscount: 1000 });
  });

  it('refuses another organization, an unknown key and an add-on outside the plan', async () => {
    const foreign = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/organization/${firm}?key=extra_user`,
      token: demo,
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/organization/${demoOrg}?key=gold_bars`,
      token: demo,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_ADDON');
    const notInPlan = await t.call({
      method: 'GET',
      url: `/api/v1/addon/cost/organization/${trialOrg}?key=portfolio_client`,
      token: trial,
    });
    expect(notInPlan.statusCode).toBe(403);
    expect(notInPlan.json().code).toBe('ADDON_NOT_IN_PLAN');
  });

  it('tells what a resource costs in credits', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/v1/addon/resource/cost?key=saft_import',
      token: demo,
    });
    expect(response.json()).toEqual({ key: 'saft_import', credits: 5, payer: 'organization' });
    const bad = await t.call({ method: 'GET', url: '/api/v1/addon/resource/cost?key=nope', token: demo });
    expect(bad.json().code).toBe('UNKNOWN_ADDON');
  });
});

describe('on-demand purchase', () => {
  it('buys organization credits: the server prices, credits arrive, a payment is asked for', async () => {
    const before = (
      await t.call({ method: 'GET', url: '/api/v1/subscription/orgcredits', token: demo, orgId: demoOrg })
    ).json();
    const response = await buy(demo, { key: 'organization_credits', quantity: 2, organizationId: demoOrg });
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt.totalCents).toBe(2000);
    expect(receipt.organizationCredits).toBe(before.credits + 200);
    expect(receipt.payments).toHaveLength(1);
    expect(receipt.payments[0]).toMatchObject({
      purpose: 'addon',
      amountCents: 2000,
      vatRateBasisPoints: 2300,
      vatCents: 460,
      totalCents: 2460,
    });
    expect(receipt.payments[0].multibanco.reference).toMatch(/^\d{9}$/);
    const list = await t.call({ method: 'GET', url: '/api/v1/addon/paymentlist', token: demo });
    expect(
      list.json().some((p: { purchaseId: string }) => p.purchaseId === receipt.items[0].purchaseId),
    ).toBe(true);
  });

  it('returns the first answer to a repeated request and buys once', async () => {
    const key = randomUUID();
    const first = await buy(demo, { key: 'user_credits', quantity: 1 }, key);
    const second = await buy(demo, { key: 'user_credits', quantity: 1 }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const reused = await buy(demo, { key: 'user_credits', quantity: 2 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('buys once when N identical requests arrive together', async () => {
    const key = randomUUID();
    const credits = async () =>
      (await t.call({ method: 'GET', url: '/api/v1/subscription/usercredits', token: demo })).json().credits;
    const before = await credits();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => buy(demo, { key: 'user_credits', quantity: 1 }, key)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(responses.map((r) => r.json().items[0].purchaseId));
    expect(ids.size).toBe(1);
    expect(await credits()).toBe(before + 100);
  });

  it('never passes the maximum, even with concurrent different keys', async () => {
    const cost = async () =>
      (
        await t.call({
          method: 'GET',
          url: `/api/v1/addon/cost/organization/${aoOrg}?key=organization_credits`,
          token: demo,
        })
      ).json();
    expect((await cost()).reachedMaximum).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        buy(demo, { key: 'organization_credits', quantity: 3, organizationId: aoOrg }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('ADDON_MAXIMUM_REACHED');
    const after = await cost();
    expect(after.held).toBe(9);
    const last = await buy(demo, { key: 'organization_credits', quantity: 1, organizationId: aoOrg });
    expect(last.statusCode).toBe(201);
    expect((await cost()).reachedMaximum).toBe(true);
    const over = await buy(demo, { key: 'organization_credits', quantity: 1, organizationId: aoOrg });
    expect(over.json().code).toBe('ADDON_MAXIMUM_REACHED');
  });

  it('buys several add-ons in one purchase', async () => {
    const response = await buy(
      demo,
      {
        items: [
          { key: 'extra_user', quantity: 2, organizationId: demoOrg },
          { key: 'bank_connection', quantity: 1, organizationId: demoOrg },
        ],
      },
      randomUUID(),
      '/api/v1/addon/ondemand/multiple',
    );
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt.items.map((i: { key: string }) => i.key)).toEqual(['extra_user', 'bank_connection']);
    expect(receipt.totalCents).toBe(receipt.items[0].price + receipt.items[1].price);
    expect(receipt.items[0].price).toBe(receipt.items[0].unitPrice * 2);
  });

  it('buys directly on trial, and refuses the trial route when not on trial', async () => {
    const onTrial = await buy(
      trial,
      { key: 'organization_credits', quantity: 1, organizationId: trialOrg },
      randomUUID(),
      '/api/v1/addon/ondemand/trial',
    );
    expect(onTrial.statusCode).toBe(201);
    expect(onTrial.json().organizationCredits).toBe(100);
    const notTrial = await buy(
      demo,
      { key: 'user_credits', quantity: 1 },
      randomUUID(),
      '/api/v1/addon/ondemand/trial',
    );
    expect(notTrial.statusCode).toBe(409);
    expect(notTrial.json().code).toBe('NOT_ON_TRIAL');
  });

  it('refuses bad input with clear codes', async () => {
    const negative = await buy(demo, { key: 'user_credits', quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.quantity' }],
    });
    const unknown = await buy(demo, { key: 'gold_bars', quantity: 1 });
    expect(unknown.json().code).toBe('UNKNOWN_ADDON');
    const foreignOrg = await buy(demo, { key: 'extra_user', quantity: 1, organizationId: firm });
    expect(foreignOrg.statusCode).toBe(403);
    const foreignUser = await buy(demo, {
      key: 'user_credits',
      quantity: 1,
      userId: decodeClaims(trial).sub,
    });
    expect(foreignUser.statusCode).toBe(403);
    const priced = await buy(demo, { key: 'user_credits', quantity: 1, price: 1, priceWithoutDiscount: 1 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().code).toBe('CLIENT_PRICE_REFUSED');
    const noKey = await buy(demo, { key: 'user_credits', quantity: 1 }, null);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const pos = await t.signin('pos@fluxo.example');
    const member = await buy(pos, { key: 'extra_user', quantity: 1, organizationId: demoOrg });
    expect(member.statusCode).toBe(403);
    const locked = await t.signin('locked@fluxo.example');
    const lockedBuy = await buy(locked, { key: 'user_credits', quantity: 1 });
    expect(lockedBuy.statusCode).toBe(402);
    expect(lockedBuy.json().code).toBe('ORGANIZATION_LOCKED');
  });
});

describe('credits', () => {
  it('are spent by the resources that cost them, never below zero', async () => {
    const spent = await consumeCredits(t.database.db, { resource: 'saft_import', organizationId: trialOrg });
    expect(spent.credits).toBe(5);
    await expect(
      consumeCredits(t.database.db, {
        resource: 'business_evaluation_report',
        organizationId: trialOrg,
        uses: 100,
      }),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_CREDITS' });
  });
});

describe('portfolio add-ons', () => {
  it('lists add-ons by country with the clients that hold them, and buys for clients', async () => {
    const offer = await t.call({
      method: 'GET',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
    });
    expect(offer.statusCode).toBe(200);
    const body = offer.json();
    expect(body.addons.map((a: { key: string }) => a.key)).toContain('pt_efatura');
    expect(body.addons[0].price).toBe(240);
    expect(body.clients).toHaveLength(3);
    const client = body.clients[0].organizationId;
    const bought = await t.call({
      method: 'POST',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
      headers: { 'idempotency-key': randomUUID() },
      payload: { clients: [{ organizationId: client, addons: ['pt_efatura', 'pt_seg_social'] }] },
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().items).toHaveLength(2);
    const again = await t.call({
      method: 'POST',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
      headers: { 'idempotency-key': randomUUID() },
      payload: { clients: [{ organizationId: client, addons: ['pt_efatura'] }] },
    });
    expect(again.json().code).toBe('ADDON_MAXIMUM_REACHED');
    const after = await t.call({
      method: 'GET',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
    });
    const held = after.json().clients.find((c: { organizationId: string }) => c.organizationId === client);
    expect(held.addons).toEqual(['pt_efatura', 'pt_seg_social']);
    const aoKey = await t.call({
      method: 'POST',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
      headers: { 'idempotency-key': randomUUID() },
      payload: { clients: [{ organizationId: client, addons: ['ao_seg_social'] }] },
    });
    expect(aoKey.json().code).toBe('UNKNOWN_ADDON');
    const notClient = await t.call({
      method: 'POST',
      url: '/api/v1/portfolio/addons?country=pt',
      token: accountant,
      orgId: firm,
      headers: { 'idempotency-key': randomUUID() },
      payload: { clients: [{ organizationId: demoOrg, addons: ['pt_efatura'] }] },
    });
    expect(notClient.statusCode).toBe(403);
    const noPortfolio = await t.call({
      method: 'GET',
      url: '/api/v1/portfolio/addons?country=pt',
      token: demo,
      orgId: firm,
    });
    expect(noPortfolio.statusCode).toBe(403);
  });
});

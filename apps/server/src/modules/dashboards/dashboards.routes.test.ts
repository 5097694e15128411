import { DASHBOARD_WIDGETS } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: string;
let pos: string;
let aoOwner: string;
let demoOrg: string;
let aoOrg: string;

const get = (url: string, token = owner, orgId = demoOrg) => t.call({ method: 'GET', url, token, orgId });
const put = (payload: object, token = owner, orgId = demoOrg) =>
  t.call({ method: 'PUT', url: '/api/v1/dashboards/layout', token, orgId, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  aoOwner = await t.signin('ao.owner@fluxo.example');
  demoOrg = decodeClaims(owner).defaultOrg as string;
  aoOrg = decodeClaims(aoOwner).defaultOrg as string;
  // Pedro (treasury.pos only) may open the dashboards, and reads billing's current account too.
  const posUser = decodeClaims(await t.signin('pos@fluxo.example')).sub as string;
  await t.database.db.execute(
    sql`UPDATE organization_members SET permissions = permissions
          || '{"dashboards.dashboards": 1, "billing.outstandingInvoices": 1}'::jsonb
        WHERE organization_id = ${demoOrg} AND user_id = ${posUser}`,
  );
  pos = await t.signin('pos@fluxo.example');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/dashboards', () => {
  it("shows the demo company's real figures, the same as each module's own route", async () => {
    const response = await get('/api/v1/dashboards');
    expect(response.statusCode, response.body).toBe(200);
    const { layout, available, data } = response.json();
    // Every widget but the daily chart, whose feature flag is off.
    expect(available).toEqual(DASHBOARD_WIDGETS.filter((w) => w !== 'dailyBalances'));
    expect(layout.widgets).toEqual(available);

    const wallets = (await get('/api/v1/treasury/accounts')).json();
    expect(data.balances.total).toEqual({
      currency: wallets.total.currency,
      balance: wallets.total.balance,
      missingRates: wallets.total.missingRates,
    });
    expect(data.balances.total.balance).not.toBe(0);
    expect(data.balances.accounts.map((a: { balance: number }) => a.balance)).toEqual(
      wallets.accounts.map((a: { balance: number }) => a.balance),
    );

    const receivables = (await get('/api/v1/billing/current-account?role=customer')).json();
    expect(data.receivables.totals).toEqual(receivables.totals);
    const payables = (await get('/api/v1/billing/current-account?role=supplier')).json();
    expect(data.payables.totals).toEqual(payables.totals);

    const queue = (await get('/api/v1/accounting/reconciliation/accounts')).json() as {
      unreconciled: number;
    }[];
    expect(data.unreconciled.total).toBe(queue.reduce((sum, a) => sum + a.unreconciled, 0));
    expect(data.unreconciled.total).toBeGreaterThan(0);

    const [attach] = await rows<{ count: string }>(
      t.database.db,
      sql`SELECT count(*) FROM treasury_transactions WHERE organization_id = ${demoOrg}
          AND amount < 0 AND document_count = 0 AND transfer_transaction_id IS NULL`,
    );
    expect(data.documentsToAttach.count).toBe(Number(attach!.count));

    expect(data.taxDeadlines.basis).toBe('organization');
    expect(data.taxDeadlines.items).toHaveLength(4);
    const today = new Date().toISOString().slice(0, 10);
    for (const item of data.taxDeadlines.items) expect(item.due >= today).toBe(true);
  });

  it('shows the daily balances chart when its feature flag is on', async () => {
    await t.database.db.execute(
      sql`UPDATE feature_flags SET enabled = true WHERE name = 'dailyBalancesDashboardFeature'`,
    );
    try {
      const { available, data } = (await get('/api/v1/dashboards', aoOwner, aoOrg)).json();
      expect(available).toContain('dailyBalances');
      expect(data.dailyBalances.points).toHaveLength(90);
      const wallets = (await get('/api/v1/treasury/accounts', aoOwner, aoOrg)).json();
      expect(data.dailyBalances.points.at(-1).balance).toBe(wallets.total.balance);
      expect(data.taxDeadlines).toMatchObject({ regime: 'monthly', basis: 'country' });
    } finally {
      await t.database.db.execute(
        sql`UPDATE feature_flags SET enabled = false WHERE name = 'dailyBalancesDashboardFeature'`,
      );
    }
  });

  it('gives each member only the widgets of the resources they may read', async () => {
    const response = await get('/api/v1/dashboards', pos);
    expect(response.statusCode, response.body).toBe(200);
    const { available, layout, data } = response.json();
    expect(available).toEqual(['receivables', 'payables']);
    expect(layout.widgets).toEqual(['receivables', 'payables']);
    expect(Object.keys(data).sort()).toEqual(['payables', 'receivables']);
    // Carla holds treasury.cash but not dashboards.dashboards: no dashboard at all.
    const cash = await t.signin('cash@fluxo.example');
    expect((await get('/api/v1/dashboards', cash)).statusCode).toBe(403);
    expect((await get('/api/v1/dashboards/layout', cash)).statusCode).toBe(403);
  });

  it('refuses an organization the caller is not in', async () => {
    expect((await get('/api/v1/dashboards', aoOwner, demoOrg)).statusCode).toBe(403);
    expect((await get('/api/v1/dashboards/layout', aoOwner, demoOrg)).statusCode).toBe(403);
    expect((await put({ widgets: ['balances'] }, aoOwner, demoOrg)).statusCode).toBe(403);
  });
});

describe('the layout', () => {
  it('is saved per user and organization and drives the dashboard', async () => {
    const saved = await put({ widgets: ['unreconciled', 'balances'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ widgets: ['unreconciled', 'balances'] });
    expect((await get('/api/v1/dashboards/layout')).json()).toEqual({
      widgets: ['unreconciled', 'balances'],
    });
    const dashboard = (await get('/api/v1/dashboards')).json();
    expect(dashboard.layout.widgets).toEqual(['unreconciled', 'balances']);
    expect(Object.keys(dashboard.data).sort()).toEqual(['balances', 'unreconciled']);
    // The same user in another organization, and another member here, keep their own layouts.
    expect((await get('/api/v1/dashboards/layout', owner, aoOrg)).json().widgets).toContain('taxDeadlines');
    expect((await get('/api/v1/dashboards/layout', aoOwner, aoOrg)).json().widgets).toContain('taxDeadlines');
    expect((await get('/api/v1/dashboards/layout', pos)).json()).toEqual({
      widgets: ['receivables', 'payables'],
    });
    // An empty dashboard is a layout too.
    expect((await put({ widgets: [] })).json()).toEqual({ widgets: [] });
    expect((await get('/api/v1/dashboards')).json().data).toEqual({});
  });

  it('refuses a bad layout with a translated 4xx and keeps the saved one', async () => {
    await put({ widgets: ['balances'] });
    for (const payload of [
      { widgets: ['balances', 'balances'] },
      { widgets: ['cashflowForecast'] },
      { widgets: 'balances' },
      {},
    ]) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // Pedro may not place a widget he may not read.
    const refused = await put({ widgets: ['balances'] }, pos);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].messageKey).toBe('DASHBOARDS.WIDGET_NOT_AVAILABLE');
    expect((await get('/api/v1/dashboards/layout')).json()).toEqual({ widgets: ['balances'] });
    expect((await get('/api/v1/dashboards/layout', pos)).json()).toEqual({
      widgets: ['receivables', 'payables'],
    });
  });
});

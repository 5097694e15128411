import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import {
  type EbStandInTransaction,
  type EnableBankingStandIn,
  STAND_IN_APPLICATION_ID,
  standInKeys,
  startEnableBankingStandIn,
} from '../../test/enable-banking-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { syncJobHandlers } from '../treasury/sync/sync.service.ts';
import { createConnectors } from './connections.routes.ts';

// The Enable Banking consent flow end to end through the API and a local stand-in of the aggregator:
// banks, POST /auth, the bank's redirect back with code and state, the session, account discovery,
// history (paged) then incremental sync without duplicates, 429, an expired session and its renewal.

const CGD = 'enablebanking:PT:Caixa Geral de Depositos';
const IBAN_MAIN = 'PT50003506510000123456789';
const IBAN_SECOND = 'PT50003506510000987654321';

let standIn: EnableBankingStandIn;
let t: TestApp;
let token: string;
let demoOrg: string;
let handlers: ReturnType<typeof syncJobHandlers>;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const entry = (
  ref: string,
  days: number,
  amount: string,
  indicator: 'CRDT' | 'DBIT',
  extra: Partial<EbStandInTransaction> = {},
): EbStandInTransaction => ({
  entry_reference: ref,
  booking_date: daysAgo(days),
  value_date: daysAgo(days),
  transaction_amount: { currency: 'EUR', amount },
  credit_debit_indicator: indicator,
  status: 'BOOK',
  ...extra,
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.call({ method, url, token, orgId: demoOrg, ...(payload ? { payload } : {}) });
const runSyncs = (later = 1) =>
  runDueJobs(t.database.db, handlers, { now: new Date(Date.now() + later * 1000) });
const messages = (type: string, key: string, value: string) =>
  rows<{ data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT data FROM realtime_messages WHERE type = ${type} AND data->>${key} = ${value}`,
  );

async function accountRows(connectionId: string) {
  return rows<{
    id: string;
    opening_date: string;
    sync_status: string;
    sync_error: string | null;
    provider_account_id: string;
    last_synced_at: Date | null;
  }>(
    t.database.db,
    sql`SELECT id, opening_date::text, sync_status, sync_error, provider_account_id, last_synced_at
        FROM treasury_accounts WHERE connection_id = ${connectionId} ORDER BY iban`,
  );
}

async function balanceOf(accountId: string) {
  const [row] = await rows<{ balance: string; count: string }>(
    t.database.db,
    sql`SELECT a.opening_balance + coalesce(sum(x.amount), 0) AS balance, count(x.id) AS count
        FROM treasury_accounts a LEFT JOIN treasury_transactions x ON x.account_id = a.id
        WHERE a.id = ${accountId} GROUP BY a.id`,
  );
  return { balance: Number(row!.balance), count: Number(row!.count) };
}

/** What the web does on /treasury/wallets?code=…&state=…: POST /connections/{state}/ok with the code. */
async function comeBack(redirect: string) {
  const back = new URL(redirect);
  const state = back.searchParams.get('state')!;
  const code = back.searchParams.get('code');
  const error = back.searchParams.get('error');
  return call('POST', `/api/v1/connections/${state}/ok`, {
    ...(code ? { code } : {}),
    ...(error ? { error } : {}),
  });
}

beforeAll(async () => {
  standIn = await startEnableBankingStandIn();
  standIn.banks.set('Caixa Geral de Depositos', [
    {
      iban: IBAN_MAIN,
      currency: 'EUR',
      name: 'Conta DO Empresas',
      balance: '10480.25',
      transactions: [
        entry('E-1', 70, '1500.00', 'DBIT', { creditor: { name: 'Imobiliária Tejo, Lda' } }),
        entry('E-2', 50, '2980.25', 'CRDT', {
          debtor: { name: 'Tecnosul, Lda' },
          debtor_account: { iban: 'PT50001800031234567890182' },
          remittance_information: ['FT 2026/44'],
        }),
        entry('E-3', 20, '0.75', 'DBIT', { remittance_information: ['Comissão'] }),
        entry('E-4', 10, '120.00', 'CRDT', { debtor: { name: 'Padaria Central' } }),
        entry('E-5', 2, '45.90', 'DBIT', { creditor: { name: 'EDP Comercial' } }),
        { ...entry('P-1', 0, '999.99', 'DBIT'), status: 'PDNG' },
      ],
    },
    { iban: IBAN_SECOND, currency: 'EUR', name: 'Conta poupança', balance: '3000.00', transactions: [] },
  ]);
  const env = {
    ENABLE_BANKING_APPLICATION_ID: STAND_IN_APPLICATION_ID,
    // As kept in a one-line environment variable.
    ENABLE_BANKING_PRIVATE_KEY: standInKeys.privateKeyPem.replace(/\n/g, '\\n'),
    ENABLE_BANKING_API_BASE: standIn.url,
    JOBS_POLL_MS: '0',
  };
  t = await createTestApp({ env });
  handlers = syncJobHandlers({
    connectors: createConnectors(loadConfig(env as NodeJS.ProcessEnv)),
    intervalHours: 6,
  });
  token = await t.signin('demo@fluxo.example');
  demoOrg = (
    await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('Enable Banking', () => {
  let connectionId: string;
  let authorizationUrl: string;

  it('lists the banks of a country beside the sandbox', async () => {
    const pt = await call('GET', '/api/v1/connections/institutions?country=PT');
    expect(pt.statusCode, pt.body).toBe(200);
    expect(pt.json().map((i: { code: string }) => i.code)).toEqual([
      'FLUXO_SANDBOX',
      CGD,
      'enablebanking:PT:Millennium BCP',
    ]);
    expect(pt.json()[1]).toMatchObject({
      consentFlow: 'redirect',
      country: 'PT',
      name: 'Caixa Geral de Depositos',
    });
  });

  it('starts the authorisation with the connection as state, and a redirect URL without a query', async () => {
    const created = await call('POST', '/api/v1/connections', { institutionCode: CGD, name: 'CGD' });
    expect(created.statusCode, created.body).toBe(201);
    connectionId = created.json().id;
    authorizationUrl = created.json().authorizationUrl;
    expect(created.json()).toMatchObject({
      provider: 'enablebanking',
      status: 'created',
      authorizationUrl: expect.stringContaining(`${standIn.url}/eb/authorize/`),
    });
    const auth = standIn.requests.find((r) => r.path === '/auth')!;
    expect(auth.body).toMatchObject({
      aspsp: { name: 'Caixa Geral de Depositos', country: 'PT' },
      state: connectionId,
      redirect_url: 'http://localhost/treasury/wallets',
      psu_type: 'business',
    });
    const validDays =
      (Date.parse((auth.body.access as { valid_until: string }).valid_until) - Date.now()) / 86_400_000;
    expect(Math.round(validDays)).toBe(180);
    // Without the code nothing happens yet.
    const early = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(early.json()).toMatchObject({ connection: { status: 'created' }, created: 0 });
  });

  it('back with the code: a session, its accounts, and the first sync over every page', async () => {
    const visit = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    const ok = await comeBack(visit.headers.get('location')!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ created: 2, connection: { status: 'connected' } });
    const [row] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${connectionId}`,
    );
    expect(standIn.sessions.has(row!.provider_reference)).toBe(true);

    expect((await runSyncs()).failed).toBe(0);
    const [main, second] = await accountRows(connectionId);
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_048_025, count: 5 });
    expect(main!.opening_date).toBe(daysAgo(70));
    expect(await balanceOf(second!.id)).toEqual({ balance: 300_000, count: 0 });
    const pages = standIn.requests.filter((r) => r.path.endsWith('/transactions'));
    expect(pages.filter((r) => r.query.has('continuation_key')).length).toBeGreaterThanOrEqual(2);
    expect(pages.every((r) => r.query.get('transaction_status') === 'BOOK')).toBe(true);
    const [tecnosul] = await rows<{ amount: string; counterparty_iban: string; remittance_info: string }>(
      t.database.db,
      sql`SELECT amount, counterparty_iban, remittance_info FROM treasury_transactions
          WHERE account_id = ${main!.id} AND provider_transaction_id = 'E-2'`,
    );
    expect(Number(tecnosul!.amount)).toBe(298_025);
    expect(tecnosul).toMatchObject({
      counterparty_iban: 'PT50001800031234567890182',
      remittance_info: 'FT 2026/44',
    });
  });

  it('refresh adds nothing twice; a 429 says until when and keeps the sync window', async () => {
    const [main] = await accountRows(connectionId);
    const refresh = await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    expect(refresh.statusCode, refresh.body).toBe(200);
    await runSyncs();
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_048_025, count: 5 });
    const [synced] = await accountRows(connectionId);

    standIn.rateLimit(1, 600);
    await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    await runSyncs();
    const [limited] = await accountRows(connectionId);
    expect(limited!.sync_status).toBe('error');
    expect(limited!.sync_error).toMatch(/^Rate-limited until \d{4}-/);
    expect(new Date(limited!.last_synced_at!).getTime()).toBe(new Date(synced!.last_synced_at!).getTime());
    await runSyncs(605);
    expect((await accountRows(connectionId))[0]!.sync_status).toBe('ok');
  });

  it('an expired session marks the accounts; renewal re-links them without importing again', async () => {
    const [row] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${connectionId}`,
    );
    const before = await accountRows(connectionId);
    standIn.expire(row!.provider_reference);
    await call('POST', `/api/v1/treasury/accounts/${before[0]!.id}/refresh`);
    await runSyncs();
    expect((await accountRows(connectionId)).map((a) => a.sync_status)).toEqual([
      'consent_expired',
      'consent_expired',
    ]);
    const changed = await messages('CONNECTION_STATUS_CHANGED', 'Status', 'consent_expired');
    expect(changed.length).toBeGreaterThan(0);

    const renewed = await call('PATCH', `/api/v1/connections/${connectionId}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const authorizationId = new URL(renewed.json().authorizationUrl).pathname.split('/').at(-1)!;
    const ok = await comeBack(standIn.authorise(authorizationId));
    expect(ok.json()).toMatchObject({ created: 0, connection: { status: 'connected' } });
    expect(standIn.sessions.has(row!.provider_reference)).toBe(false);
    const after = await accountRows(connectionId);
    expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id));
    expect(after[0]!.provider_account_id).not.toBe(before[0]!.provider_account_id);
    await runSyncs();
    expect(await balanceOf(after[0]!.id)).toEqual({ balance: 1_048_025, count: 5 });
  });

  it('renewing ahead of expiry keeps the connection syncing until the new consent holds', async () => {
    const [row] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${connectionId}`,
    );
    const renewed = await call('PATCH', `/api/v1/connections/${connectionId}/renew`);
    expect(renewed.json()).toMatchObject({ status: 'connected' });
    // Meanwhile the old session still feeds the accounts.
    const [main] = await accountRows(connectionId);
    standIn.banks.get('Caixa Geral de Depositos')![0]!.transactions.push(entry('E-6', 0, '10.00', 'CRDT'));
    standIn.banks.get('Caixa Geral de Depositos')![0]!.balance = '10490.25';
    await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    await runSyncs();
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_049_025, count: 6 });
    expect(standIn.sessions.has(row!.provider_reference)).toBe(true);
    const authorizationId = new URL(renewed.json().authorizationUrl).pathname.split('/').at(-1)!;
    const ok = await comeBack(standIn.authorise(authorizationId));
    expect(ok.json()).toMatchObject({ created: 0, connection: { status: 'connected' } });
    expect(standIn.sessions.has(row!.provider_reference)).toBe(false);
    await runSyncs();
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_049_025, count: 6 });
  });

  it('a refusal at the bank ends the connection in error', async () => {
    const created = await call('POST', '/api/v1/connections', { institutionCode: CGD, name: 'Refused' });
    const authorizationId = new URL(created.json().authorizationUrl).pathname.split('/').at(-1)!;
    const ok = await comeBack(standIn.deny(authorizationId));
    expect(ok.json()).toMatchObject({ connection: { status: 'error' }, accounts: [] });
  });
});

describe('without an aggregator configured', () => {
  let bare: TestApp;
  let bareToken: string;
  let bareOrg: string;
  beforeAll(async () => {
    bare = await createTestApp({ env: { JOBS_POLL_MS: '0' } });
    bareToken = await bare.signin('demo@fluxo.example');
    bareOrg = (
      await rows<{ id: string }>(
        bare.database.db,
        sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
      )
    )[0]!.id;
  });
  afterAll(async () => {
    await bare?.close();
  });
  const bareCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    bare.call({ method, url, token: bareToken, orgId: bareOrg, ...(payload ? { payload } : {}) });

  it('lists only the sandbox and says AGGREGATOR_NOT_CONFIGURED for aggregator banks', async () => {
    const listed = await bareCall('GET', '/api/v1/connections/institutions');
    expect(listed.json().map((i: { code: string }) => i.code)).toEqual(['FLUXO_SANDBOX']);
    const created = await bareCall('POST', '/api/v1/connections', { institutionCode: CGD, name: 'x' });
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe('AGGREGATOR_NOT_CONFIGURED');
    // A connection made while it was configured: its calls say so too.
    const [row] = await rows<{ id: string }>(
      bare.database.db,
      sql`INSERT INTO bank_connections (organization_id, name, institution_code, auth_type, provider, provider_reference)
          VALUES (${bareOrg}, 'Old', ${CGD}, 'app', 'enablebanking', 'session-1') RETURNING id`,
    );
    const ok = await bareCall('POST', `/api/v1/connections/${row!.id}/ok`);
    expect(ok.statusCode).toBe(409);
    expect(ok.json().code).toBe('AGGREGATOR_NOT_CONFIGURED');
  });

  it('the sandbox bank alone connects, discovers, syncs and refreshes', async () => {
    const created = await bareCall('POST', '/api/v1/connections', {
      institutionCode: 'FLUXO_SANDBOX',
      name: 'Sandbox',
      authType: 'token',
    });
    const { id } = created.json();
    await bareCall('POST', `/api/v1/connections/${id}/setup`);
    const answer = await bareCall('POST', `/api/v1/bankonnector/connections/${id}/auth/token`, {
      value: '123456',
    });
    expect(answer.json().status).toBe('connected');
    const accounts = (await bareCall('GET', `/api/v1/connections/${id}/accounts`)).json();
    expect(accounts.map((a: { iban: string }) => a.iban)).toEqual([
      'PT50001800031234567890182',
      'PT50001800031234567890279',
    ]);
    const bareHandlers = syncJobHandlers({
      connectors: createConnectors(loadConfig({} as NodeJS.ProcessEnv)),
      intervalHours: 6,
    });
    const sync = () => runDueJobs(bare.database.db, bareHandlers, { now: new Date(Date.now() + 1000) });
    expect((await sync()).failed).toBe(0);
    const counted = async () =>
      rows<{ count: string; balance: string; bank_balance: string }>(
        bare.database.db,
        sql`SELECT count(x.id) AS count, a.opening_balance + coalesce(sum(x.amount), 0) AS balance, a.bank_balance
            FROM treasury_accounts a LEFT JOIN treasury_transactions x ON x.account_id = a.id
            WHERE a.id = ${accounts[0].id} GROUP BY a.id`,
      );
    const [first] = await counted();
    expect(Number(first!.count)).toBeGreaterThan(50);
    expect(Number(first!.balance)).toBe(Number(first!.bank_balance));
    const refresh = await bareCall('POST', `/api/v1/treasury/accounts/${accounts[0].id}/refresh`);
    expect(refresh.statusCode, refresh.body).toBe(200);
    await sync();
    const [again] = await counted();
    expect(again).toEqual(first);
    const ok = await bareCall('POST', `/api/v1/connections/${id}/ok`);
    expect(ok.json()).toMatchObject({ created: 0 });
  });
});

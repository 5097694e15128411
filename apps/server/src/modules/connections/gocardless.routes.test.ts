import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import {
  type GoCardlessStandIn,
  STAND_IN_SECRET_ID,
  STAND_IN_SECRET_KEY,
  type StandInTransaction,
  startGoCardlessStandIn,
} from '../../test/gocardless-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { syncJobHandlers } from '../treasury/sync/sync.service.ts';
import { createConnectors } from './connections.routes.ts';

// The GoCardless consent flow end to end through the API and a local stand-in of the aggregator:
// institutions, agreement + requisition, the bank's redirect back, account discovery, history then
// incremental sync without duplicates, rate limits, expired consent and its renewal, deletion.

const CGD = 'gocardless:CGD_CGDIPTPL';
const IBAN_MAIN = 'PT50003506510000123456789';
const IBAN_SECOND = 'PT50003506510000987654321';

let standIn: GoCardlessStandIn;
let t: TestApp;
let token: string;
let demoOrg: string;
let kwanza: string;
let handlers: ReturnType<typeof syncJobHandlers>;

const tx = (
  id: string | null,
  bookingDate: string,
  amount: string,
  extra: Partial<StandInTransaction> = {},
): StandInTransaction => ({
  ...(id ? { transactionId: id } : {}),
  bookingDate,
  valueDate: bookingDate,
  transactionAmount: { amount, currency: 'EUR' },
  ...extra,
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

function stockBanks() {
  standIn.banks.set('CGD_CGDIPTPL', [
    {
      iban: IBAN_MAIN,
      currency: 'EUR',
      name: 'Conta DO Empresas',
      balance: '12500.50',
      booked: [
        tx('T-001', daysAgo(80), '-1200.00', {
          creditorName: 'Imobiliária Tejo, Lda',
          creditorAccount: { iban: 'PT50000201231234567890154' },
          remittanceInformationUnstructured: 'Renda escritorio',
        }),
        tx('T-002', daysAgo(60), '3450.7', {
          debtorName: 'Tecnosul, Lda',
          debtorAccount: { iban: 'PT50001800031234567890182' },
          remittanceInformationUnstructuredArray: ['Fatura FT 2026/12', 'pagamento'],
          endToEndId: 'E2E-TECNOSUL-12',
        }),
        // Some banks give only their internal id.
        tx(null, daysAgo(30), '-0.75', {
          internalTransactionId: 'INT-3',
          remittanceInformationUnstructured: 'Comissao',
        }),
        tx('T-004', daysAgo(5), '-68.45', { creditorName: 'Segurança Social' }),
      ],
      pending: [tx('P-1', daysAgo(0), '-999.99', { creditorName: 'Pendente' })],
    },
    {
      iban: IBAN_SECOND,
      currency: 'EUR',
      name: 'Conta poupança',
      balance: '5000.00',
      booked: [tx('S-1', daysAgo(40), '100.00', { remittanceInformationUnstructured: 'Juros' })],
      pending: [],
    },
  ]);
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who = token,
  orgId = demoOrg,
  payload?: object,
) => t.call({ method, url, token: who, orgId, ...(payload ? { payload } : {}) });

const messages = async (type: string, key: string, value: string) =>
  rows<{ data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT DISTINCT ON (data::text) data FROM realtime_messages WHERE type = ${type} AND data->>${key} = ${value}`,
  );

/** Runs every bank sync due (by `later` seconds from now). */
const runSyncs = (later = 1) =>
  runDueJobs(t.database.db, handlers, { now: new Date(Date.now() + later * 1000) });

async function accountRows(connectionId: string) {
  return rows<{
    id: string;
    iban: string;
    opening_balance: string;
    opening_date: string;
    bank_balance: string | null;
    sync_status: string;
    sync_error: string | null;
    provider_account_id: string;
    connection_id: string | null;
  }>(
    t.database.db,
    sql`SELECT id, iban, opening_balance, opening_date::text, bank_balance, sync_status, sync_error,
               provider_account_id, connection_id
        FROM treasury_accounts WHERE connection_id = ${connectionId} ORDER BY iban`,
  );
}

async function balanceOf(accountId: string) {
  const [row] = await rows<{ balance: string; count: string }>(
    t.database.db,
    sql`SELECT a.opening_balance + coalesce(sum(t.amount), 0) AS balance, count(t.id) AS count
        FROM treasury_accounts a LEFT JOIN treasury_transactions t ON t.account_id = a.id
        WHERE a.id = ${accountId} GROUP BY a.id`,
  );
  return { balance: Number(row!.balance), count: Number(row!.count) };
}

/** Creates a CGD connection, "visits" the bank's page and comes back: the connection with its accounts. */
async function connectCgd(name = 'CGD') {
  const created = await call('POST', '/api/v1/connections', token, demoOrg, { institutionCode: CGD, name });
  expect(created.statusCode, created.body).toBe(201);
  const connection = created.json();
  const visit = await fetch(connection.authorizationUrl, { redirect: 'manual' });
  expect(visit.status).toBe(302);
  const ok = await call('POST', `/api/v1/connections/${connection.id}/ok`);
  expect(ok.statusCode, ok.body).toBe(200);
  return { id: connection.id as string, ok: ok.json() };
}

beforeAll(async () => {
  standIn = await startGoCardlessStandIn();
  stockBanks();
  const env = {
    GOCARDLESS_SECRET_ID: STAND_IN_SECRET_ID,
    GOCARDLESS_SECRET_KEY: STAND_IN_SECRET_KEY,
    GOCARDLESS_API_BASE: standIn.url,
    JOBS_POLL_MS: '0',
  };
  t = await createTestApp({ env });
  handlers = syncJobHandlers({
    connectors: createConnectors(loadConfig(env as NodeJS.ProcessEnv)),
    intervalHours: 6,
  });
  token = await t.signin('demo@fluxo.example');
  const org = async (name: string) =>
    (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!
      .id;
  demoOrg = await org('Fluxo Demo, Lda');
  kwanza = await org('Kwanza Comércio, Lda');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('institutions', () => {
  it('lists the sandbox and the aggregator banks of a country, cached', async () => {
    const before = standIn.requests.filter((r) => r.path === '/api/v2/institutions/').length;
    const pt = await call('GET', '/api/v1/connections/institutions?country=PT');
    expect(pt.statusCode, pt.body).toBe(200);
    const codes = pt.json().map((i: { code: string }) => i.code);
    expect(codes).toEqual(['FLUXO_SANDBOX', CGD, 'gocardless:MILLENNIUMBCP_BCOMPTPL']);
    expect(pt.json()[1]).toMatchObject({
      name: 'Caixa Geral de Depósitos',
      country: 'PT',
      consentFlow: 'redirect',
      historyDays: 730,
      logo: expect.stringMatching(/^https:/),
    });
    const es = await call('GET', '/api/v1/connections/institutions?country=es');
    expect(es.json().map((i: { code: string }) => i.code)).toEqual(['gocardless:BBVA_BBVAESMM']);
    await call('GET', '/api/v1/connections/institutions?country=PT');
    const after = standIn.requests.filter((r) => r.path === '/api/v2/institutions/').length;
    expect(after - before).toBe(2);
    expect((await call('GET', '/api/v1/connections/institutions?country=PTX')).statusCode).toBe(400);
  });
});

describe('consent, discovery and sync', () => {
  let connectionId: string;
  let requisitionId: string;

  it('creates an agreement and a requisition, and answers the bank consent page', async () => {
    const created = await call('POST', '/api/v1/connections', token, demoOrg, {
      institutionCode: CGD,
      name: 'CGD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json();
    connectionId = connection.id;
    expect(connection).toMatchObject({
      status: 'created',
      provider: 'gocardless',
      consentFlow: 'redirect',
      institutionName: 'Caixa Geral de Depósitos',
      authorizationUrl: expect.stringContaining(`${standIn.url}/ob/link/`),
    });
    const [row] = await rows<{ provider: string; provider_reference: string; consent_expires_at: Date }>(
      t.database.db,
      sql`SELECT provider, provider_reference, consent_expires_at FROM bank_connections WHERE id = ${connectionId}`,
    );
    requisitionId = row!.provider_reference;
    const requisition = standIn.requisitions.get(requisitionId)!;
    const back = new URL(requisition.redirect);
    expect(`${back.pathname}${back.search}`).toBe(`/treasury/wallets?connection=${connectionId}`);
    expect(standIn.agreements.get(requisition.agreement)).toMatchObject({
      institution_id: 'CGD_CGDIPTPL',
      max_historical_days: 730,
      access_valid_for_days: 180,
      access_scope: ['balances', 'details', 'transactions'],
    });
    const days = (new Date(row!.consent_expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);
  });

  it('ok before the user consented changes nothing', async () => {
    const early = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({ connection: { status: 'created' }, accounts: [], created: 0 });
  });

  it('an account read failing during discovery raises GET_ACCOUNTS_RETRY, and a retry succeeds', async () => {
    standIn.authorise(requisitionId);
    standIn.rateLimit(1, 30);
    const failed = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('BANK_PROVIDER_UNAVAILABLE');
    expect(await messages('GET_ACCOUNTS_RETRY', 'ConnectionId', connectionId)).toHaveLength(1);
    expect(await accountRows(connectionId)).toEqual([]);
  });

  it('back from the bank: discovers the accounts and schedules their first sync', async () => {
    const ok = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body.created).toBe(2);
    expect(body.connection).toMatchObject({ status: 'connected', consentExpiringSoon: false });
    expect(body.accounts).toEqual([
      expect.objectContaining({
        name: 'Conta DO Empresas',
        iban: IBAN_MAIN,
        currency: 'EUR',
        institution: 'Caixa Geral de Depósitos',
        syncStatus: 'ok',
      }),
      expect.objectContaining({ name: 'Conta poupança', iban: IBAN_SECOND }),
    ]);
    const statuses = await messages('CONNECTION_STATUS_CHANGED', 'Status', 'connected');
    expect(
      statuses.some((m) => (m.data.ExtraData as { ConnectionId: string }).ConnectionId === connectionId),
    ).toBe(true);
    const [kind] = await rows<{ kind: string }>(
      t.database.db,
      sql`SELECT kind FROM treasury_accounts WHERE connection_id = ${connectionId} LIMIT 1`,
    );
    expect(kind!.kind).toBe('bank');
    // Asking again finds the same accounts.
    const again = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(again.json().created).toBe(0);
    const listed = await call('GET', `/api/v1/connections/${connectionId}/accounts`);
    expect(listed.json()).toHaveLength(2);
  });

  it('first sync takes the history, booked only, and ends on the bank balance', async () => {
    const outcome = await runSyncs();
    expect(outcome.failed).toBe(0);
    const [main, second] = await accountRows(connectionId);
    const mainBalance = await balanceOf(main!.id);
    expect(mainBalance).toEqual({ balance: 1_250_050, count: 4 });
    expect(main!.opening_date).toBe(daysAgo(80));
    // 12500.50 − (−1200 + 3450.70 − 0.75 − 68.45)
    expect(Number(main!.opening_balance)).toBe(1_250_050 - (-120_000 + 345_070 - 75 - 6_845));
    expect(Number(main!.bank_balance)).toBe(1_250_050);
    expect(main!.sync_status).toBe('ok');
    expect(await balanceOf(second!.id)).toEqual({ balance: 500_000, count: 1 });

    const movements = await rows<{
      provider_transaction_id: string;
      amount: string;
      counterparty_name: string | null;
      counterparty_iban: string | null;
      remittance_info: string | null;
      end_to_end_id: string | null;
      source: string;
      balance_after: string;
    }>(
      t.database.db,
      sql`SELECT provider_transaction_id, amount, counterparty_name, counterparty_iban, remittance_info,
                 end_to_end_id, source, balance_after
          FROM treasury_transactions WHERE account_id = ${main!.id} ORDER BY booking_date, seq`,
    );
    expect(movements.map((m) => m.provider_transaction_id)).toEqual(['T-001', 'T-002', 'INT-3', 'T-004']);
    expect(Number(movements[1]!.amount)).toBe(345_070);
    expect(movements[1]).toMatchObject({
      counterparty_name: 'Tecnosul, Lda',
      counterparty_iban: 'PT50001800031234567890182',
      remittance_info: 'Fatura FT 2026/12 pagamento',
      end_to_end_id: 'E2E-TECNOSUL-12',
      source: 'sync',
    });
    expect(movements[0]).toMatchObject({ counterparty_name: 'Imobiliária Tejo, Lda' });
    expect(Number(movements[0]!.amount)).toBe(-120_000);
    expect(Number(movements.at(-1)!.balance_after)).toBe(1_250_050);
    const [imported] = await rows<{ format: string; status: string; imported: number }>(
      t.database.db,
      sql`SELECT format, status, imported FROM treasury_imports WHERE account_id = ${main!.id}`,
    );
    expect(imported).toMatchObject({ format: 'sync', status: 'done', imported: 4 });
    // The first sync asked for everything (no date_from).
    const first = standIn.requests.filter((r) => r.path.endsWith('/transactions/'));
    expect(first.map((r) => r.query.get('date_from'))).toEqual([null, null]);
  });

  it('refresh now: a job, syncing then ok, incremental from the last sync minus the overlap, no duplicates', async () => {
    const [main] = await accountRows(connectionId);
    const seen = standIn.requests.length;
    const refresh = await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    expect(refresh.statusCode, refresh.body).toBe(200);
    const { jobId } = refresh.json();
    const statuses = async () =>
      (await messages('UPDATE_ACCOUNT_STATUS', 'AccountId', main!.id)).map((m) => m.data.Status);
    expect(await statuses()).toContain('syncing');
    await runSyncs();
    const [job] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM scheduled_jobs WHERE id = ${jobId}`,
    );
    expect(job!.status).toBe('done');
    expect(await statuses()).toContain('ok');
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_250_050, count: 4 });
    const asked = standIn.requests.slice(seen).find((r) => r.path.endsWith('/transactions/'));
    expect(asked?.query.get('date_from')).toBe(daysAgo(3));

    // A new booking arrives at the bank: the next sync adds it, and only it.
    const bank = standIn.banks.get('CGD_CGDIPTPL')![0]!;
    bank.booked.push(tx('T-005', daysAgo(1), '250.00', { debtorName: 'Padaria Central' }));
    bank.balance = '12750.50';
    await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    await runSyncs();
    expect(await balanceOf(main!.id)).toEqual({ balance: 1_275_050, count: 5 });
    const [after] = await accountRows(connectionId);
    expect(Number(after!.bank_balance)).toBe(1_275_050);
    // The access token was cached across every call.
    expect(standIn.tokensIssued()).toBe(2);
  });

  it('a 429 from the bank waits what the headers say, then syncs', async () => {
    const [main] = await accountRows(connectionId);
    standIn.rateLimit(1, 120);
    await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    await runSyncs();
    const [limited] = await accountRows(connectionId);
    expect(limited!.sync_status).toBe('error');
    expect(limited!.sync_error).toMatch(/^Rate-limited until /);
    const [retry] = await rows<{ due_at: Date }>(
      t.database.db,
      sql`SELECT due_at FROM scheduled_jobs WHERE subject_id = ${main!.id} AND status = 'pending' ORDER BY due_at LIMIT 1`,
    );
    const wait = (new Date(retry!.due_at).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(121);
    await runSyncs(125);
    const [recovered] = await accountRows(connectionId);
    expect(recovered!.sync_status).toBe('ok');
  });

  it('an expired consent marks the connection and its accounts and tells the organization', async () => {
    const [main, second] = await accountRows(connectionId);
    standIn.expire(requisitionId);
    await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    await runSyncs();
    const accounts = await accountRows(connectionId);
    expect(accounts.map((a) => a.sync_status)).toEqual(['consent_expired', 'consent_expired']);
    const [connection] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM bank_connections WHERE id = ${connectionId}`,
    );
    expect(connection!.status).toBe('consent_expired');
    const changed = await messages('CONNECTION_STATUS_CHANGED', 'Status', 'consent_expired');
    expect(
      changed.some((m) => (m.data.ExtraData as { ConnectionId: string }).ConnectionId === connectionId),
    ).toBe(true);
    expect(
      (await messages('UPDATE_ACCOUNT_STATUS', 'AccountId', second!.id)).map((m) => m.data.Status),
    ).toContain('consent_expired');
    expect(
      (await messages('VAULT_CONNECTION_REFRESHED', 'ConnectionId', connectionId)).map((m) => m.data.Status),
    ).toContain('consent_expired');
    const listed = (await call('GET', '/api/v1/connections')).json();
    expect(listed.find((c: { id: string }) => c.id === connectionId)).toMatchObject({
      status: 'consent_expired',
      consentExpiringSoon: true,
    });
    const refused = await call('POST', `/api/v1/treasury/accounts/${main!.id}/refresh`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONSENT_EXPIRED');
  });

  it('renew: a new consent, the same accounts under their new ids, nothing imported twice', async () => {
    const renewed = await call('PATCH', `/api/v1/connections/${connectionId}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      status: 'created',
      authorizationUrl: expect.stringContaining('/ob/link/'),
    });
    const [row] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${connectionId}`,
    );
    expect(row!.provider_reference).not.toBe(requisitionId);
    const before = await accountRows(connectionId);
    await fetch(renewed.json().authorizationUrl, { redirect: 'manual' });
    const ok = await call('POST', `/api/v1/connections/${connectionId}/ok`);
    expect(ok.json()).toMatchObject({ created: 0, connection: { status: 'connected' } });
    // The replaced consent is withdrawn once the new one holds.
    expect(standIn.requisitions.has(requisitionId)).toBe(false);
    const after = await accountRows(connectionId);
    expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id));
    expect(after[0]!.provider_account_id).not.toBe(before[0]!.provider_account_id);
    expect(after.map((a) => a.sync_status)).toEqual(['ok', 'ok']);
    await runSyncs();
    expect(await balanceOf(after[0]!.id)).toEqual({ balance: 1_275_050, count: 5 });
  });

  it('rename, then delete: the accounts and movements stay, disconnected', async () => {
    const renamed = await call('POST', `/api/v1/connections/${connectionId}/rename?name=Caixa%20principal`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Caixa principal');
    const accounts = await accountRows(connectionId);
    const [current] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${connectionId}`,
    );
    const deleted = await call('DELETE', `/api/v1/connections/${connectionId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await rows<{ sync_status: string; connection_id: string | null }>(
      t.database.db,
      sql`SELECT sync_status, connection_id FROM treasury_accounts WHERE id IN (${accounts[0]!.id}, ${accounts[1]!.id})`,
    );
    expect(kept).toEqual([
      { sync_status: 'disconnected', connection_id: null },
      { sync_status: 'disconnected', connection_id: null },
    ]);
    expect((await balanceOf(accounts[0]!.id)).count).toBe(5);
    expect(standIn.requisitions.has(current!.provider_reference)).toBe(false);
    const refresh = await call('POST', `/api/v1/treasury/accounts/${accounts[0]!.id}/refresh`);
    expect(refresh.statusCode).toBe(409);
  });

  it('a consent the bank rejects ends the connection in error', async () => {
    const created = await call('POST', '/api/v1/connections', token, demoOrg, {
      institutionCode: CGD,
      name: 'Refused',
    });
    const [row] = await rows<{ provider_reference: string }>(
      t.database.db,
      sql`SELECT provider_reference FROM bank_connections WHERE id = ${created.json().id}`,
    );
    standIn.reject(row!.provider_reference);
    const ok = await call('POST', `/api/v1/connections/${created.json().id}/ok`);
    expect(ok.json()).toMatchObject({ connection: { status: 'error' }, accounts: [] });
  });
});

describe('boundaries', () => {
  it("never reaches another organization's connection or account", async () => {
    const { id } = await connectCgd('Boundary');
    const [account] = await accountRows(id);
    const outsider = await t.signin('ao.owner@fluxo.example');
    for (const [method, url] of [
      ['POST', `/api/v1/connections/${id}/ok`],
      ['PATCH', `/api/v1/connections/${id}/renew`],
      ['GET', `/api/v1/connections/${id}/accounts`],
      ['POST', `/api/v1/connections/${id}/rename?name=x`],
      ['POST', `/api/v1/treasury/accounts/${account!.id}/refresh`],
    ] as const) {
      const own = await call(method, url, outsider, kwanza);
      expect(own.statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, outsider, demoOrg)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('needs treasury.cash (and treasury.refreshData to refresh)', async () => {
    const { id } = await connectCgd('Permissions');
    const [account] = await accountRows(id);
    const pos = await t.signin('pos@fluxo.example'); // no treasury.cash
    const cash = await t.signin('cash@fluxo.example'); // treasury.cash VIEW only
    expect((await call('GET', `/api/v1/connections/${id}/accounts`, pos)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/connections/${id}/ok`, pos)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/connections/${id}/accounts`, cash)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/connections/${id}/ok`, cash)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/v1/connections/${id}/renew`, cash)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/connections/${id}/rename?name=x`, cash)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/treasury/accounts/${account!.id}/refresh`, cash)).statusCode).toBe(
      403,
    );
  });
});

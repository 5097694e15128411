import { randomUUID } from 'node:crypto';
import type { StatementEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { storeRates } from '../../tax/ecb-import.ts';
import { insertEntries, lockAccount } from '../transactions/ingest.ts';
import { findAccountByIban, lockOpenAccount } from './accounts.service.ts';

let t: TestApp;
let owner: string;
let cash: string;
let pos: string;
let aoOwner: string;
let demoOrg: string;
let aoOrg: string;
let cashUserId: string;

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  cash = await t.signin('cash@fluxo.example');
  pos = await t.signin('pos@fluxo.example');
  aoOwner = await t.signin('ao.owner@fluxo.example');
  demoOrg = decodeClaims(owner).defaultOrg as string;
  aoOrg = decodeClaims(aoOwner).defaultOrg as string;
  cashUserId = decodeClaims(cash).sub as string;
});
afterAll(async () => {
  await t?.close();
});

const api = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { token?: string; orgId?: string; payload?: object } = {},
) =>
  t.call({
    method,
    url: `/api/v1/treasury${url}`,
    token: options.token ?? owner,
    orgId: options.orgId ?? demoOrg,
    ...(options.payload ? { payload: options.payload } : {}),
  });

async function createAccount(fields: Record<string, unknown> = {}, token = owner, orgId = demoOrg) {
  const response = await api('POST', '/accounts', {
    token,
    orgId,
    payload: {
      kind: 'bank',
      currency: 'EUR',
      name: `Conta ${randomUUID().slice(0, 8)}`,
      openingDate: '2026-01-01',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [key: string]: unknown };
}

function entry(bookingDate: string, amount: number): StatementEntry {
  return {
    line: 1,
    bookingDate,
    valueDate: null,
    amount,
    currency: null,
    description: `movement ${randomUUID()}`,
    counterpartyName: null,
    counterpartyIban: null,
    remittanceInfo: null,
    endToEndId: null,
    bankReference: null,
    providerTransactionId: null,
    balanceAfter: null,
  };
}

async function addMovements(accountId: string, movements: [string, number][], organizationId = demoOrg) {
  await t.database.db.transaction(async (tx) => {
    const account = await lockAccount(tx, organizationId, accountId);
    await insertEntries(tx, {
      account,
      entries: movements.map(([date, amount]) => entry(date, amount)),
      source: 'manual',
    });
  });
}

async function setGrants(userId: string, grants: Record<string, number>) {
  await t.database.db.execute(
    sql`UPDATE organization_members SET permissions = ${JSON.stringify(grants)}::jsonb
        WHERE organization_id = ${demoOrg} AND user_id = ${userId}`,
  );
}

async function setViewPolicy(enabled: boolean) {
  await t.database.db.execute(
    sql`INSERT INTO feature_flags (name, enabled) VALUES ('transactionsViewPolicyFeature', ${enabled})
        ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`,
  );
}

describe('accounts and wallets', () => {
  it('creates, reads, edits, archives and restores an account, announcing each step', async () => {
    const created = await createAccount({
      name: 'Caixa Geral',
      institution: 'CGD',
      iban: 'pt50 0002 0123 1234 5678 9015 4',
      bic: 'cgdiptpl',
      openingBalance: 150_000,
    });
    expect(created).toMatchObject({
      kind: 'bank',
      name: 'Caixa Geral',
      iban: 'PT50000201231234567890154',
      bic: 'CGDIPTPL',
      currency: 'EUR',
      openingBalance: 150_000,
      balance: 150_000,
      transactionCount: 0,
      lastMovementDate: null,
      visibility: 'all',
      memberIds: [],
      archived: false,
    });
    expect((await api('GET', `/accounts/${created.id}`)).json()).toEqual(created);

    const renamed = await api('PATCH', `/accounts/${created.id}`, {
      payload: { name: 'CGD à ordem', bic: null },
    });
    expect(renamed.json()).toMatchObject({
      name: 'CGD à ordem',
      bic: null,
      iban: 'PT50000201231234567890154',
    });

    await api('PATCH', `/accounts/${created.id}`, { payload: { archived: true } });
    const listed = (await api('GET', '/accounts')).json();
    expect(listed.accounts.map((a: { id: string }) => a.id)).not.toContain(created.id);
    const all = (await api('GET', '/accounts?includeArchived=true')).json();
    expect(all.accounts.find((a: { id: string }) => a.id === created.id)?.archived).toBe(true);
    await api('PATCH', `/accounts/${created.id}`, { payload: { archived: false } });

    const byIban = await findAccountByIban(t.database.db, demoOrg, 'PT50 0002 0123 1234 5678 9015 4');
    expect(byIban?.id).toBe(created.id);
    expect(await findAccountByIban(t.database.db, aoOrg, 'PT50000201231234567890154')).toBeUndefined();

    const wallet = await createAccount({ kind: 'cash', name: 'Caixa da loja' });
    const events = await rows<{ type: string; data: Record<string, string> }>(
      t.database.db,
      sql`SELECT DISTINCT type, data FROM realtime_messages
          WHERE data->>'AccountId' = ${created.id} OR data->>'WalletId' = ${wallet.id}`,
    );
    const statuses = (type: string) => events.filter((e) => e.type === type).map((e) => e.data.Status);
    expect(statuses('UPDATE_ACCOUNT_STATUS').sort()).toEqual(['archived', 'created', 'restored', 'updated']);
    expect(statuses('UPDATE_WALLET_STATUS')).toEqual(['created']);
  });

  it('accepts a bare NIB as its IBAN and refuses bad IBANs, NIBs, BICs and currencies', async () => {
    const fromNib = await createAccount({ iban: '0002 0123 1234 5678 9015 4' });
    expect(fromNib.iban).toBe('PT50000201231234567890154');

    const refused = async (fields: Record<string, unknown>) => {
      const response = await api('POST', '/accounts', {
        payload: { kind: 'bank', currency: 'EUR', name: 'Má', openingDate: '2026-01-01', ...fields },
      });
      return { status: response.statusCode, body: response.json() };
    };
    expect(await refused({ iban: 'DE89 3704 0044 0532 0130 01' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_IBAN', details: [{ path: 'body.iban', messageKey: 'ERRORS.INVALID_IBAN' }] },
    });
    expect(await refused({ iban: 'PT50 0002 0123 1234 5678 9015 5' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_IBAN', details: [{ messageKey: 'TREASURY.ACCOUNTS.INVALID_NIB' }] },
    });
    expect(await refused({ iban: '000201231234567890155' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_IBAN', details: [{ messageKey: 'TREASURY.ACCOUNTS.INVALID_NIB' }] },
    });
    expect(await refused({ bic: 'CGD1PTPL' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', details: [{ path: 'body.bic' }] },
    });
    expect(await refused({ currency: 'XYZ' })).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        details: [{ path: 'body.currency', messageKey: 'VALIDATION.CURRENCY' }],
      },
    });
    expect((await refused({ currency: 'EURO' })).status).toBe(400);
    const before = (await api('GET', '/accounts?includeArchived=true')).json().accounts.length;
    expect(await refused({ name: 'x', iban: 'nope' })).toMatchObject({ status: 400 });
    expect((await api('GET', '/accounts?includeArchived=true')).json().accounts.length).toBe(before);
  });

  it('keeps the balance exact: opening + movements up to today, running balances follow the opening', async () => {
    const account = await createAccount({ openingBalance: 10_000, openingDate: '2025-06-01' });
    await addMovements(account.id, [
      ['2025-06-02', 2_550],
      ['2025-06-02', -1_001],
      ['2025-07-15', 99_999],
      [daysAgo(1), -7],
      ['2099-01-01', 5_000],
    ]);
    const read = (await api('GET', `/accounts/${account.id}`)).json();
    expect(read).toMatchObject({
      balance: 10_000 + 2_550 - 1_001 + 99_999 - 7,
      transactionCount: 5,
      lastMovementDate: '2099-01-01',
    });

    await api('PATCH', `/accounts/${account.id}`, { payload: { openingBalance: -500 } });
    const [last] = await rows<{ balance_after: string }>(
      t.database.db,
      sql`SELECT balance_after::text FROM treasury_transactions WHERE account_id = ${account.id}
          ORDER BY booking_date DESC, seq DESC LIMIT 1`,
    );
    expect(Number(last!.balance_after)).toBe(-500 + 2_550 - 1_001 + 99_999 - 7 + 5_000);
    expect((await api('GET', `/accounts/${account.id}`)).json().balance).toBe(
      -500 + 2_550 - 1_001 + 99_999 - 7,
    );
  });

  it('refuses movements into an archived account', async () => {
    const account = await createAccount();
    await api('PATCH', `/accounts/${account.id}`, { payload: { archived: true } });
    await expect(
      t.database.db.transaction((tx) => lockOpenAccount(tx, demoOrg, account.id)),
    ).rejects.toMatchObject({ code: 'ACCOUNT_ARCHIVED', statusCode: 409 });
  });

  it('totals per currency and in the organization currency with the latest rates, naming the missing ones', async () => {
    await storeRates(t.database.db, [{ date: today(), currency: 'USD', rate: '1.25' }]);
    // A fresh organization of demo@'s, so that the totals hold only what this test adds.
    const [org] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO organizations (name, vat_number, country, currency) VALUES ('Totais Lda', '509999990', 'PT', 'EUR') RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO organization_members (organization_id, user_id, role, permissions)
          SELECT ${org!.id}, user_id, 'owner', permissions FROM organization_members
          WHERE organization_id = ${demoOrg} AND role = 'owner'`,
    );
    const orgId = org!.id;
    await createAccount({ currency: 'EUR', openingBalance: 1_000 }, owner, orgId);
    await createAccount({ currency: 'EUR', openingBalance: 2_000 }, owner, orgId);
    const usd = await createAccount({ currency: 'USD', openingBalance: 12_500 }, owner, orgId);
    await addMovements(usd.id, [['2026-01-02', 1]], orgId);
    await createAccount({ currency: 'AOA', openingBalance: 100_000 }, owner, orgId);
    await createAccount({ currency: 'JPY', openingBalance: 0 }, owner, orgId);
    const list = (await api('GET', '/accounts', { orgId })).json();
    expect(list.totals).toEqual([
      { currency: 'AOA', balance: 100_000 },
      { currency: 'EUR', balance: 3_000 },
      { currency: 'JPY', balance: 0 },
      { currency: 'USD', balance: 12_501 },
    ]);
    // 125.01 USD at 1.25 = 100.008 EUR → 100.01 EUR; JPY's rate comes from the bundled ECB history.
    expect(list.total).toEqual({
      currency: 'EUR',
      balance: 3_000 + 10_001,
      rateDate: today(),
      missingRates: ['AOA'],
    });
  });
});

describe('daily balances', () => {
  it('gives each account its end-of-day balance from its start, and the total converted with each day’s rate', async () => {
    await storeRates(t.database.db, [
      { date: '2026-03-02', currency: 'USD', rate: '1.25' },
      { date: '2026-03-05', currency: 'USD', rate: '1.6' },
    ]);
    const eur = await createAccount({ openingBalance: 1_000, openingDate: '2026-03-03' });
    await addMovements(eur.id, [
      ['2026-03-04', 500],
      ['2026-03-04', -200],
      ['2026-03-06', 100],
      ['2026-03-09', 7],
    ]);
    const usd = await createAccount({ currency: 'USD', openingBalance: 8_000, openingDate: '2026-03-01' });
    await addMovements(usd.id, [['2026-02-20', 2_000]]);
    const response = await api(
      'GET',
      `/balances/daily?from=2026-03-02&to=2026-03-07&accountIds=${eur.id},${usd.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.currency).toBe('EUR');
    expect(body.missingRates).toEqual([]);
    const points = (id: string) =>
      body.accounts.find((a: { accountId: string }) => a.accountId === id).points;
    expect(points(eur.id)).toEqual([
      { date: '2026-03-03', balance: 1_000 },
      { date: '2026-03-04', balance: 1_300 },
      { date: '2026-03-05', balance: 1_300 },
      { date: '2026-03-06', balance: 1_400 },
      { date: '2026-03-07', balance: 1_400 },
    ]);
    // The USD account starts on its first movement (20 Feb), before its opening date.
    expect(points(usd.id).map((p: { balance: number }) => p.balance)).toEqual([
      10_000, 10_000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(body.total).toEqual([
      { date: '2026-03-02', balance: 8_000 },
      { date: '2026-03-03', balance: 1_000 + 8_000 },
      { date: '2026-03-04', balance: 1_300 + 8_000 },
      { date: '2026-03-05', balance: 1_300 + 6_250 },
      { date: '2026-03-06', balance: 1_400 + 6_250 },
      { date: '2026-03-07', balance: 1_400 + 6_250 },
    ]);
  });

  it('refuses a reversed or longer-than-two-years range, and accounts of another organization', async () => {
    expect((await api('GET', '/balances/daily?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await api('GET', '/balances/daily?from=2024-01-01&to=2026-01-02')).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await api('GET', '/balances/daily?from=2024-01-01&to=2026-01-01')).statusCode).toBe(200);
    const foreign = await createAccount({ currency: 'AOA' }, aoOwner, aoOrg);
    expect(
      (await api('GET', `/balances/daily?from=2026-01-01&to=2026-01-02&accountIds=${foreign.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('access and the view policy', () => {
  it('never reaches another organization’s account, and refuses members without treasury.cash', async () => {
    const foreign = await createAccount({ currency: 'AOA', name: 'Conta BAI' }, aoOwner, aoOrg);
    expect((await api('GET', `/accounts/${foreign.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `/accounts/${foreign.id}`, { payload: { name: 'Mine' } })).statusCode).toBe(
      404,
    );
    expect((await api('GET', '/accounts')).json().accounts.map((a: { id: string }) => a.id)).not.toContain(
      foreign.id,
    );
    expect((await api('GET', '/accounts', { token: pos })).statusCode).toBe(403);
    expect(
      (await api('GET', `/balances/daily?from=2026-01-01&to=2026-01-02`, { token: pos })).statusCode,
    ).toBe(403);
    // cash@ may look but not create.
    expect((await api('GET', '/accounts', { token: cash })).statusCode).toBe(200);
    expect(
      (
        await api('POST', '/accounts', {
          token: cash,
          payload: { kind: 'cash', currency: 'EUR', name: 'x', openingDate: '2026-01-01' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets only treasury.cashConfigs EDIT or the owner choose who sees an account, among members', async () => {
    const restricted = { visibility: 'restricted', memberIds: [cashUserId] };
    const strangerId = decodeClaims(aoOwner).sub as string;
    expect(
      (
        await api('POST', '/accounts', {
          payload: {
            kind: 'bank',
            currency: 'EUR',
            name: 'x',
            openingDate: '2026-01-01',
            visibility: 'restricted',
            memberIds: [strangerId],
          },
        })
      ).json(),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ messageKey: 'TREASURY.ACCOUNTS.NOT_A_MEMBER' }],
    });
    try {
      await setGrants(cashUserId, { 'treasury.cash': 7 });
      const post = await api('POST', '/accounts', {
        token: cash,
        payload: { kind: 'cash', currency: 'EUR', name: 'Só eu', openingDate: '2026-01-01', ...restricted },
      });
      expect(post.statusCode).toBe(403);
      const plain = await createAccount({ kind: 'cash' }, cash);
      expect(
        (await api('PATCH', `/accounts/${plain.id}`, { token: cash, payload: { name: 'Caixa 2' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await api('PATCH', `/accounts/${plain.id}`, { token: cash, payload: restricted })).statusCode,
      ).toBe(403);
      await setGrants(cashUserId, { 'treasury.cash': 7, 'treasury.cashConfigs': 4 });
      const shared = await api('PATCH', `/accounts/${plain.id}`, { token: cash, payload: restricted });
      expect(shared.json()).toMatchObject({ visibility: 'restricted', memberIds: [cashUserId] });
    } finally {
      await setGrants(cashUserId, { 'treasury.cash': 1 });
    }
  });

  it('shows members only the accounts shared with them when the policy is on; owners always see all', async () => {
    const open = await createAccount({ name: 'Aberta' });
    const mine = await createAccount({
      name: 'Partilhada',
      visibility: 'restricted',
      memberIds: [cashUserId],
    });
    const hidden = await createAccount({ name: 'Reservada', visibility: 'restricted' });
    await addMovements(hidden.id, [['2026-01-02', 100]]);
    const seenBy = async (token: string) =>
      (await api('GET', '/accounts', { token })).json().accounts.map((a: { id: string }) => a.id) as string[];
    try {
      await setViewPolicy(false);
      expect(await seenBy(cash)).toEqual(expect.arrayContaining([open.id, mine.id, hidden.id]));

      await setViewPolicy(true);
      const visible = await seenBy(cash);
      expect(visible).toEqual(expect.arrayContaining([open.id, mine.id]));
      expect(visible).not.toContain(hidden.id);
      expect((await api('GET', `/accounts/${hidden.id}`, { token: cash })).statusCode).toBe(404);
      expect(
        (
          await api('GET', `/balances/daily?from=2026-01-01&to=2026-01-03&accountIds=${hidden.id}`, {
            token: cash,
          })
        ).statusCode,
      ).toBe(404);
      const daily = (
        await api('GET', '/balances/daily?from=2026-01-01&to=2026-01-03', { token: cash })
      ).json();
      expect(daily.accounts.map((a: { accountId: string }) => a.accountId)).not.toContain(hidden.id);
      expect(await seenBy(owner)).toEqual(expect.arrayContaining([open.id, mine.id, hidden.id]));
    } finally {
      await setViewPolicy(false);
    }
  });
});

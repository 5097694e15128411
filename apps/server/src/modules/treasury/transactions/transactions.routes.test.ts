import { type listTransactionsContract, type Transaction, ZTransaction } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rows } from '../../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { DEMO_ACCOUNTS } from '../../demo/seed.ts';
import { VIEW_POLICY_FLAG } from '../accounts/account-scope.ts';
import { SUB_TRANSACTIONS_FLAG } from './split-transaction.ts';
import { addAccount, addCategory, addMerchant, addMovements, setFlag } from './test-fixtures.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let aoOwner: string;
let aoOrgId: string;
const ids: Record<string, string> = {};

/** Names the ids in order (the fixtures answer them in insertion order). */
function name(names: string[], values: string[]) {
  names.forEach((key, index) => {
    ids[key] = values[index]!;
  });
}

const BASE = '/api/v1/treasury/transactions';

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.call({
    method,
    url,
    token: owner,
    orgId,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(query = ''): Promise<z.infer<typeof listTransactionsContract.response>> {
  const response = await call('GET', `${BASE}?limit=500${query ? `&${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const descriptions = async (query: string) =>
  (await list(query)).items.map((item) => item.description).sort();

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin(DEMO_ACCOUNTS.demo);
  orgId = decodeClaims(owner).defaultOrg as string;
  aoOwner = await t.signin(DEMO_ACCOUNTS.aoOwner);
  aoOrgId = decodeClaims(aoOwner).defaultOrg as string;
  const db = t.database.db;
  ids.bank = await addAccount(db, orgId, { name: 'Banco A', opening: 100_000 });
  ids.savings = await addAccount(db, orgId, { name: 'Poupança B' });
  ids.cash = await addAccount(db, orgId, { kind: 'cash', name: 'Caixa' });
  ids.usd = await addAccount(db, orgId, { name: 'Dólares', currency: 'USD' });
  ids.rent = await addCategory(db, orgId, 'Renda');
  ids.fuel = await addCategory(db, orgId, 'Combustível');
  ids.sales = await addCategory(db, orgId, 'Vendas', 'income');
  ids.galp = await addMerchant(db, orgId, 'Galp');
  ids.aoAccount = await addAccount(db, aoOrgId, { name: 'BAI', currency: 'AOA' });
  ids.aoCategory = await addCategory(db, aoOrgId, 'Renda AO');
  name(
    ['aoMovement'],
    await addMovements(db, aoOrgId, ids.aoAccount, [
      { bookingDate: '2026-03-01', amount: -5000, description: 'Renda Luanda' },
    ]),
  );
  const bank = await addMovements(db, orgId, ids.bank, [
    { bookingDate: '2026-03-01', amount: -80_000, description: 'Renda Março', categoryId: ids.rent },
    {
      bookingDate: '2026-03-02',
      amount: -4_550,
      description: 'GALP ENERGIA',
      counterpartyName: 'Galp Açores',
      categoryId: ids.fuel,
      merchantId: ids.galp,
    },
    { bookingDate: '2026-03-03', amount: 250_000, description: 'Transferência cliente Café Óscar' },
    { bookingDate: '2026-03-05', amount: -100_000, description: 'Para poupança' },
    { bookingDate: '2026-03-05', amount: -1_999, description: 'Comissão 100%_conta' },
    { bookingDate: '2026-03-10', amount: -30_000, description: 'Fatura dividida' },
  ]);
  name(['rentMovement', 'fuelMovement', 'income', 'toSavings', 'fee', 'splitMe'], bank);
  name(
    ['fromBank'],
    await addMovements(db, orgId, ids.savings, [
      { bookingDate: '2026-03-06', amount: 100_000, description: 'De conta à ordem' },
    ]),
  );
  name(
    ['usdIn'],
    await addMovements(db, orgId, ids.usd, [
      { bookingDate: '2026-03-04', amount: 12_000, description: 'Stripe payout' },
    ]),
  );
  await db.execute(sql`UPDATE treasury_transactions SET document_count = 2 WHERE id = ${ids.fuelMovement}`);
});
afterAll(async () => {
  await t?.close();
});

describe('movements list', () => {
  it('answers every movement of the organization with running balances, never another one', async () => {
    const { items, nextCursor } = await list();
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(8);
    for (const item of items) expect(ZTransaction.parse(item)).toEqual(item);
    expect(items.map((item) => item.id)).not.toContain(ids.aoMovement);
    // Newest first; the bank's running balance is opening + every earlier movement.
    const bank = items.filter((item) => item.accountId === ids.bank).reverse();
    let balance = 100_000;
    for (const item of bank) {
      balance += item.amount;
      expect(item.runningBalance).toBe(balance);
    }
    expect(items[0]!.bookingDate >= items.at(-1)!.bookingDate).toBe(true);
  });

  it('filters by account, dates, amounts, direction and merchant', async () => {
    expect(await descriptions(`accountIds=${ids.savings},${ids.usd}`)).toEqual([
      'De conta à ordem',
      'Stripe payout',
    ]);
    expect(await descriptions('from=2026-03-05&to=2026-03-06')).toEqual([
      'Comissão 100%_conta',
      'De conta à ordem',
      'Para poupança',
    ]);
    expect(await descriptions('minAmount=-5000&maxAmount=-1999')).toEqual([
      'Comissão 100%_conta',
      'GALP ENERGIA',
    ]);
    expect((await list('direction=in')).items.every((item) => item.amount > 0)).toBe(true);
    expect((await list('direction=in')).items).toHaveLength(3);
    expect(await descriptions(`merchantIds=${ids.galp}`)).toEqual(['GALP ENERGIA']);
    expect(await descriptions('hasDocuments=true')).toEqual(['GALP ENERGIA']);
    expect((await list('hasDocuments=false')).items).toHaveLength(7);
  });

  it('finds text ignoring case and accents, over description and counterparty, with LIKE characters literal', async () => {
    expect(await descriptions('q=cafe oscar')).toEqual(['Transferência cliente Café Óscar']);
    expect(await descriptions('q=TRANSFERENCIA')).toEqual(['Transferência cliente Café Óscar']);
    expect(await descriptions('q=acores')).toEqual(['GALP ENERGIA']);
    expect(await descriptions(`q=${encodeURIComponent('100%_c')}`)).toEqual(['Comissão 100%_conta']);
    expect(await descriptions(`q=${encodeURIComponent('0%c')}`)).toEqual([]);
    expect(await descriptions('q=luanda')).toEqual([]);
  });

  it('refuses a cursor it did not give, or one of another sort', async () => {
    const first = await call('GET', `${BASE}?limit=2&sort=amount_asc`);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBeTruthy();
    expect((await call('GET', `${BASE}?limit=2&sort=date_desc&cursor=${cursor}`)).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await call('GET', `${BASE}?cursor=not-a-cursor`)).statusCode).toBe(400);
    const next = await call('GET', `${BASE}?limit=2&sort=amount_asc&cursor=${cursor}`);
    expect(next.json().items[0].amount).toBeGreaterThanOrEqual(first.json().items[1].amount);
  });

  it('totals the whole filtered set per currency', async () => {
    const small = await call('GET', `${BASE}?limit=1`);
    expect(small.json().items).toHaveLength(1);
    expect(small.json().totals).toEqual([
      {
        currency: 'EUR',
        count: 7,
        income: 350_000,
        expense: -216_549,
        net: 350_000 - 216_549,
      },
      { currency: 'USD', count: 1, income: 12_000, expense: 0, net: 12_000 },
    ]);
  });
});

describe('classification', () => {
  it('sets category, merchant and notes, and the notes become searchable', async () => {
    const response = await call('PATCH', `${BASE}/${ids.income}`, {
      categoryId: ids.sales,
      notes: 'Fatura FT 2026/15 — paga',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ categoryId: ids.sales, notes: 'Fatura FT 2026/15 — paga' });
    expect(await descriptions('q=ft 2026/15')).toEqual(['Transferência cliente Café Óscar']);
    const [event] = await rows<{ data: { TransactionId: string } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE type = 'UPDATE_TRANSACTION' ORDER BY seq DESC LIMIT 1`,
    );
    expect(event?.data.TransactionId).toBe(ids.income);
  });

  it("refuses another organization's category or merchant and changes nothing", async () => {
    const response = await call('PATCH', `${BASE}/${ids.income}`, { categoryId: ids.aoCategory, notes: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('categoryId');
    expect((await call('GET', `${BASE}/${ids.income}`)).json().notes).toBe('Fatura FT 2026/15 — paga');
  });

  it('bulk edits a selection, all or nothing', async () => {
    const response = await call('POST', `${BASE}/bulk`, {
      ids: [ids.fee, ids.toSavings],
      set: { merchantId: ids.galp, notes: 'lote' },
    });
    expect(response.json()).toEqual({ updated: 2 });
    // One UPDATE_TRANSACTION per movement for every member of the organization.
    const [events] = await rows<{ movements: number; members: number; total: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT data->>'TransactionId')::int AS movements, count(DISTINCT user_id)::int AS members,
                 count(*)::int AS total
          FROM realtime_messages WHERE type = 'UPDATE_TRANSACTION' AND data->>'TransactionId' IN (${ids.fee}, ${ids.toSavings})`,
    );
    const [members] = await rows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM organization_members WHERE organization_id = ${orgId}`,
    );
    expect(events).toEqual({ movements: 2, members: members!.count, total: 2 * members!.count });
    expect(await descriptions('q=lote')).toEqual(['Comissão 100%_conta', 'Para poupança']);
    const refused = await call('POST', `${BASE}/bulk`, {
      ids: [ids.fee, ids.aoMovement],
      set: { notes: 'no' },
    });
    expect(refused.statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${ids.fee}`)).json().notes).toBe('lote');
    await call('POST', `${BASE}/bulk`, {
      ids: [ids.fee, ids.toSavings],
      set: { merchantId: null, notes: null },
    });
    expect(await descriptions('q=lote')).toEqual([]);
  });

  it('lists uncategorised movements', async () => {
    expect(await descriptions('uncategorised=true')).toEqual([
      'Comissão 100%_conta',
      'De conta à ordem',
      'Fatura dividida',
      'Para poupança',
      'Stripe payout',
    ]);
  });
});

describe('manual movements', () => {
  it('are entered on cash wallets only and deleted with the balances recomputed', async () => {
    const bank = await call('POST', BASE, {
      accountId: ids.bank,
      bookingDate: '2026-03-01',
      amount: -100,
      description: 'Não',
    });
    expect(bank.json().code).toBe('MANUAL_MOVEMENTS_ONLY');
    const first = await call('POST', BASE, {
      accountId: ids.cash,
      bookingDate: '2026-03-02',
      amount: 5_000,
      description: 'Venda balcão',
      categoryId: ids.sales,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ source: 'manual', runningBalance: 5_000, categoryId: ids.sales });
    // The same movement twice is two movements.
    const twice = await call('POST', BASE, {
      accountId: ids.cash,
      bookingDate: '2026-03-02',
      amount: 5_000,
      description: 'Venda balcão',
    });
    expect(twice.json().runningBalance).toBe(10_000);
    const earlier = await call('POST', BASE, {
      accountId: ids.cash,
      bookingDate: '2026-03-01',
      amount: -700,
      description: 'Café',
    });
    expect(earlier.json().runningBalance).toBe(-700);
    expect((await call('GET', `${BASE}/${twice.json().id}`)).json().runningBalance).toBe(9_300);

    expect((await call('DELETE', `${BASE}/${ids.fee}`)).json().code).toBe('MANUAL_MOVEMENTS_ONLY');
    expect((await call('DELETE', `${BASE}/${earlier.json().id}`)).json()).toEqual({ deleted: true });
    expect((await call('GET', `${BASE}/${twice.json().id}`)).json().runningBalance).toBe(10_000);
    expect((await call('GET', `${BASE}/${earlier.json().id}`)).statusCode).toBe(404);
    for (const id of [first.json().id, twice.json().id]) await call('DELETE', `${BASE}/${id}`);
    expect((await list(`accountIds=${ids.cash}`)).items).toHaveLength(0);

    const archived = await addAccount(t.database.db, orgId, { kind: 'pos', name: 'TPA antigo' });
    await t.database.db.execute(sql`UPDATE treasury_accounts SET archived = true WHERE id = ${archived}`);
    const refused = await call('POST', BASE, {
      accountId: archived,
      bookingDate: '2026-03-02',
      amount: 100,
      description: 'Venda',
    });
    expect(refused.json().code).toBe('ACCOUNT_ARCHIVED');
    expect(
      (
        await call('POST', BASE, {
          accountId: ids.aoAccount,
          bookingDate: '2026-03-02',
          amount: 1,
          description: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('splits', () => {
  it('are refused while the feature is off', async () => {
    await setFlag(t.database.db, SUB_TRANSACTIONS_FLAG, false);
    const response = await call('PUT', `${BASE}/${ids.splitMe}/parts`, { parts: [] });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FEATURE_DISABLED');
  });

  it('need parts that sum to the movement with its sign, and carry the categories', async () => {
    await setFlag(t.database.db, SUB_TRANSACTIONS_FLAG, true);
    const put = (parts: unknown[]) => call('PUT', `${BASE}/${ids.splitMe}/parts`, { parts });
    expect(
      (
        await put([
          { amount: -10_000, categoryId: ids.rent },
          { amount: -10_000, categoryId: null },
        ])
      ).json().code,
    ).toBe('SPLIT_MISMATCH');
    expect(
      (
        await put([
          { amount: -40_000, categoryId: ids.rent },
          { amount: 10_000, categoryId: null },
        ])
      ).json().code,
    ).toBe('SPLIT_MISMATCH');
    expect((await put([{ amount: -30_000, categoryId: ids.rent }])).json().code).toBe('SPLIT_MISMATCH');
    expect(
      (
        await put([
          { amount: -30_000, categoryId: ids.aoCategory },
          { amount: 0, categoryId: null },
        ])
      ).statusCode,
    ).toBe(400);
    const split = await put([
      { amount: -20_000, categoryId: ids.rent, description: 'Escritório' },
      { amount: -10_000, categoryId: null },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json()).toMatchObject({ isSplit: true, categoryId: null });
    expect(split.json().parts.map((part: { amount: number }) => part.amount)).toEqual([-20_000, -10_000]);
    expect(await descriptions(`categoryIds=${ids.rent}`)).toEqual(['Fatura dividida', 'Renda Março']);
    expect(await descriptions('uncategorised=true')).toContain('Fatura dividida');
    // A split movement is categorised by its parts.
    expect((await call('PATCH', `${BASE}/${ids.splitMe}`, { categoryId: ids.fuel })).statusCode).toBe(400);

    const categorised = await put([
      { amount: -20_000, categoryId: ids.rent },
      { amount: -10_000, categoryId: ids.rent },
    ]);
    expect(categorised.statusCode).toBe(200);
    expect(await descriptions('uncategorised=true')).not.toContain('Fatura dividida');
    expect(await descriptions('uncategorised=false')).toContain('Fatura dividida');
    const unsplit = await put([]);
    expect(unsplit.json()).toMatchObject({ isSplit: false, parts: [], categoryId: ids.rent });
  });
});

describe('transfers', () => {
  it('offers the opposite movement on another account and links both sides', async () => {
    const candidates = (
      await call('GET', `${BASE}/${ids.toSavings}/transfer-candidates`)
    ).json() as Transaction[];
    // The exact opposite in the same currency first, then the other currencies' opposite movements.
    expect(candidates.map((item) => item.id)).toEqual([ids.fromBank, ids.usdIn]);
    const usdCandidates = (await call('GET', `${BASE}/${ids.rentMovement}/transfer-candidates`)).json();
    expect(usdCandidates.map((item: Transaction) => item.id)).toEqual([ids.usdIn]);

    expect(
      (await call('PUT', `${BASE}/${ids.toSavings}/transfer`, { counterpartId: ids.fee })).json().code,
    ).toBe('TRANSFER_NOT_POSSIBLE');
    expect(
      (await call('PUT', `${BASE}/${ids.income}/transfer`, { counterpartId: ids.fromBank })).json().code,
    ).toBe('TRANSFER_NOT_POSSIBLE');
    expect(
      (await call('PUT', `${BASE}/${ids.toSavings}/transfer`, { counterpartId: ids.aoMovement })).statusCode,
    ).toBe(404);
    const linked = await call('PUT', `${BASE}/${ids.toSavings}/transfer`, { counterpartId: ids.fromBank });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      transferTransactionId: ids.fromBank,
      transferAccountId: ids.savings,
    });
    expect((await call('GET', `${BASE}/${ids.fromBank}`)).json().transferTransactionId).toBe(ids.toSavings);
    expect(
      (await call('PUT', `${BASE}/${ids.fee}/transfer`, { counterpartId: ids.fromBank })).json().code,
    ).toBe('TRANSFER_NOT_POSSIBLE');

    expect(await descriptions('transfers=only')).toEqual(['De conta à ordem', 'Para poupança']);
    expect((await list('transfers=exclude')).items).toHaveLength(6);
    const eur = (await list()).totals.find((row) => row.currency === 'EUR');
    expect(eur).toEqual({ currency: 'EUR', count: 7, income: 250_000, expense: -116_549, net: 133_451 });

    const unlinked = await call('DELETE', `${BASE}/${ids.fromBank}/transfer`);
    expect(unlinked.json().transferTransactionId).toBeNull();
    expect((await call('GET', `${BASE}/${ids.toSavings}`)).json().transferTransactionId).toBeNull();
  });

  it('links across currencies whatever the amounts, and a deleted manual side unlinks the other', async () => {
    const crossed = await call('PUT', `${BASE}/${ids.usdIn}/transfer`, { counterpartId: ids.rentMovement });
    expect(crossed.statusCode, crossed.body).toBe(200);
    expect(crossed.json().transferAccountId).toBe(ids.bank);
    await call('DELETE', `${BASE}/${ids.usdIn}/transfer`);

    const withdrawal = await call('POST', BASE, {
      accountId: ids.cash,
      bookingDate: '2026-03-05',
      amount: 1_999,
      description: 'Levantamento',
    });
    const cashId = withdrawal.json().id as string;
    expect((await call('PUT', `${BASE}/${cashId}/transfer`, { counterpartId: ids.fee })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `${BASE}/${ids.fee}`)).json().transferTransactionId).toBe(cashId);
    expect((await call('DELETE', `${BASE}/${cashId}`)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${ids.fee}`)).json().transferTransactionId).toBeNull();
  });
});

describe('export', () => {
  it('writes the filtered set as CSV with BOM, semicolons and decimal commas', async () => {
    const response = await call('GET', `${BASE}/export?format=csv&accountIds=${ids.bank}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="movimentos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = response.rawPayload.toString('utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const lines = raw.slice(1).trimEnd().split('\r\n');
    // The demo owner reads Portuguese: Portuguese column names, decimal comma.
    expect(lines[0]!.split(';').slice(0, 4)).toEqual(['Data', 'Data-valor', 'Conta', 'Descrição']);
    expect(lines).toHaveLength(7);
    const galp = lines.find((line) => line.includes('GALP ENERGIA'))!.split(';');
    expect(galp[0]).toBe('2026-03-02');
    expect(galp[7]).toBe('-45,50');
    expect(galp[8]).toBe('EUR');
    expect(galp[9]).toBe('154,50');
    expect(galp[10]).toBe('Combustível');
    expect(galp[11]).toBe('Galp');
  });

  it('writes XLSX with numbers and dates', async () => {
    const response = await call('GET', `${BASE}/export?format=xlsx&q=galp`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Data');
    const row = sheet.getRow(2);
    expect(row.getCell(8).value).toBe(-45.5);
    expect((row.getCell(1).value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(row.getCell(4).value).toBe('GALP ENERGIA');
  });
});

describe('access', () => {
  it("never reaches another organization's movement", async () => {
    expect((await call('GET', `${BASE}/${ids.aoMovement}`)).statusCode).toBe(404);
    expect((await call('PATCH', `${BASE}/${ids.aoMovement}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/${ids.aoMovement}/parts`, { parts: [] })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${ids.aoMovement}/transfer`)).statusCode).toBe(404);
    const ao = await t.call({ method: 'GET', url: `${BASE}?limit=500`, token: aoOwner, orgId: aoOrgId });
    expect(ao.json().items.map((item: Transaction) => item.id)).toEqual([ids.aoMovement]);
  });

  it('refuses a member without treasury.inOut', async () => {
    for (const email of [DEMO_ACCOUNTS.cash, DEMO_ACCOUNTS.pos]) {
      const token = await t.signin(email);
      const response = await t.call({ method: 'GET', url: BASE, token, orgId });
      expect(response.statusCode).toBe(403);
    }
  });

  it('shows a member only the accounts shared with them when the view policy is on', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.cash);
    const [member] = await rows<{ user_id: string }>(
      t.database.db,
      sql`UPDATE organization_members SET permissions = permissions || '{"treasury.inOut": 15}'::jsonb
          WHERE organization_id = ${orgId} AND user_id = (SELECT id FROM users WHERE email = ${DEMO_ACCOUNTS.cash})
          RETURNING user_id`,
    );
    await t.database.db.execute(
      sql`UPDATE treasury_accounts SET visibility = 'restricted' WHERE id IN (${ids.bank}, ${ids.usd})`,
    );
    await t.database.db.execute(
      sql`INSERT INTO treasury_account_members (account_id, user_id, organization_id) VALUES (${ids.usd}, ${member!.user_id}, ${orgId})`,
    );
    const memberList = () =>
      t.call({ method: 'GET', url: `${BASE}?limit=500`, token, orgId }).then((response) => response.json());
    expect((await memberList()).items).toHaveLength(8);
    await setFlag(t.database.db, VIEW_POLICY_FLAG, true);
    try {
      const seen = await memberList();
      expect(new Set(seen.items.map((item: Transaction) => item.accountId))).toEqual(
        new Set([ids.savings, ids.usd]),
      );
      expect(seen.totals.map((row: { count: number }) => row.count)).toEqual([1, 1]);
      const hidden = await t.call({ method: 'GET', url: `${BASE}/${ids.fee}`, token, orgId });
      expect(hidden.statusCode).toBe(404);
      const edit = await t.call({
        method: 'PATCH',
        url: `${BASE}/${ids.fee}`,
        token,
        orgId,
        payload: { notes: 'x' },
      });
      expect(edit.statusCode).toBe(404);
      const csv = await t.call({ method: 'GET', url: `${BASE}/export?format=csv`, token, orgId });
      expect(csv.body.trimEnd().split('\r\n')).toHaveLength(3);
      // The owner still sees everything.
      expect((await list()).items).toHaveLength(8);
    } finally {
      await setFlag(t.database.db, VIEW_POLICY_FLAG, false);
    }
  });
});

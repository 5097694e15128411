import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { VIEW_POLICY_FLAG } from '../accounts/account-scope.ts';
import { addMovements, newAccount, orgOf } from '../rules/treasury-test-data.ts';
import { parseAmount, parseDate, parseSettlementReport } from './pos-settlement-csv.ts';

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'pos-settlements.csv'));

let t: TestApp;
let owner: string;
let posMember: string;
let org: string;
let aoOrg: string;
let terminal: string;
let bank: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = owner,
  orgId = org,
) => t.call({ method, url, token, orgId, ...(payload ? { payload } : {}) });

const importReport = (accountId: string, body: Buffer, token = owner) =>
  t.call({
    method: 'POST',
    url: `/api/v1/treasury/pos/accounts/${accountId}/imports`,
    token,
    orgId: org,
    payload: body,
    headers: { 'content-type': 'text/csv' },
  });

interface Batch {
  id: string;
  reference: string;
  net: number;
  settlementTransactionId: string | null;
  settlementAccountId: string | null;
  settlementDate: string | null;
}

async function batches(
  query = '',
  token = owner,
): Promise<{ items: Batch[]; totals: Record<string, number>[] }> {
  return (await call('GET', `/api/v1/treasury/pos/batches${query}`, undefined, token)).json();
}
const byReference = async (reference: string) =>
  (await batches()).items.find((b) => b.reference === reference) as Batch;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  posMember = await t.signin('pos@fluxo.example');
  org = await orgOf(t.database.db, 'Fluxo Demo, Lda');
  aoOrg = await orgOf(t.database.db, 'Kwanza Comércio, Lda');
  terminal = await newAccount(t.database.db, org, 'pos', { name: 'TPA Loja' });
  bank = await newAccount(t.database.db, org, 'bank', { name: 'Banco' });
});
afterAll(() => t?.close());

describe('the settlement report', () => {
  it('reads amounts and dates by string work, Windows-1252 or UTF-8', () => {
    expect(parseAmount('1.482,90')).toBe(148290);
    expect(parseAmount('-12,3')).toBe(-1230);
    expect(parseAmount('864.75')).toBe(86475);
    expect(parseAmount('1,234.56')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseDate('29/02/2026')).toBeNull();
    expect(parseDate('28/02/2026')).toBe('2026-02-28');
    const fromWindows = parseSettlementReport(FIXTURE);
    const fromUtf8 = parseSettlementReport(Buffer.from(`\uFEFF${FIXTURE.toString('latin1')}`, 'utf8'));
    expect(fromWindows.rejected).toEqual([]);
    expect(fromUtf8).toEqual(fromWindows);
    expect(fromWindows.lines[0]).toEqual({
      line: 2,
      batchDate: '2026-11-02',
      terminal: 'TPA 0012345',
      reference: 'L20261102-01',
      salesCount: 41,
      gross: 148290,
      fees: 1186,
      net: 147104,
      expectedSettlementDate: '2026-11-03',
    });
  });

  it('names every line it refuses', () => {
    const report = Buffer.from(
      [
        'Data;Terminal;Referência do lote;N.º transações;Montante bruto;Comissão;Montante líquido',
        '02/11/2026;TPA 1;A;3;10,00;1,00;9,00',
        '31/11/2026;TPA 1;B;3;10,00;1,00;9,00',
        '03/11/2026;TPA 1;C;3;10,00;1,00;8,00',
        '03/11/2026;TPA 2;D;3;10,00;1,00;9,00',
      ].join('\n'),
    );
    expect(parseSettlementReport(report).rejected.map((r) => [r.line, r.code])).toEqual([
      [3, 'DATE'],
      [4, 'NET_MISMATCH'],
      [5, 'TERMINAL'],
    ]);
    expect(parseSettlementReport(Buffer.from('Data;Valor\n01/01/2026;1,00')).rejected[0]?.code).toBe(
      'HEADER',
    );
  });
});

describe('POS batches', () => {
  it('lets the POS-only member see batches but not change them', async () => {
    expect((await call('GET', '/api/v1/treasury/pos/batches', undefined, posMember)).statusCode).toBe(200);
    const body = {
      accountId: terminal,
      batchDate: '2026-10-01',
      reference: 'X',
      salesCount: 1,
      gross: 100,
      fees: 1,
    };
    expect((await call('POST', '/api/v1/treasury/pos/batches', body, posMember)).statusCode).toBe(403);
    expect((await importReport(terminal, FIXTURE, posMember)).statusCode).toBe(403);
    // And nothing else of the treasury.
    expect((await call('GET', '/api/v1/treasury/rules', undefined, posMember)).statusCode).toBe(403);
  });

  it('creates a batch on a POS wallet only, net = gross − fees, one reference per terminal', async () => {
    const body = {
      accountId: terminal,
      batchDate: '2026-10-01',
      reference: 'M-001',
      salesCount: 12,
      gross: 45_000,
      fees: 360,
      expectedSettlementDate: '2026-10-02',
    };
    const wrong = await call('POST', '/api/v1/treasury/pos/batches', { ...body, accountId: bank });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('accountId');
    const created = await call('POST', '/api/v1/treasury/pos/batches', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ net: 44_640, currency: 'EUR', settlementTransactionId: null });
    const again = await call('POST', '/api/v1/treasury/pos/batches', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('POS_BATCH_DUPLICATE');
  });

  it('imports the report all or nothing, skips known references, and matches a settlement beyond doubt', async () => {
    // The first batch's settlement is already on the bank account, naming the batch.
    const [settlement] = await addMovements(t.database.db, org, bank, [
      { bookingDate: '2026-11-03', amount: 147_104, description: 'TRF SIBS LIQ L20261102-01' },
    ]);
    const broken = Buffer.concat([
      FIXTURE,
      Buffer.from('08/11/2026;TPA 0012345;L20261108-01;5;10,00;1,00;7,00\r\n'),
    ]);
    const refused = await importReport(terminal, broken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('STATEMENT_REJECTED');
    expect(refused.json().details).toEqual([
      expect.objectContaining({ path: 'line.8', messageKey: 'TREASURY.POS.REJECT.NET_MISMATCH' }),
    ]);
    expect((await batches(`?accountIds=${terminal}`)).items).toHaveLength(1);

    const imported = await importReport(terminal, FIXTURE);
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ imported: 6, duplicates: 0, matched: 1 });
    expect((await importReport(terminal, FIXTURE)).json()).toEqual({
      imported: 0,
      duplicates: 6,
      matched: 0,
    });
    expect(await byReference('L20261102-01')).toMatchObject({
      settlementTransactionId: settlement,
      settlementAccountId: bank,
      settlementDate: '2026-11-03',
    });
  });

  it('matches a settlement when its bank movement arrives, unless it could be another batch’s', async () => {
    const [arrived] = await addMovements(t.database.db, org, bank, [
      { bookingDate: '2026-11-05', amount: 119_769, description: 'TRF REDE MULTIBANCO' },
    ]);
    expect((await byReference('L20261103-01')).settlementTransactionId).toBe(arrived);

    // Two credits of the third batch's net: neither is matched, both are offered, the one naming it first.
    const [plain, named] = (await addMovements(t.database.db, org, bank, [
      { bookingDate: '2026-11-05', amount: 200_027, description: 'TRF SIBS' },
      { bookingDate: '2026-11-08', amount: 200_027, description: 'SIBS L20261104-01' },
    ])) as [string, string];
    const third = await byReference('L20261104-01');
    expect(third.settlementTransactionId).toBeNull();
    const candidates = (await call('GET', `/api/v1/treasury/pos/batches/${third.id}/candidates`)).json();
    expect(candidates.map((c: { id: string }) => c.id)).toEqual([named, plain]);
    expect(
      (await call('GET', `/api/v1/treasury/pos/batches/${third.id}/candidates`, undefined, posMember))
        .statusCode,
    ).toBe(200);

    const matched = await call('PUT', `/api/v1/treasury/pos/batches/${third.id}/settlement`, {
      transactionId: plain,
    });
    expect(matched.json()).toMatchObject({ settlementTransactionId: plain, settlementDate: '2026-11-05' });
    expect(
      (
        await call(
          'PUT',
          `/api/v1/treasury/pos/batches/${third.id}/settlement`,
          { transactionId: plain },
          posMember,
        )
      ).statusCode,
    ).toBe(403);

    // A movement already settling a batch, or of the wrong amount, cannot settle another.
    const fourth = await byReference('L20261105-01');
    for (const transactionId of [plain, named]) {
      const refused = await call('PUT', `/api/v1/treasury/pos/batches/${fourth.id}/settlement`, {
        transactionId,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('POS_SETTLEMENT_NOT_POSSIBLE');
    }
    const unmatched = await call('DELETE', `/api/v1/treasury/pos/batches/${third.id}/settlement`);
    expect(unmatched.json()).toMatchObject({ settlementTransactionId: null, settlementDate: null });
  });

  it('totals gross, fees, net, settled and pending per currency in SQL', async () => {
    const { items, totals } = await batches(`?accountIds=${terminal}`);
    const sum = (pick: (b: Batch & { gross: number; fees: number }) => number) =>
      (items as (Batch & { gross: number; fees: number })[]).reduce((total, b) => total + pick(b), 0);
    expect(totals).toEqual([
      {
        currency: 'EUR',
        salesCount: 12 + 41 + 37 + 52 + 29 + 63 + 0,
        gross: sum((b) => b.gross),
        fees: sum((b) => b.fees),
        net: sum((b) => b.net),
        settled: 147_104 + 119_769,
        pending: sum((b) => b.net) - 147_104 - 119_769,
      },
    ]);
    expect((await batches(`?accountIds=${terminal}&settled=true`)).items).toHaveLength(2);
    expect((await batches(`?accountIds=${terminal}&from=2026-11-04&to=2026-11-05`)).items).toHaveLength(2);
  });

  it("keeps another organization's batches out of reach", async () => {
    const ao = await t.signin('ao.owner@fluxo.example');
    const first = await byReference('L20261102-01');
    expect((await call('GET', '/api/v1/treasury/pos/batches', undefined, ao, aoOrg)).json().items).toEqual(
      [],
    );
    expect(
      (await call('GET', `/api/v1/treasury/pos/batches/${first.id}/candidates`, undefined, ao, aoOrg))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/v1/treasury/pos/batches/${first.id}/settlement`, undefined, ao, aoOrg))
        .statusCode,
    ).toBe(404);
    const theirs = await t.call({
      method: 'POST',
      url: `/api/v1/treasury/pos/accounts/${terminal}/imports`,
      token: ao,
      orgId: aoOrg,
      payload: FIXTURE,
      headers: { 'content-type': 'text/csv' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await byReference('L20261102-01')).settlementTransactionId).not.toBeNull();
  });

  it('shows a member only the POS wallets the view policy lets them see', async () => {
    const hidden = await newAccount(t.database.db, org, 'pos', {
      name: 'TPA Reservado',
      visibility: 'restricted',
    });
    await call('POST', '/api/v1/treasury/pos/batches', {
      accountId: hidden,
      batchDate: '2026-11-01',
      reference: 'R-1',
      salesCount: 1,
      gross: 1000,
      fees: 10,
    });
    const references = async () => (await batches('', posMember)).items.map((b) => b.reference);
    expect(await references()).toContain('R-1');
    await t.database.db.execute(
      sql`INSERT INTO feature_flags (name, enabled) VALUES (${VIEW_POLICY_FLAG}, true)
          ON CONFLICT (name) DO UPDATE SET enabled = true`,
    );
    try {
      expect(await references()).not.toContain('R-1');
      expect(await references()).toContain('L20261102-01');
    } finally {
      await t.database.db.execute(
        sql`UPDATE feature_flags SET enabled = false WHERE name = ${VIEW_POLICY_FLAG}`,
      );
    }
    const [row] = await rows<{ n: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM treasury_pos_batches WHERE organization_id = ${org}`,
    );
    expect(Number(row?.n)).toBe(8);
  });
});

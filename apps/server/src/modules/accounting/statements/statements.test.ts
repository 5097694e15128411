import { randomUUID } from 'node:crypto';
import { allGrants } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type PostingLine, postEntry } from '../ledger/post.ts';
import { ensureLedger } from '../ledger/setup.ts';
import { vatBoxes } from './statements.service.ts';

// A small year of a Portuguese company, posted with postEntry, whose statements were worked out by
// hand (amounts in cents), a few entries of an Angolan one, and an empty organization that must see
// none of it. The accounts are the test's own movement accounts under the official parents, so that
// the suite does not depend on how deep the seeded chart goes.

let t: TestApp;
let token: string;
let pt: string;
let ao: string;
let empty: string;

const ACCOUNTS_PT = [
  ['1199', 'Caixa (teste)', '11', 'asset'],
  ['1299', 'Banco (teste)', '12', 'asset'],
  ['2119', 'Clientes (teste)', '21', 'asset'],
  ['2219', 'Fornecedores (teste)', '22', 'liability'],
  ['2419', 'IRC (teste)', '24', 'liability'],
  ['24329', 'IVA dedutível (teste)', '2432', 'asset'],
  ['24339', 'IVA liquidado (teste)', '2433', 'liability'],
  ['2599', 'Financiamentos (teste)', '25', 'liability'],
  ['3299', 'Mercadorias (teste)', '32', 'asset'],
  ['5199', 'Capital (teste)', '51', 'equity'],
  ['6199', 'CMVMC (teste)', '61', 'expense'],
  ['6299', 'FSE (teste)', '62', 'expense'],
  ['6399', 'Pessoal (teste)', '63', 'expense'],
  ['6999', 'Juros suportados (teste)', '69', 'expense'],
  ['7199', 'Vendas (teste)', '71', 'income'],
  ['7299', 'Serviços (teste)', '72', 'income'],
  ['8129', 'Imposto sobre o rendimento (teste)', '812', 'result'],
  ['8189', 'Resultado líquido (teste)', '81', 'result'],
] as const;

const ACCOUNTS_AO = [
  ['4399', 'Depósitos (teste)', '43', 'asset'],
  ['3199', 'Clientes (teste)', '31', 'asset'],
  ['34539', 'IVA liquidado (teste)', '3453', 'liability'],
  ['5199', 'Capital (teste)', '51', 'equity'],
  ['6199', 'Vendas (teste)', '61', 'income'],
  ['7599', 'Outros custos (teste)', '75', 'expense'],
] as const;

async function organization(name: string, country: 'PT' | 'AO', postalCode: string): Promise<string> {
  const { db } = t.database;
  const [demo] = await rows<{ subscription_id: string; user_id: string }>(
    db,
    sql`SELECT o.subscription_id, m.user_id FROM organizations o
        JOIN organization_members m ON m.organization_id = o.id
        JOIN users u ON u.id = m.user_id
        WHERE o.name = 'Fluxo Demo, Lda' AND u.email = 'demo@fluxo.example'`,
  );
  const vat = String(500_000_000 + Math.floor(Math.random() * 99_999_999));
  const [org] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO organizations (name, vat_number, country, currency, postal_code, subscription_id)
        VALUES (${name}, ${vat}, ${country}, ${country === 'AO' ? 'AOA' : 'EUR'}, ${postalCode}, ${demo?.subscription_id})
        RETURNING id`,
  );
  const id = org?.id as string;
  await db.execute(
    sql`INSERT INTO organization_members (organization_id, user_id, role, permissions)
        VALUES (${id}, ${demo?.user_id}, 'owner', ${JSON.stringify(allGrants())}::jsonb)`,
  );
  return id;
}

async function addAccounts(organizationId: string, accounts: readonly (readonly string[])[]) {
  const { db } = t.database;
  await db.transaction((tx) => ensureLedger(tx as never, organizationId));
  for (const [code, name, parent, nature] of accounts)
    await db.execute(
      sql`INSERT INTO accounting_accounts (organization_id, code, name, parent_code, grouping_category, nature)
          VALUES (${organizationId}, ${code}, ${name}, ${parent}, 'GM', ${nature})
          ON CONFLICT (organization_id, code) DO NOTHING`,
    );
}

type Line = [code: string, debit: number, credit: number, vat?: [region: string, rate: number, base: number]];

async function post(
  organizationId: string,
  date: string,
  description: string,
  lines: Line[],
  type: 'N' | 'A' = 'N',
) {
  const posting: PostingLine[] = lines.map(([accountCode, debit, credit, vat]) => ({
    accountCode,
    ...(debit ? { debit } : {}),
    ...(credit ? { credit } : {}),
    ...(vat ? { taxRegion: vat[0], taxRateBasisPoints: vat[1], taxBase: vat[2] } : {}),
  }));
  return t.database.db.transaction((tx) =>
    postEntry(tx as never, {
      organizationId,
      journal: 'general',
      date,
      description,
      transactionType: type,
      sourceType: 'manual',
      lines: posting,
    }),
  );
}

const get = (url: string, org = pt) => t.call({ method: 'GET', url, token, orgId: org });

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false, demoTreasury: false });
  token = await t.signin('demo@fluxo.example');
  pt = await organization('Statements PT, Lda', 'PT', '1000-001');
  ao = await organization('Statements AO, Lda', 'AO', '');
  empty = await organization('Statements Empty, Lda', 'PT', '1000-001');
  await addAccounts(pt, ACCOUNTS_PT);
  await addAccounts(ao, ACCOUNTS_AO);
  await addAccounts(empty, ACCOUNTS_PT);

  // The Portuguese year (2025), by hand:
  await post(pt, '2025-01-02', 'Capital', [
    ['1299', 5_000_000, 0],
    ['5199', 0, 5_000_000],
  ]);
  await post(pt, '2025-02-10', 'Compra de mercadorias', [
    ['3299', 1_000_000, 0],
    ['24329', 230_000, 0, ['PT', 2300, 1_000_000]],
    ['2219', 0, 1_230_000],
  ]);
  await post(pt, '2025-03-15', 'Venda de mercadorias', [
    ['2119', 1_845_000, 0],
    ['7199', 0, 1_500_000],
    ['24339', 0, 345_000, ['PT', 2300, 1_500_000]],
  ]);
  await post(pt, '2025-03-15', 'Custo da venda', [
    ['6199', 600_000, 0],
    ['3299', 0, 600_000],
  ]);
  await post(pt, '2025-04-01', 'Serviço na Madeira', [
    ['2119', 122_000, 0],
    ['7299', 0, 100_000],
    ['24339', 0, 22_000, ['PT-MA', 2200, 100_000]],
  ]);
  await post(pt, '2025-05-05', 'Venda a dinheiro (taxa reduzida)', [
    ['1199', 106_000, 0],
    ['7199', 0, 100_000],
    ['24339', 0, 6_000, ['PT', 600, 100_000]],
  ]);
  await post(pt, '2025-06-10', 'Fornecimentos e serviços', [
    ['6299', 200_000, 0],
    ['24329', 46_000, 0, ['PT', 2300, 200_000]],
    ['1299', 0, 246_000],
  ]);
  await post(pt, '2025-07-01', 'Salários', [
    ['6399', 800_000, 0],
    ['1299', 0, 800_000],
  ]);
  await post(pt, '2025-08-20', 'Recebimento', [
    ['1299', 1_845_000, 0],
    ['2119', 0, 1_845_000],
  ]);
  await post(pt, '2025-09-30', 'Pagamento a fornecedor', [
    ['2219', 1_230_000, 0],
    ['1299', 0, 1_230_000],
  ]);
  await post(pt, '2025-10-01', 'Empréstimo', [
    ['1299', 2_000_000, 0],
    ['2599', 0, 2_000_000],
  ]);
  await post(pt, '2025-11-30', 'Juros', [
    ['6999', 50_000, 0],
    ['1299', 0, 50_000],
  ]);
  await post(pt, '2025-12-15', 'Nota de crédito', [
    ['7199', 50_000, 0],
    ['24339', 11_500, 0, ['PT', 2300, 50_000]],
    ['2119', 0, 61_500],
  ]);
  await post(pt, '2025-12-31', 'Estimativa de IRC', [
    ['8129', 100_000, 0],
    ['2419', 0, 100_000],
  ]);
  // The next year, the previous one not closed.
  await post(pt, '2026-01-15', 'Venda de janeiro', [
    ['1199', 10_000, 0],
    ['7199', 0, 10_000],
  ]);

  // The Angolan company (kwanzas, cents of a kwanza).
  await post(ao, '2025-01-05', 'Capital', [
    ['4399', 10_000_000, 0],
    ['5199', 0, 10_000_000],
  ]);
  await post(ao, '2025-02-01', 'Venda', [
    ['3199', 1_140_000, 0],
    ['6199', 0, 1_000_000],
    ['34539', 0, 140_000, ['AO', 1400, 1_000_000]],
  ]);
  await post(ao, '2025-03-01', 'Renda', [
    ['7599', 300_000, 0],
    ['4399', 0, 300_000],
  ]);
});
afterAll(() => t.close());

const YEAR = 'from=2025-01-01&to=2025-12-31';

describe('trial balance', () => {
  it('gives each account its opening, movement and balance, the parents rolled up, debit = credit', async () => {
    const response = await get(`/api/v1/accounting/trial-balance?${YEAR}`);
    expect(response.statusCode).toBe(200);
    const tb = response.json();
    expect(tb.totals).toMatchObject({
      openingDebit: 0,
      openingCredit: 0,
      debit: 15_235_500,
      credit: 15_235_500,
    });
    expect(tb.totals.debtorBalances).toBe(tb.totals.creditorBalances);
    const row = (code: string) => tb.rows.find((r: { code: string }) => r.code === code);
    expect(row('1299')).toMatchObject({ debit: 8_845_000, credit: 2_326_000, balance: 6_519_000, level: 3 });
    expect(row('12')).toMatchObject({ balance: 6_519_000, level: 2 });
    expect(row('1')).toMatchObject({ balance: 6_625_000, groupingCategory: 'GR', level: 1 });
    expect(row('2119')).toMatchObject({ debit: 1_967_000, credit: 1_906_500, balance: 60_500 });
    expect(row('24339')).toMatchObject({ balance: -361_500 });
    expect(row('7199')).toMatchObject({ balance: -1_550_000 });
    // In chart order (a parent before its children), and no account without a movement.
    const codes = tb.rows.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).not.toContain('78');
    expect(row('2219')).toMatchObject({ debit: 1_230_000, credit: 1_230_000, balance: 0 });
  });

  it('splits what came before the period from the period', async () => {
    const tb = (await get('/api/v1/accounting/trial-balance?from=2025-07-01&to=2025-12-31')).json();
    expect(tb.totals).toMatchObject({
      openingDebit: 9_149_000,
      openingCredit: 9_149_000,
      debit: 6_086_500,
      credit: 6_086_500,
    });
    const bank = tb.rows.find((r: { code: string }) => r.code === '1299');
    expect(bank.openingDebit - bank.openingCredit).toBe(4_754_000);
    expect(bank.balance).toBe(6_519_000);
  });
});

describe('general ledger', () => {
  it('pages an account in posting order with a running balance that ends on the closing balance', async () => {
    const seen: { balance: number; debit: number; credit: number; entryId: string; reference: string }[] = [];
    let cursor: string | null = null;
    let first: { openingBalance: number; closingBalance: number; debit: number; credit: number } | null =
      null;
    do {
      const url: string = `/api/v1/accounting/general-ledger?account=1299&${YEAR}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      first ??= page;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(first).toMatchObject({
      openingBalance: 0,
      debit: 8_845_000,
      credit: 2_326_000,
      closingBalance: 6_519_000,
    });
    expect(seen).toHaveLength(7);
    let balance = 0;
    for (const line of seen) {
      balance += line.debit - line.credit;
      expect(line.balance).toBe(balance);
      expect(line.reference).toMatch(/^2025-\d\d-\d\d DIV \d+\/\d+$/);
    }
    expect(balance).toBe(6_519_000);
  });

  it('starts from the balance before the period, and a parent account lists its sub-accounts', async () => {
    const page = (
      await get('/api/v1/accounting/general-ledger?account=1299&from=2025-07-01&to=2025-12-31')
    ).json();
    expect(page.openingBalance).toBe(4_754_000);
    expect(page.items[0]).toMatchObject({ date: '2025-07-01', credit: 800_000, balance: 3_954_000 });
    const parent = (await get(`/api/v1/accounting/general-ledger?account=1&${YEAR}`)).json();
    expect(parent.closingBalance).toBe(6_625_000);
    expect(new Set(parent.items.map((line: { accountCode: string }) => line.accountCode))).toEqual(
      new Set(['1199', '1299']),
    );
  });
});

describe('balance sheet and income statement (SNC)', () => {
  const line = (statement: { sections: { lines: { key: string; amount: number }[] }[] }, key: string) =>
    statement.sections.flatMap((section) => section.lines).find((l) => l.key === key)?.amount;

  it('lays the year out in the Portaria 220/2015 model: assets = equity + liabilities', async () => {
    const bs = (await get(`/api/v1/accounting/balance-sheet?${YEAR}`)).json();
    expect(bs.chart).toBe('SNC');
    expect(bs.model).toContain('220/2015');
    expect(bs).toMatchObject({
      totalAssets: 7_361_500,
      totalEquity: 4_900_000,
      totalLiabilities: 2_461_500,
      netIncome: -100_000,
    });
    expect(line(bs, 'inventories')).toBe(400_000);
    expect(line(bs, 'customers')).toBe(60_500);
    expect(line(bs, 'stateReceivable')).toBe(276_000);
    expect(line(bs, 'cash')).toBe(6_625_000);
    expect(line(bs, 'capital')).toBe(5_000_000);
    expect(line(bs, 'netIncome')).toBe(-100_000);
    expect(line(bs, 'loans')).toBe(2_000_000);
    expect(line(bs, 'statePayable')).toBe(461_500);
    expect(line(bs, 'suppliers')).toBe(0);
    expect(line(bs, 'equityAndLiabilitiesTotal')).toBe(line(bs, 'assetsTotal'));
  });

  it("carries an unclosed year's result forward into the next year's balance sheet", async () => {
    const bs = (await get('/api/v1/accounting/balance-sheet?from=2026-01-01&to=2026-01-31')).json();
    expect(line(bs, 'netIncome')).toBe(10_000);
    expect(line(bs, 'retainedEarnings')).toBe(-100_000);
    expect(bs.totalAssets).toBe(7_371_500);
    expect(bs.totalEquity + bs.totalLiabilities).toBe(bs.totalAssets);
  });

  it('computes the income statement by nature, sub-totals included', async () => {
    const is = (await get(`/api/v1/accounting/income-statement?${YEAR}`)).json();
    expect(is.model).toContain('resultados por naturezas');
    expect(line(is, 'sales')).toBe(1_650_000);
    expect(line(is, 'costOfGoodsSold')).toBe(-600_000);
    expect(line(is, 'externalServices')).toBe(-200_000);
    expect(line(is, 'staffCosts')).toBe(-800_000);
    expect(line(is, 'ebitda')).toBe(50_000);
    expect(line(is, 'operatingResult')).toBe(50_000);
    expect(line(is, 'interestExpense')).toBe(-50_000);
    expect(line(is, 'resultBeforeTax')).toBe(0);
    expect(line(is, 'incomeTax')).toBe(-100_000);
    expect(is.netIncome).toBe(-100_000);
    const sales = is.sections[0].lines.find((l: { key: string }) => l.key === 'sales');
    expect(sales.accounts.map((a: { code: string }) => a.code)).toEqual(['7199', '7299']);
  });

  it('leaves closing entries (type A) out of the income statement and keeps the balance sheet balanced', async () => {
    // Another organization sells once and closes its year: the sale moves from 7199 to 8189.
    await post(empty, '2025-03-01', 'Venda', [
      ['1199', 50_000, 0],
      ['7199', 0, 50_000],
    ]);
    await post(
      empty,
      '2025-12-31',
      'Apuramento',
      [
        ['7199', 50_000, 0],
        ['8189', 0, 50_000],
      ],
      'A',
    );
    const is = (await get(`/api/v1/accounting/income-statement?${YEAR}`, empty)).json();
    expect(line(is, 'sales')).toBe(50_000);
    const bs = (await get(`/api/v1/accounting/balance-sheet?${YEAR}`, empty)).json();
    expect(bs.totalAssets).toBe(50_000);
    expect(bs.totalEquity).toBe(50_000);
  });
});

describe('PGC (Angola)', () => {
  it('lays out the Decreto 82/2001 balance sheet and income statement', async () => {
    const bs = (await get(`/api/v1/accounting/balance-sheet?${YEAR}`, ao)).json();
    expect(bs.chart).toBe('PGC');
    expect(bs.model).toContain('82/2001');
    expect(bs).toMatchObject({ totalAssets: 10_840_000, totalEquity: 10_700_000, totalLiabilities: 140_000 });
    const is = (await get(`/api/v1/accounting/income-statement?${YEAR}`, ao)).json();
    const lines = is.sections[0].lines as { key: string; amount: number }[];
    const amount = (key: string) => lines.find((l) => l.key === key)?.amount;
    expect(amount('sales')).toBe(1_000_000);
    expect(amount('otherOperatingCosts')).toBe(-300_000);
    expect(amount('operatingResult')).toBe(700_000);
    expect(is.netIncome).toBe(700_000);
    const vat = (await get(`/api/v1/accounting/vat-summary?${YEAR}`, ao)).json();
    expect(vat.rows).toEqual([
      {
        side: 'collected',
        region: 'AO',
        rateBasisPoints: 1400,
        base: 1_000_000,
        vat: 140_000,
        boxes: { base: null, vat: null, annex: null },
      },
    ]);
  });
});

describe('VAT summary', () => {
  it('sums base and VAT per side, region and rate, credit notes netted, with the return boxes', async () => {
    const vat = (await get(`/api/v1/accounting/vat-summary?${YEAR}`)).json();
    expect(vat.seatRegion).toBe('PT');
    expect(vat.rows).toEqual([
      {
        side: 'collected',
        region: 'PT',
        rateBasisPoints: 2300,
        base: 1_450_000,
        vat: 333_500,
        boxes: { base: '3', vat: '4', annex: null },
      },
      {
        side: 'collected',
        region: 'PT',
        rateBasisPoints: 600,
        base: 100_000,
        vat: 6_000,
        boxes: { base: '1', vat: '2', annex: null },
      },
      {
        side: 'collected',
        region: 'PT-MA',
        rateBasisPoints: 2200,
        base: 100_000,
        vat: 22_000,
        boxes: { base: '3', vat: '4', annex: 'R' },
      },
      {
        side: 'deductible',
        region: 'PT',
        rateBasisPoints: 2300,
        base: 1_200_000,
        vat: 276_000,
        boxes: { base: null, vat: '24', annex: null },
      },
    ]);
    expect(vat).toMatchObject({ collected: 361_500, deductible: 276_000, balance: 85_500 });
  });

  it('maps the rates of each region to the boxes of the periodic declaration', () => {
    expect(vatBoxes('collected', 'PT', 1300, 'PT')).toEqual({ base: '5', vat: '6', annex: null });
    expect(vatBoxes('collected', 'PT-AC', 900, 'PT-AC')).toEqual({ base: '5', vat: '6', annex: null });
    expect(vatBoxes('collected', 'PT-AC', 400, 'PT')).toEqual({ base: '1', vat: '2', annex: 'R' });
    expect(vatBoxes('collected', 'PT-AC', 1600, 'PT-AC')).toEqual({ base: '3', vat: '4', annex: null });
    expect(vatBoxes('collected', 'PT', 0, 'PT')).toEqual({ base: null, vat: null, annex: null });
    expect(vatBoxes('collected', 'ES', 2100, 'PT')).toEqual({ base: null, vat: null, annex: null });
  });
});

describe('exports', () => {
  const download = (statement: string, format: string, extra = '') =>
    t.call({
      method: 'GET',
      url: `/api/v1/accounting/statements/export?statement=${statement}&format=${format}&${YEAR}${extra}`,
      token,
      orgId: pt,
    });

  it('writes a CSV whose rows parse back to the figures', async () => {
    const response = await download('trial-balance', 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('trial-balance-2025-01-01-2025-12-31.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).toEqual([
      'Conta',
      'Designação',
      'Débito inicial',
      'Crédito inicial',
      'Débito',
      'Crédito',
      'Saldo',
    ]);
    expect(lines.find((cells) => cells[0] === '1299')?.slice(4)).toEqual([
      '88450,00',
      '23260,00',
      '65190,00',
    ]);
    expect(lines.at(-1)?.slice(4)).toEqual(['152355,00', '152355,00', '0,00']);
    const ledger = await download('general-ledger', 'csv', '&account=1299');
    const ledgerLines = ledger.body.trim().split('\r\n');
    expect(ledgerLines).toHaveLength(1 + 1 + 7 + 1);
    expect(ledgerLines.at(-1)?.split(';').at(-1)).toBe('65190,00');
  });

  it('writes an XLSX that exceljs reads back', async () => {
    const response = await download('balance-sheet', 'xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values: unknown[][] = [];
    sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(['Balanço']);
    expect(values.find((row) => row[0] === 'Total do ativo')?.[1]).toBe(73615);
    expect(values.find((row) => row[0] === 'Total do capital próprio e do passivo')?.[1]).toBe(73615);
  });

  it('writes PDFs', async () => {
    for (const statement of ['trial-balance', 'income-statement', 'vat-summary', 'balance-sheet']) {
      const response = await download(statement, 'pdf');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const ledger = await download('general-ledger', 'pdf', '&account=1299');
    expect(ledger.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('isolation and bad input', () => {
  it("shows another organization nothing of this one's ledger", async () => {
    const tb = (await get(`/api/v1/accounting/trial-balance?${YEAR}`, empty)).json();
    expect(tb.rows.some((r: { code: string }) => r.code === '1299')).toBe(false);
    const ledger = (await get(`/api/v1/accounting/general-ledger?account=1299&${YEAR}`, empty)).json();
    expect(ledger.items).toEqual([]);
    expect(ledger.closingBalance).toBe(0);
    const vat = (await get(`/api/v1/accounting/vat-summary?${YEAR}`, empty)).json();
    expect(vat.rows).toEqual([]);
    // A user who is not a member of the organization is refused outright.
    const stranger = await t.signin('ao.owner@fluxo.example');
    const refused = await t.call({
      method: 'GET',
      url: `/api/v1/accounting/trial-balance?${YEAR}`,
      token: stranger,
      orgId: pt,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers bad periods, unknown accounts and forged cursors with a translated 4xx, changing nothing', async () => {
    const [before] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM accounting_entries`,
    );
    const cases: [string, number, string][] = [
      ['/api/v1/accounting/trial-balance?from=2025-12-31&to=2025-01-01', 400, 'STATEMENT_PERIOD_INVALID'],
      ['/api/v1/accounting/balance-sheet?from=2025-02-30&to=2025-03-01', 400, 'VALIDATION_FAILED'],
      ['/api/v1/accounting/income-statement?from=0001-01-01&to=2025-03-01', 400, 'STATEMENT_PERIOD_INVALID'],
      ['/api/v1/accounting/vat-summary?from=yesterday&to=2025-03-01', 400, 'VALIDATION_FAILED'],
      [`/api/v1/accounting/general-ledger?account=99999999&${YEAR}`, 404, 'STATEMENT_ACCOUNT_UNKNOWN'],
      [
        `/api/v1/accounting/general-ledger?account=1299&${YEAR}&cursor=bm90LWEtY3Vyc29y`,
        400,
        'VALIDATION_FAILED',
      ],
      [
        `/api/v1/accounting/statements/export?statement=general-ledger&format=csv&${YEAR}`,
        400,
        'VALIDATION_FAILED',
      ],
      [
        `/api/v1/accounting/statements/export?statement=trial-balance&format=doc&${YEAR}`,
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [url, status, code] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().code, url).toBe(code);
      expect(response.json().messageKey, url).toBe(`ERRORS.${code}`);
    }
    const [after] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM accounting_entries`,
    );
    expect(after?.n).toBe(before?.n);
  });

  it('keeps an unknown organization header out', async () => {
    const response = await get(`/api/v1/accounting/trial-balance?${YEAR}`, randomUUID());
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

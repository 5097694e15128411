import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { withAfterCommit } from '../../../platform/after-commit.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { issueInTransaction } from '../../billing/index.ts';
import { sweepPostingQueue } from './queue.ts';

// The posting rules, case by case with the amounts worked by hand, through the real billing and
// treasury routes (the hooks post inside their transactions).

let t: TestApp;
let owner: string;
let orgId: string;
let goods: string;
let services: string;
let invoiceSeries: string;
let creditSeries: string;
let cashAccount: string;
let today: string;
let nifCounter = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.call({
    method,
    url,
    token: owner,
    orgId,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

function nextNif(): string {
  nifCounter += 1;
  const body = `5${String(20_000_00 + nifCounter * 7919).padStart(7, '0')}`.slice(0, 8);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  const rest = sum % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

async function newCustomer(): Promise<string> {
  const response = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente Lançamentos ${nifCounter + 1}, Lda`,
    taxId: nextNif(),
    country: 'PT',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function issue(
  body: object,
  series = invoiceSeries,
): Promise<{ id: string; payable: number; number: string }> {
  const response = await call('POST', '/api/v1/billing/documents', {
    seriesId: series,
    documentDate: today,
    issue: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id, payable: response.json().payable, number: response.json().number };
}

interface Line {
  code: string;
  debit: number;
  credit: number;
  taxRegion: string | null;
  rate: number | null;
  base: number | null;
  currency: string | null;
  amountCurrency: number | null;
}

/** The live entry of a source (not reversed), its lines sorted by account then amount. */
async function liveEntry(sourceId: string) {
  const entries = await rows<{ id: string; entry_date: string; source_type: string }>(
    t.database.db,
    sql`SELECT e.id, e.entry_date::text AS entry_date, e.source_type FROM accounting_entries e
        WHERE e.organization_id = ${orgId} AND e.source_id = ${sourceId} AND e.source_type <> 'reversal'
          AND NOT EXISTS (SELECT 1 FROM accounting_entries r WHERE r.reverses_entry_id = e.id)`,
  );
  if (entries.length > 1) throw new Error(`${entries.length} live entries for ${sourceId}`);
  const [entry] = entries;
  if (!entry) return null;
  const lines = await rows<{
    code: string;
    debit: string;
    credit: string;
    tax_region: string | null;
    tax_rate_basis_points: number | null;
    tax_base: string | null;
    currency: string | null;
    amount_currency: string | null;
  }>(
    t.database.db,
    sql`SELECT a.code, l.debit, l.credit, l.tax_region, l.tax_rate_basis_points, l.tax_base, l.currency, l.amount_currency
        FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
        WHERE l.entry_id = ${entry.id} ORDER BY a.code, l.debit, l.credit`,
  );
  return {
    ...entry,
    lines: lines.map(
      (line): Line => ({
        code: line.code,
        debit: Number(line.debit),
        credit: Number(line.credit),
        taxRegion: line.tax_region,
        rate: line.tax_rate_basis_points,
        base: line.tax_base === null ? null : Number(line.tax_base),
        currency: line.currency,
        amountCurrency: line.amount_currency === null ? null : Number(line.amount_currency),
      }),
    ),
  };
}

const simple = (lines: readonly Line[]) =>
  lines.map((line) => [line.code.length > 5 ? line.code.slice(0, -4) : line.code, line.debit, line.credit]);

async function partyAccount(partyId: string): Promise<string> {
  const [account] = await rows<{ code: string }>(
    t.database.db,
    sql`SELECT code FROM accounting_accounts WHERE organization_id = ${orgId} AND party_id = ${partyId}`,
  );
  return account?.code as string;
}

async function categoryId(code: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM treasury_categories WHERE organization_id = ${orgId} AND code = ${code}`,
  );
  return row?.id as string;
}

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false });
  owner = await t.signin('demo@fluxo.example');
  [{ id: orgId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
  )) as [{ id: string }];
  today = new Date().toISOString().slice(0, 10);
  const product = async (code: string, productType: string, taxCode: string, unitPrice: number) => {
    const response = await call('POST', '/api/v1/billing/products', {
      code,
      description: code,
      productType,
      unitPrice,
      taxCode,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  goods = await product('LANC-BEM', 'P', 'NOR', 1_000_000);
  services = await product('LANC-SERV', 'S', 'RED', 500_000);
  const series = async (documentType: string, code: string) => {
    const response = await call('POST', '/api/v1/billing/series', {
      documentType,
      code,
      seriesType: 'F',
      validationCode: 'AAJFJ2K6',
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  invoiceSeries = await series('FT', 'LANCFT');
  creditSeries = await series('NC', 'LANCNC');
  await series('RG', 'LANCRG');
  const account = await call('POST', '/api/v1/treasury/accounts', {
    kind: 'cash',
    currency: 'EUR',
    name: 'Caixa dos lançamentos',
    openingDate: today,
  });
  expect(account.statusCode).toBe(201);
  cashAccount = account.json().id;
}, 300_000);
afterAll(() => t.close());

describe('automatic posting', () => {
  let customer: string;
  let invoice: { id: string; payable: number };

  it('posts an invoice with two VAT rates and a discount: customer, sales per product type, VAT per rate', async () => {
    customer = await newCustomer();
    // 2 × 100.00 less 10 % = 180.00 at 23 %; 1 × 50.00 at 6 % (services).
    invoice = await issue({
      partyId: customer,
      lines: [
        { productId: goods, quantity: 2000, discountBasisPoints: 1000 },
        { productId: services, quantity: 1000 },
      ],
    });
    // VAT 41.40 + 3.00; gross 274.40.
    expect(invoice.payable).toBe(27_440);
    const entry = await liveEntry(invoice.id);
    const customerCode = await partyAccount(customer);
    expect(customerCode).toMatch(/^2111\d{4}$/);
    expect(entry?.lines).toEqual([
      expect.objectContaining({ code: customerCode, debit: 27_440, credit: 0 }),
      expect.objectContaining({
        code: '2433',
        debit: 0,
        credit: 300,
        taxRegion: 'PT',
        rate: 600,
        base: 5_000,
      }),
      expect.objectContaining({
        code: '2433',
        debit: 0,
        credit: 4_140,
        taxRegion: 'PT',
        rate: 2300,
        base: 18_000,
      }),
      expect.objectContaining({ code: '711', debit: 0, credit: 18_000 }),
      expect.objectContaining({ code: '721', debit: 0, credit: 5_000 }),
    ]);
  });

  it('posts a credit note the other way round', async () => {
    const note = await issue(
      {
        partyId: customer,
        referenceDocumentId: invoice.id,
        reason: 'Serviço não prestado',
        lines: [{ productId: services, quantity: 1000 }],
      },
      creditSeries,
    );
    const entry = await liveEntry(note.id);
    expect(simple(entry?.lines ?? [])).toEqual([
      ['2111', 0, 5_300],
      ['2433', 300, 0],
      ['721', 5_000, 0],
    ]);
    expect(entry?.lines.find((line) => line.code === '2433')?.base).toBe(-5_000);
  });

  it('reverses the entry of a cancelled invoice', async () => {
    const other = await issue({ partyId: customer, lines: [{ productId: goods, quantity: 1000 }] });
    const posted = await liveEntry(other.id);
    expect(posted).not.toBeNull();
    const cancelled = await call('POST', `/api/v1/billing/documents/${other.id}/cancel`, { reason: 'Erro' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await liveEntry(other.id)).toBeNull();
    const [reversal] = await rows<{ reverses_entry_id: string; total_debit: string }>(
      t.database.db,
      sql`SELECT reverses_entry_id, total_debit FROM accounting_entries
          WHERE organization_id = ${orgId} AND source_type = 'reversal' AND source_id = ${other.id}`,
    );
    expect(reversal?.reverses_entry_id).toBe(posted?.id);
    expect(Number(reversal?.total_debit)).toBe(12_300);
  });

  it('posts a receipt settling two invoices once, through the movement it was paid on (never the movement again)', async () => {
    const payer = await newCustomer();
    const first = await issue({ partyId: payer, lines: [{ productId: goods, quantity: 1000 }] });
    const second = await issue({ partyId: payer, lines: [{ productId: services, quantity: 2000 }] });
    // A categorised cash movement: posted on its own, cash against sales…
    const movement = await call('POST', '/api/v1/treasury/transactions', {
      accountId: cashAccount,
      bookingDate: today,
      amount: first.payable + second.payable,
      description: 'Recebimento de dois documentos',
      categoryId: await categoryId('SALES_GOODS'),
    });
    expect(movement.statusCode, movement.body).toBe(201);
    const movementId = movement.json().id as string;
    const alone = await liveEntry(movementId);
    expect(simple(alone?.lines ?? [])).toEqual([
      ['11', first.payable + second.payable, 0],
      ['711', 0, first.payable + second.payable],
    ]);
    // …until it pays the invoices: then it is posted through the receipt, and its own entry is reversed.
    const paid = await call('POST', '/api/v1/billing/payments', {
      direction: 'in',
      partyId: payer,
      paymentDate: today,
      method: 'NU',
      amount: first.payable + second.payable,
      transactionId: movementId,
      allocations: [
        { documentId: first.id, amount: first.payable },
        { documentId: second.id, amount: second.payable },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await liveEntry(movementId)).toBeNull();
    const receipt = await liveEntry(paid.json().receiptId);
    const cashCode = receipt?.lines.find((line) => line.debit > 0)?.code as string;
    expect(cashCode).toMatch(/^11\d{4}$/);
    expect(receipt?.lines.map((line) => [line.code, line.debit, line.credit])).toEqual([
      [cashCode, 22_900, 0],
      [await partyAccount(payer), 0, 22_900],
    ]);
    // Cancelling the payment reverses the receipt and gives the movement its own entry back.
    const cancelled = await call('POST', `/api/v1/billing/payments/${paid.json().id}/cancel`, {
      reason: 'Engano',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await liveEntry(paid.json().receiptId)).toBeNull();
    expect(simple((await liveEntry(movementId))?.lines ?? [])).toEqual(simple(alone?.lines ?? []));
  });

  it('posts a foreign-currency invoice in euros with the currency, amount and rate on each line', async () => {
    await t.database.db.execute(sql`
      INSERT INTO exchange_rates (source, base, currency, rate_date, rate)
      VALUES ('ECB', 'EUR', 'USD', ${today}, 1.25) ON CONFLICT DO NOTHING`);
    const buyer = await newCustomer();
    const foreign = await issue({
      partyId: buyer,
      currency: 'USD',
      lines: [{ productId: goods, quantity: 1000 }],
    });
    const entry = await liveEntry(foreign.id);
    // 100.00 USD + 23.00 VAT at 1.25 USD per EUR: 80.00 + 18.40 = 98.40 EUR.
    expect(
      entry?.lines.map((line) => [
        line.code.slice(0, 3),
        line.debit,
        line.credit,
        line.currency,
        line.amountCurrency,
      ]),
    ).toEqual([
      ['211', 9_840, 0, 'USD', 12_300],
      ['243', 0, 1_840, 'USD', -2_300],
      ['711', 0, 8_000, 'USD', -10_000],
    ]);
  });

  it('posts a supplier invoice: expense and deductible VAT against the supplier', async () => {
    const created = await call('POST', '/api/v1/billing/purchases', {
      supplier: { name: 'Fornecedor dos Lançamentos, Lda', taxId: nextNif(), country: 'PT' },
      documentType: 'FT',
      documentNumber: 'FT F/42',
      documentDate: today,
      taxes: [{ taxRegion: 'PT', taxCode: 'NOR', base: 10_000, vat: 2_300 }],
      grossTotal: 12_300,
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = await liveEntry(created.json().id);
    expect(simple(entry?.lines ?? [])).toEqual([
      ['2211', 0, 12_300],
      ['2432', 2_300, 0],
      ['6268', 10_000, 0],
    ]);
    expect(entry?.lines.find((line) => line.code === '2432')).toMatchObject({
      taxRegion: 'PT',
      rate: 2300,
      base: 10_000,
    });
  });

  it('posts a categorised movement against its category mapping, and re-posts it when the category changes', async () => {
    const fees = await categoryId('BANK_FEES');
    const mapped = await call('PUT', '/api/v1/accounting/posting/mappings', {
      kind: 'category',
      key: fees,
      accountCode: '6888',
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const movement = await call('POST', '/api/v1/treasury/transactions', {
      accountId: cashAccount,
      bookingDate: today,
      amount: -1_500,
      description: 'Comissão',
      categoryId: fees,
    });
    const id = movement.json().id as string;
    expect(simple((await liveEntry(id))?.lines ?? [])).toEqual([
      ['11', 0, 1_500],
      ['6888', 1_500, 0],
    ]);
    const other = await call('PATCH', `/api/v1/treasury/transactions/${id}`, {
      categoryId: await categoryId('OTHER_EXPENSES'),
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(simple((await liveEntry(id))?.lines ?? [])).toEqual([
      ['11', 0, 1_500],
      ['6888', 1_500, 0],
    ]);
    const cleared = await call('PATCH', `/api/v1/treasury/transactions/${id}`, { categoryId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await liveEntry(id)).toBeNull();
  });

  it('posts into the first open month when the source month is locked', async () => {
    await t.database.db.execute(sql`
      UPDATE accounting_periods SET locked_at = now()
      WHERE organization_id = ${orgId} AND number BETWEEN 1 AND 12 AND start_date <= ${today} AND end_date >= ${today}`);
    try {
      const late = await issue({ partyId: customer, lines: [{ productId: goods, quantity: 1000 }] });
      const entry = await liveEntry(late.id);
      const next = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      expect(entry?.entry_date).toBe(next.toISOString().slice(0, 10));
    } finally {
      await t.database.db.execute(sql`
        UPDATE accounting_periods SET locked_at = NULL WHERE organization_id = ${orgId}`);
    }
  });

  it('keeps every automatic entry balanced and each customer account equal to what billing says is open', async () => {
    const customers = [await newCustomer(), await newCustomer()];
    const issued: { id: string; party: string; payable: number }[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('invoice', 'invoice', 'credit', 'pay', 'cancel'),
            party: fc.nat(1),
            quantity: fc.integer({ min: 1, max: 5_000 }),
            discount: fc.integer({ min: 0, max: 5_000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (ops) => {
          for (const op of ops) {
            const party = customers[op.party] as string;
            const mine = issued.filter((document) => document.party === party);
            if (op.op === 'invoice' || mine.length === 0) {
              const document = await issue({
                partyId: party,
                lines: [
                  { productId: goods, quantity: op.quantity, discountBasisPoints: op.discount },
                  { productId: services, quantity: 1000 + op.quantity },
                ],
              });
              issued.push({ id: document.id, party, payable: document.payable });
            } else {
              const target = mine[op.quantity % mine.length] as { id: string; payable: number };
              const current = (await call('GET', `/api/v1/billing/documents/${target.id}`)).json();
              const open = current.payable - current.settled;
              if (current.status === 'A' || open <= 0) continue;
              if (op.op === 'credit') {
                // Billing refuses to credit more than is left to credit (409): then nothing changes.
                const note = await call('POST', '/api/v1/billing/documents', {
                  seriesId: creditSeries,
                  documentDate: today,
                  issue: true,
                  partyId: party,
                  referenceDocumentId: target.id,
                  reason: 'Desconto',
                  lines: [{ productId: services, quantity: 1000 }],
                });
                expect([201, 409]).toContain(note.statusCode);
              } else if (op.op === 'pay')
                expect(
                  (
                    await call('POST', '/api/v1/billing/payments', {
                      direction: 'in',
                      partyId: party,
                      paymentDate: today,
                      method: 'TB',
                      amount: Math.max(1, Math.floor(open / 2)),
                      allocations: [{ documentId: target.id, amount: Math.max(1, Math.floor(open / 2)) }],
                    })
                  ).statusCode,
                ).toBe(201);
              else await call('POST', `/api/v1/billing/documents/${target.id}/cancel`, { reason: 'Anulado' });
            }
          }
          const unbalanced = await rows<{ id: string }>(
            t.database.db,
            sql`SELECT e.id FROM accounting_entries e JOIN accounting_entry_lines l ON l.entry_id = e.id
                WHERE e.organization_id = ${orgId} GROUP BY e.id HAVING sum(l.debit) <> sum(l.credit)`,
          );
          expect(unbalanced).toEqual([]);
          for (const party of customers) {
            const [ledger] = await rows<{ balance: string | null }>(
              t.database.db,
              sql`SELECT sum(l.debit - l.credit) AS balance FROM accounting_entry_lines l
                  JOIN accounting_accounts a ON a.id = l.account_id
                  WHERE l.organization_id = ${orgId} AND a.party_id = ${party}`,
            );
            const [billing] = await rows<{ open: string | null }>(
              t.database.db,
              sql`SELECT sum(CASE WHEN document_type = 'NC' THEN -1 ELSE 1 END * (gross_total - withholding - settled)) AS open
                  FROM billing_documents
                  WHERE organization_id = ${orgId} AND party_id = ${party} AND state = 'issued' AND status = 'N'
                    AND document_type IN ('FT', 'FS', 'FR', 'ND', 'NC')`,
            );
            expect(Number(ledger?.balance ?? 0)).toBe(Number(billing?.open ?? 0));
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);
});

describe('the posting mappings routes', () => {
  const url = '/api/v1/accounting/posting/mappings';

  it('lists roles, product types, VAT rates, categories and products with their defaults', async () => {
    const response = await call('GET', url);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.chart).toBe('SNC');
    const row = (kind: string, key: string) =>
      body.rows.find((item: { kind: string; key: string }) => item.kind === kind && item.key === key);
    expect(row('role', 'vatOutput')).toMatchObject({ accountCode: null, defaultCode: '2433' });
    expect(row('productType', 'S')).toMatchObject({ defaultCode: '721' });
    expect(row('vatInput', 'PT:2300')).toMatchObject({ defaultCode: '2432' });
    expect(row('product', services)).toMatchObject({ detail: 'S', defaultCode: '721' });
    expect(body.accounts.some((account: { code: string }) => account.code === '2433')).toBe(true);
  });

  it('changes a product type mapping and sends it back to its default', async () => {
    const set = await call('PUT', url, { kind: 'productType', key: 'S', accountCode: '7888' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ accountCode: '7888', defaultCode: '721' });
    const buyer = await newCustomer();
    const document = await issue({ partyId: buyer, lines: [{ productId: services, quantity: 1000 }] });
    expect(
      (await liveEntry(document.id))?.lines.some((line) => line.code === '7888' && line.credit === 5_000),
    ).toBe(true);
    const reset = await call('PUT', url, { kind: 'productType', key: 'S', accountCode: null });
    expect(reset.json()).toMatchObject({ accountCode: null });
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const before = (await call('GET', url)).json();
    for (const payload of [
      { kind: 'role', key: 'customers', accountCode: '99999' },
      { kind: 'role', key: 'customers', accountCode: '2' },
      { kind: 'role', key: 'nothing', accountCode: '711' },
      { kind: 'vatOutput', key: 'XX:1', accountCode: '2433' },
      { kind: 'category', key: 'not-a-uuid', accountCode: '6888' },
      { kind: 'category', key: randomUUID(), accountCode: '6888' },
      { kind: 'role', key: 'customers', accountCode: 'abc' },
      { kind: 'elsewhere', key: 'customers', accountCode: '711' },
    ]) {
      const response = await call('PUT', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().messageKey).toMatch(/^(ERRORS|VALIDATION)\./);
    }
    expect((await call('GET', url)).json()).toEqual(before);
  });

  it("never reaches another organization's categories or products", async () => {
    const aoOwner = await t.signin('ao.owner@fluxo.example');
    const [{ id: aoOrg }] = (await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE country = 'AO' LIMIT 1`,
    )) as [{ id: string }];
    const asAo = (method: 'GET' | 'PUT', payload?: object) =>
      t.call({ method, url, token: aoOwner, orgId: aoOrg, ...(payload ? { payload } : {}) });
    const listed = (await asAo('GET')).json();
    expect(listed.chart).toBe('PGC');
    expect(listed.rows.some((row: { key: string }) => row.key === services)).toBe(false);
    const foreign = await asAo('PUT', { kind: 'product', key: services, accountCode: '613' });
    expect(foreign.statusCode).toBe(404);
    const fees = await categoryId('BANK_FEES');
    expect((await asAo('PUT', { kind: 'category', key: fees, accountCode: '613' })).statusCode).toBe(404);
    // Nothing was written for either organization.
    const [written] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM accounting_mappings WHERE organization_id = ${aoOrg} OR source_id = ${services}`,
    );
    expect(Number(written?.n)).toBe(0);
    // Without the organization header, or signed out, nothing.
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('posts what was recorded before (postPending) and nothing twice', async () => {
    const first = await call('POST', '/api/v1/accounting/posting/pending');
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', '/api/v1/accounting/posting/pending');
    expect(second.json()).toEqual({ posted: 0 });
  });
});

describe('the posting queue (documents issued through the API are posted right after their commit)', () => {
  let customer: string;
  beforeAll(async () => {
    customer = await newCustomer();
  });

  const queued = async () => {
    const [row] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM accounting_posting_queue WHERE organization_id = ${orgId} AND failed_at IS NULL`,
    );
    return Number(row?.n);
  };

  it('answers each of many concurrent issues with its entry written, numbered and chained', async () => {
    const issued = await Promise.all(
      Array.from({ length: 12 }, () =>
        issue({ partyId: customer, lines: [{ productId: goods, quantity: 1000 }] }),
      ),
    );
    for (const document of issued) expect((await liveEntry(document.id))?.lines.length).toBeGreaterThan(1);
    expect(await queued()).toBe(0);
    const verified = (await call('GET', '/api/v1/accounting/journal/verify')).json();
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
  });

  /** A draft issued through billing's service, its transaction committed but its drain lost (a crash). */
  async function issuedThenCrashed(): Promise<string> {
    const draft = await call('POST', '/api/v1/billing/documents', {
      seriesId: invoiceSeries,
      documentDate: today,
      partyId: customer,
      lines: [{ productId: services, quantity: 2000 }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as string;
    const db = t.database.db;
    await expect(
      withAfterCommit(db, async () => {
        await db.transaction((tx) =>
          issueInTransaction({ db, signingKey: t.signingKey }, tx as unknown as typeof db, orgId, id),
        );
        throw new Error('the process died after the commit');
      }),
    ).rejects.toThrow('the process died');
    return id;
  }

  it('keeps a document whose drain was lost in the queue, and the sweeper posts it', async () => {
    const id = await issuedThenCrashed();
    expect(await liveEntry(id)).toBeNull();
    expect(await queued()).toBe(1);
    expect(await sweepPostingQueue(t.database.db, 0)).toBe(1);
    expect((await liveEntry(id))?.lines.map((line) => line.code).sort()).toContain('2433');
    expect(await queued()).toBe(0);
  });

  it('posts a queued document and its reversal when it is cancelled before its drain', async () => {
    const id = await issuedThenCrashed();
    const cancelled = await call('POST', `/api/v1/billing/documents/${id}/cancel`, { reason: 'Erro' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await queued()).toBe(0);
    const entries = await rows<{ source_type: string; total_debit: string }>(
      t.database.db,
      sql`SELECT source_type, total_debit FROM accounting_entries WHERE organization_id = ${orgId} AND source_id = ${id}
          ORDER BY seq`,
    );
    expect(entries.map((entry) => entry.source_type)).toEqual(['billing_document', 'reversal']);
    expect(await liveEntry(id)).toBeNull();
  });

  it('issues the document even when its posting fails, and keeps the failure in the queue for the accountant', async () => {
    // Sales of services mapped, behind the mappings screen's back, to something that is no account code.
    await t.database.db.execute(
      sql`UPDATE accounting_settings SET default_accounts = default_accounts || '{"salesServices":"x7"}'::jsonb
          WHERE organization_id = ${orgId}`,
    );
    try {
      const document = await issue({ partyId: customer, lines: [{ productId: services, quantity: 1000 }] });
      expect(document.number).toBeTruthy();
      expect(await liveEntry(document.id)).toBeNull();
      const [failed] = await rows<{ error: string }>(
        t.database.db,
        sql`SELECT error FROM accounting_posting_queue WHERE source_id = ${document.id} AND failed_at IS NOT NULL`,
      );
      expect(failed?.error).toMatch(/x7/);
    } finally {
      await t.database.db.execute(
        sql`UPDATE accounting_settings SET default_accounts = default_accounts - 'salesServices'
            WHERE organization_id = ${orgId}`,
      );
    }
    // Posting what is pending posts it and clears its failure.
    const pending = await call('POST', '/api/v1/accounting/posting/pending');
    expect(pending.statusCode, pending.body).toBe(200);
    const [left] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM accounting_posting_queue WHERE organization_id = ${orgId}`,
    );
    expect(Number(left?.n)).toBe(0);
  });
});

// biome-ignore-all lint/suspicious/noExplicitAny: the parsed SAF-T tree is untyped XML, read by path in these assertions.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  centsOf,
  parseSaft,
  recomputedLedgerTotals,
  recomputedTotals,
  saftAssertProblems,
  validateSaftAoSchema,
  validateSaftSchema,
} from '../../test/saft-validation.ts';
import { ensureLedger, type PostingInput, postEntry } from '../accounting/index.ts';
import { saftCustomerId } from './index.ts';
import { exportSaft } from './saft-export.ts';

// The accounting (C) and integrated (I) SAF-T of a posted year, built with the posting core: an opening
// entry (period 0), a sale to a customer with its VAT, a purchase from a supplier, a receipt, a closing
// entry in period 13, an entry of the year before (an opening balance) and one of the year after (out
// of the file). The files validate against the official schemas with the XSD 1.1 assertions checked in
// code; their control totals equal the ledger's; each account's opening balance plus its movements in
// the file is its closing balance; an empty ledger still makes a valid file; the AO file validates
// against AGT's schema; nothing of another organization gets in.

let t: TestApp;
let owner: string;
let orgId: string;
let aoId: string;
let aoToken: string;
let year = 0;
let from = '';
let to = '';
const marker = `Segredo ${randomUUID().slice(0, 8)}`;
let customerId = '';
let supplierId = '';
const customerTaxId = `59${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const supplierTaxId = `58${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const post = (input: Omit<PostingInput, 'sourceType'> & { sourceType?: PostingInput['sourceType'] }) =>
  t.database.db.transaction((tx) =>
    postEntry(tx as unknown as Db, { sourceType: 'manual', ...input } as PostingInput),
  );

const call = (url: string, org = orgId, token = owner) => t.call({ method: 'GET', url, token, orgId: org });
const exportUrl = (basis: string, f = from, tt = to) =>
  `/api/v1/accounting/saft/export?basis=${basis}&from=${f}&to=${tt}`;

beforeAll(async () => {
  // The demo's own posted year stays out: the ledger here is the one these tests post by hand.
  t = await createTestApp({ demoAccounting: false });
  owner = await t.signin('demo@fluxo.example');
  aoToken = await t.signin('ao.owner@fluxo.example');
  [{ id: orgId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
  )) as [{ id: string }];
  [{ id: aoId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = 'Kwanza Comércio, Lda'`,
  )) as [{ id: string }];
  const [latest] = await rows<{ year: number }>(
    t.database.db,
    sql`SELECT max(extract(year FROM document_date))::int AS year FROM billing_documents
        WHERE organization_id = ${orgId} AND state = 'issued'`,
  );
  year = Number(latest?.year);
  from = `${year}-01-01`;
  to = `${year}-12-31`;
  const [user] = await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM users WHERE email = 'demo@fluxo.example'`,
  );
  const [customer] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO billing_parties (organization_id, name, tax_id, country, address, city, postal_code)
        VALUES (${orgId}, 'Cliente do Razão, Lda', ${customerTaxId}, 'PT', 'Rua A 1', 'Lisboa', '1000-001') RETURNING id`,
  );
  const [supplier] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO billing_parties (organization_id, name, tax_id, country, is_customer, is_supplier)
        VALUES (${orgId}, 'Fornecedor & Filhos', ${supplierTaxId}, 'PT', false, true) RETURNING id`,
  );
  customerId = customer?.id as string;
  supplierId = supplier?.id as string;
  const createdBy = user?.id ?? null;

  await post({
    organizationId: orgId,
    journal: 'general',
    date: `${year - 1}-12-15`,
    description: 'Venda a dinheiro do ano anterior',
    createdBy,
    lines: [
      { accountCode: '11', debit: 700 },
      { accountCode: '721', credit: 700 },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'opening',
    date: from,
    periodNumber: 0,
    description: 'Abertura',
    createdBy,
    lines: [
      { accountCode: '12', debit: 1_000_000 },
      { accountCode: '51', credit: 1_000_000 },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'sales',
    date: `${year}-03-10`,
    description: 'Fatura FT S/1',
    createdBy,
    lines: [
      { accountCode: '2111', debit: 12_300, partyId: customerId, sourceDocumentNumber: 'FT S/1' },
      { accountCode: '711', credit: 10_000, sourceDocumentNumber: 'FT S/1' },
      {
        accountCode: '2433',
        credit: 2_300,
        taxRegion: 'PT',
        taxRateBasisPoints: 2300,
        taxBase: 10_000,
        sourceDocumentNumber: 'FT S/1',
      },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'purchases',
    date: `${year}-04-02`,
    description: 'Fatura do fornecedor <F&F> 77',
    createdBy,
    lines: [
      { accountCode: '6268', debit: 5_000 },
      { accountCode: '2432', debit: 650, taxRegion: 'PT', taxRateBasisPoints: 1300, taxBase: 5_000 },
      { accountCode: '2211', credit: 5_650, partyId: supplierId },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'bank',
    date: `${year}-04-20`,
    description: 'Recebimento FT S/1',
    createdBy,
    lines: [
      { accountCode: '12', debit: 12_300 },
      { accountCode: '2111', credit: 12_300, partyId: customerId },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'general',
    date: to,
    periodNumber: 13,
    transactionType: 'A',
    description: 'Apuramento de resultados',
    createdBy,
    lines: [
      { accountCode: '711', debit: 10_000 },
      { accountCode: '818', credit: 10_000 },
    ],
  });
  await post({
    organizationId: orgId,
    journal: 'general',
    date: `${year + 1}-01-05`,
    description: 'Do ano seguinte',
    lines: [
      { accountCode: '11', debit: 100 },
      { accountCode: '721', credit: 100 },
    ],
  });
  // The Angolan company's ledger (PGC), with a marker that must never reach the PT file.
  await post({
    organizationId: aoId,
    journal: 'sales',
    date: `${year}-05-05`,
    description: marker,
    lines: [
      { accountCode: '311', debit: 114_000 },
      { accountCode: '613', credit: 100_000 },
      { accountCode: '3453', credit: 14_000, taxRegion: 'AO', taxRateBasisPoints: 1400, taxBase: 100_000 },
    ],
  });
}, 180_000);
afterAll(() => t?.close());

async function exported(basis: string, org = orgId, token = owner) {
  const response = await call(exportUrl(basis), org, token);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { xml: response.body, file: parseSaft(response.body), headers: response.headers };
}

const accountsOf = (file: any): Record<string, any>[] => file.MasterFiles.GeneralLedgerAccounts.Account;

describe('SAF-T (PT) accounting export (basis C)', () => {
  let xml = '';
  let file: any;
  beforeAll(async () => {
    const result = await exported('C');
    xml = result.xml;
    file = result.file;
    expect(result.headers['content-disposition']).toContain(`_C_${from}_${to}.xml`);
  });

  it('validates against the official 1.04_01 schema and its XSD 1.1 assertions', async () => {
    const { valid, errors } = await validateSaftSchema(xml);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
    expect(saftAssertProblems(file)).toEqual([]);
    // The checks in code do catch what the libxml2 variant of the schema lets through.
    const tampered = xml
      .replace('<TaxonomyCode>75</TaxonomyCode>', '')
      .replace(
        /<GroupingCategory>GA<\/GroupingCategory><GroupingCode>[^<]*<\/GroupingCode>/,
        '<GroupingCategory>GA</GroupingCategory>',
      )
      .replace(/<CreditLine>.*?<\/CreditLine><\/Lines>/, '</Lines>');
    const problems = saftAssertProblems(parseSaft(tampered)).join('\n');
    expect(problems).toContain('assert 1');
    expect(problems).toContain('assert 2');
    expect(problems).toContain('without a DebitLine or a CreditLine (10)');
  });

  it('has the header of an accounting file and no source documents', () => {
    expect(file.Header).toMatchObject({
      TaxAccountingBasis: 'C',
      TaxEntity: 'Sede',
      FiscalYear: String(year),
    });
    expect(file.SourceDocuments).toBeUndefined();
    expect(file.MasterFiles.GeneralLedgerAccounts.TaxonomyReference).toBe('S');
  });

  it('states control totals equal to its lines and to the ledger', async () => {
    const totals = recomputedLedgerTotals(file);
    expect(totals.declared).toEqual(totals.recomputed);
    const [ledger] = await rows<{ entries: number; debit: string }>(
      t.database.db,
      sql`SELECT count(*)::int AS entries, sum(e.total_debit)::text AS debit
          FROM accounting_entries e JOIN accounting_periods p ON p.id = e.period_id
          WHERE e.organization_id = ${orgId} AND e.entry_date BETWEEN ${from} AND ${to} AND p.number <> 0`,
    );
    expect(totals.declared).toEqual({
      entries: Number(ledger?.entries),
      debit: Number(ledger?.debit),
      credit: Number(ledger?.debit),
    });
    // The sale, the purchase, the receipt and the closing: not the opening, not the other years.
    expect(totals.declared).toEqual({ entries: 4, debit: 12_300 + 5_650 + 12_300 + 10_000, credit: 40_250 });
  });

  it("ties each account's opening balance and its movements in the file to its closing balance", () => {
    const { movements } = recomputedLedgerTotals(file);
    const byCode = new Map(accountsOf(file).map((account) => [String(account.AccountID), account]));
    for (const account of accountsOf(file)) {
      if (account.GroupingCategory === 'GA') continue;
      const opening = centsOf(account.OpeningDebitBalance) - centsOf(account.OpeningCreditBalance);
      const closing = centsOf(account.ClosingDebitBalance) - centsOf(account.ClosingCreditBalance);
      const code = String(account.AccountID);
      const own = [...movements].filter(([id]) => id === code).reduce((sum, [, amount]) => sum + amount, 0);
      const children = accountsOf(file).filter((child) => child.GroupingCode === code);
      if (children.length === 0) expect({ code, closing }).toEqual({ code, closing: opening + own });
    }
    expect(byCode.get('12')).toMatchObject({
      OpeningDebitBalance: '10000.00',
      ClosingDebitBalance: '10123.00',
      GroupingCategory: 'GR',
    });
    expect(byCode.get('11')).toMatchObject({ OpeningDebitBalance: '7.00', ClosingDebitBalance: '7.00' });
    expect(byCode.get('2111')).toMatchObject({
      GroupingCategory: 'GM',
      GroupingCode: '211',
      TaxonomyCode: '10',
      ClosingDebitBalance: '0.00',
      ClosingCreditBalance: '0.00',
    });
    expect(byCode.get('21')).toMatchObject({ GroupingCategory: 'GR' });
    expect(byCode.get('21')?.GroupingCode).toBeUndefined();
    expect(byCode.get('2433')).toMatchObject({ TaxonomyCode: '75', ClosingCreditBalance: '23.00' });
    expect(byCode.has('1')).toBe(false);
    // The trial balance of the movement accounts balances.
    let debit = 0;
    let credit = 0;
    for (const account of accountsOf(file))
      if (!accountsOf(file).some((child) => child.GroupingCode === account.AccountID)) {
        debit += centsOf(account.ClosingDebitBalance);
        credit += centsOf(account.ClosingCreditBalance);
      }
    expect(debit).toBe(credit);
  });

  it('writes journals and transactions as the Portaria describes them', async () => {
    const journals: any[] = file.GeneralLedgerEntries.Journal;
    expect(journals.map((journal) => journal.JournalID)).toEqual(['BCO', 'CMP', 'DIV', 'VND']);
    const sale = journals.find((journal) => journal.JournalID === 'VND').Transaction[0];
    const [stored] = await rows<{ reference: string }>(
      t.database.db,
      sql`SELECT reference FROM accounting_entries WHERE organization_id = ${orgId} AND description = 'Fatura FT S/1'`,
    );
    expect(sale).toMatchObject({
      TransactionID: stored?.reference,
      Period: '3',
      TransactionDate: `${year}-03-10`,
      GLPostingDate: `${year}-03-10`,
      DocArchivalNumber: '3/1',
      TransactionType: 'N',
      CustomerID: saftCustomerId(customerId),
    });
    expect(sale.SourceID).not.toBe('');
    expect(sale.Lines.DebitLine[0]).toMatchObject({
      RecordID: '1',
      AccountID: '2111',
      SourceDocumentID: ['FT S/1'],
      DebitAmount: '123.00',
    });
    expect(sale.Lines.DebitLine[0].SystemEntryDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(sale.Lines.CreditLine.map((line: any) => line.AccountID)).toEqual(['711', '2433']);
    const purchase = journals.find((journal) => journal.JournalID === 'CMP').Transaction[0];
    expect(purchase.SupplierID).toBe(saftCustomerId(supplierId));
    expect(purchase.CustomerID).toBeUndefined();
    const closing = journals.find((journal) => journal.JournalID === 'DIV').Transaction[0];
    expect(closing).toMatchObject({ Period: '13', TransactionType: 'A' });
    const supplier = file.MasterFiles.Supplier[0];
    expect(supplier).toMatchObject({ SupplierTaxID: supplierTaxId, CompanyName: 'Fornecedor & Filhos' });
    expect(file.MasterFiles.Customer.map((customer: any) => customer.CustomerTaxID)).toEqual([customerTaxId]);
    const taxes = file.MasterFiles.TaxTable.TaxTableEntry.map(
      (entry: any) => `${entry.TaxCode}:${entry.TaxPercentage}`,
    );
    expect(taxes).toEqual(['INT:13', 'NOR:23']);
    expect(xml).toContain('Fatura do fornecedor &lt;F&amp;F&gt; 77');
  });

  it('writes the same file whatever the page size: keyset pages lose and repeat nothing', async () => {
    const paged = await exportSaft(
      {
        db: t.database.db,
        signingKey: { certificateNumber: '0', certified: false },
        invoicing: { producerTaxId: null },
        productVersion: file.Header.ProductVersion,
        pageSize: 1,
      },
      orgId,
      { basis: 'C', from, to },
    );
    let text = '';
    for await (const chunk of paged.body) text += chunk;
    expect(text).toBe(xml);
  });

  it("never holds another organization's entries", () => {
    expect(xml).not.toContain(marker);
  });
});

describe('SAF-T (PT) integrated export (basis I)', () => {
  it('holds the journal and the billing source documents, validates, and adds up', async () => {
    const { xml, file } = await exported('I');
    const { valid, errors } = await validateSaftSchema(xml);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(valid).toBe(true);
    expect(saftAssertProblems(file)).toEqual([]);
    expect((file.Header as any).TaxAccountingBasis).toBe('I');
    const ledger = recomputedLedgerTotals(file);
    expect(ledger.declared).toEqual(ledger.recomputed);
    expect(ledger.declared.entries).toBe(4);
    const sources = recomputedTotals(file);
    for (const section of Object.values(sources)) expect(section.declared).toEqual(section.recomputed);
    const billing = parseSaft((await exported('F')).xml);
    expect(sources.sales.declared).toEqual(recomputedTotals(billing).sales.declared);
    expect(sources.sales.declared.entries).toBeGreaterThan(0);
    // Customers of both: the ledger's and every one the documents name.
    const customers = new Set((file.MasterFiles as any).Customer.map((customer: any) => customer.CustomerID));
    expect(customers.has(saftCustomerId(customerId))).toBe(true);
    for (const customer of (billing.MasterFiles as any).Customer)
      expect(customers.has(customer.CustomerID)).toBe(true);
    expect(((file.MasterFiles as any).Product ?? []).length).toBeGreaterThan(0);
  });
});

describe('SAF-T accounting export of other ledgers', () => {
  it('writes a valid C file for an organization whose ledger is empty (its official chart, zero balances)', async () => {
    const [other] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO organizations (name, vat_number, country, currency, address, postal_code, city)
          VALUES ('Sem Lançamentos, Lda', '503504564', 'PT', 'EUR', 'Rua B 2', '4000-001', 'Porto') RETURNING id`,
    );
    const deps = {
      db: t.database.db,
      signingKey: { certificateNumber: '0', certified: false },
      invoicing: { producerTaxId: null },
      productVersion: '1.0.0',
    };
    const read = async () => {
      const exportedFile = await exportSaft(deps, other?.id as string, { basis: 'C', from, to });
      let text = '';
      for await (const chunk of exportedFile.body) text += chunk;
      return text;
    };
    for (const text of [
      await read(),
      await (async () => {
        await ensureLedger(t.database.db, other?.id as string);
        return read();
      })(),
    ]) {
      const { valid, errors } = await validateSaftSchema(text);
      expect(errors).toEqual([]);
      expect(valid).toBe(true);
      const file = parseSaft(text);
      expect(saftAssertProblems(file)).toEqual([]);
      expect(recomputedLedgerTotals(file).declared).toEqual({ entries: 0, debit: 0, credit: 0 });
      expect(accountsOf(file).length).toBeGreaterThan(10);
    }
    // A movement account the organization added where no taxonomy code reaches: refused, named.
    await rows(
      t.database.db,
      sql`INSERT INTO accounting_accounts (organization_id, code, name, parent_code, grouping_category, nature)
          VALUES (${other?.id}, '6299', 'Outros', '62', 'GM', 'expense')`,
    );
    await expect(read()).rejects.toMatchObject({ code: 'SAFT_TAXONOMY_MISSING' });
  });

  it('writes the Angolan company a C file that validates against SAF-T (AO) 1.01_01', async () => {
    const { xml, file } = await exported('C', aoId, aoToken);
    const { valid, errors } = await validateSaftAoSchema(xml);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(valid).toBe(true);
    expect(xml).toContain('urn:OECD:StandardAuditFile-Tax:AO_1.01_01');
    expect(xml).toContain(marker);
    expect(xml).not.toContain('TaxonomyCode');
    const totals = recomputedLedgerTotals(file);
    expect(totals.declared).toEqual(totals.recomputed);
    expect(totals.declared).toEqual({ entries: 1, debit: 114_000, credit: 114_000 });
    const integrated = await exported('I', aoId, aoToken);
    expect((await validateSaftAoSchema(integrated.xml)).errors.slice(0, 5)).toEqual([]);
  });
});

describe('SAF-T accounting export refusals', () => {
  it.each([
    ['X', from, to, 'VALIDATION_FAILED'],
    ['C', '2024-03-31', '2024-03-01', 'SAFT_PERIOD_INVALID'],
    ['I', '2024-12-01', '2025-01-31', 'SAFT_PERIOD_INVALID'],
    ['C', 'soon', '2024-03-01', 'VALIDATION_FAILED'],
  ])('refuses basis %s from %s to %s with a translated 400, changing nothing', async (basis, f, tt, code) => {
    const count = async () =>
      (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM accounting_entries`))[0]
        ?.n;
    const before = await count();
    const response = await call(exportUrl(basis, f || from, tt || to));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, messageKey: `ERRORS.${code}` });
    expect(await count()).toBe(before);
  });

  it("answers another organization's member with 403, not the file", async () => {
    const response = await call(exportUrl('C'), orgId, aoToken);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('GeneralLedgerEntries');
  });
});

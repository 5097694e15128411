// biome-ignore-all lint/suspicious/noExplicitAny: the parsed SAF-T tree is untyped XML, read by path in these assertions.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  centsOf,
  parseSaft,
  recomputedTotals,
  saftAssertProblems,
  validateSaftSchema,
} from '../../test/saft-validation.ts';
import { saftCustomerId } from './index.ts';
import { exportSaft } from './saft-export.ts';

// The SAF-T (PT) billing export of a realistic month: every document type, a cancelled invoice, a credit
// and a debit note, a pro forma invoiced into an invoice, a dollar invoice, withholding, an exemption,
// receipts RG and RC (one cancelled) inserted the way the schema describes them. The file validates
// against the official schema, passes the XSD 1.1 assertions in code, and its control totals equal
// both the sums of its own lines and the sums of the documents as the API reported them.

let t: TestApp;
let owner: string;
let orgId: string;
const FROM = '2024-03-01';
const TO = '2024-03-31';

type Doc = {
  id: string;
  documentNumber: string;
  netTotal: number;
  taxPayable: number;
  grossTotal: number;
  lines: { net: number }[];
};

const call = (method: 'GET' | 'POST', url: string, payload?: object, org = orgId, token = owner) =>
  t.call({
    method,
    url,
    token,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

async function created<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const expected = { salesDebit: 0, salesCredit: 0, working: 0, rg: 0, rcGross: 0 };
let docs: Record<string, Doc> = {};
let otherOrgMarker = '';

async function insertReceipt(input: {
  seriesId: string;
  type: 'RG' | 'RC';
  code: string;
  number: number;
  partyId: string;
  date: string;
  amount: number;
  status: 'N' | 'A';
  settles: string;
}) {
  const db = t.database.db;
  const [receipt] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO billing_documents (organization_id, document_type, series_id, state, status, number,
          document_number, atcud, party_id, document_date, system_entry_at, tax_region, currency,
          net_total, gross_total, hash, hash_control, payment_method, cancel_reason, cancelled_at)
        VALUES (${orgId}, ${input.type}, ${input.seriesId}, 'issued', ${input.status}, ${input.number},
          ${`${input.type} ${input.code}/${input.number}`}, ${`AAJFJ2K6-${input.number}`}, ${input.partyId},
          ${input.date}, ${`${input.date}T15:00:00Z`}, 'PT', 'EUR', ${input.amount}, ${input.amount}, '', '1', 'TB',
          ${input.status === 'A' ? 'Pagamento mal identificado' : null},
          ${input.status === 'A' ? `${input.date}T16:00:00Z` : null})
        RETURNING id`,
  );
  const [payment] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO billing_payments (organization_id, direction, party_id, receipt_id, payment_date, currency, amount, method)
        VALUES (${orgId}, 'in', ${input.partyId}, ${receipt?.id}, ${input.date}, 'EUR', ${input.amount}, 'TB')
        RETURNING id`,
  );
  await rows(
    db,
    sql`INSERT INTO billing_payment_allocations (organization_id, payment_id, document_id, amount)
        VALUES (${orgId}, ${payment?.id}, ${input.settles}, ${input.amount})`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  [{ id: orgId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
  )) as [{ id: string }];

  const company = await created<{ id: string }>('POST', '/api/v1/billing/parties', {
    name: 'Cliente & Filhos <SAF-T>, Lda',
    taxId: '508332346',
    country: 'PT',
    address: 'Rua do Ouro 1',
    postalCode: '1100-060',
    city: 'Lisboa',
  });
  const consumer = await created<{ id: string }>('POST', '/api/v1/billing/parties', {
    name: 'Consumidor final',
    taxId: '999999990',
    country: 'PT',
  });
  const american = await created<{ id: string }>('POST', '/api/v1/billing/parties', {
    name: 'Acme Corp',
    taxId: '123456789',
    country: 'US',
    address: '1 Main Street',
    city: 'Springfield',
  });
  const service = await created<{ id: string }>('POST', '/api/v1/billing/products', {
    code: 'CONS',
    description: 'Consultoria (hora)',
    productType: 'S',
    unit: 'H',
    unitPrice: 400_000,
    taxCode: 'NOR',
  });
  const book = await created<{ id: string }>('POST', '/api/v1/billing/products', {
    code: 'LIVRO',
    description: 'Livro técnico',
    productType: 'P',
    unitPrice: 250_000,
    taxCode: 'RED',
  });
  const training = await created<{ id: string }>('POST', '/api/v1/billing/products', {
    code: 'FORM',
    description: 'Formação profissional',
    productType: 'S',
    unitPrice: 1_000_000,
    taxCode: 'ISE',
    exemptionCode: 'M07',
  });
  const series: Record<string, string> = {};
  for (const type of ['FT', 'FS', 'FR', 'NC', 'ND', 'OR', 'PF', 'RG', 'RC'])
    series[type] = (
      await created<{ id: string }>('POST', '/api/v1/billing/series', {
        documentType: type,
        code: 'S24',
        seriesType: 'N',
        validationCode: 'AAJFJ2K6',
      })
    ).id;

  const issue = (type: string, date: string, body: object) =>
    created<Doc>('POST', '/api/v1/billing/documents', {
      seriesId: series[type],
      documentDate: date,
      issue: true,
      ...body,
    });
  docs = {};
  docs.or = await issue('OR', '2024-03-01', {
    partyId: company.id,
    lines: [{ productId: service.id, quantity: 10_000 }],
  });
  docs.pf = await issue('PF', '2024-03-02', {
    partyId: company.id,
    lines: [{ productId: book.id, quantity: 3000 }],
  });
  docs.ft1 = await issue('FT', '2024-03-04', {
    partyId: company.id,
    withholdingBasisPoints: 2500,
    lines: [
      { productId: service.id, quantity: 2500, discountBasisPoints: 1000, subjectToWithholding: true },
      { productId: training.id, quantity: 1000 },
      { productId: book.id, quantity: 2000 },
    ],
  });
  docs.ft2 = await issue('FT', '2024-03-05', {
    partyId: company.id,
    lines: [{ productId: service.id, quantity: 1000 }],
  });
  docs.ft3 = await issue('FT', '2024-03-06', {
    partyId: company.id,
    referenceDocumentId: docs.pf.id,
    lines: [{ productId: book.id, quantity: 3000 }],
  });
  docs.fs = await issue('FS', '2024-03-07', {
    partyId: consumer.id,
    lines: [{ description: 'Café', quantity: 2000, unitPrice: 6_500, taxCode: 'INT' }],
  });
  docs.fr = await issue('FR', '2024-03-08', {
    partyId: consumer.id,
    lines: [{ productId: book.id, quantity: 1000 }],
  });
  docs.nc = await issue('NC', '2024-03-10', {
    partyId: company.id,
    referenceDocumentId: docs.ft1.id,
    reason: 'Devolução de um livro',
    lines: [{ productId: book.id, quantity: 1000 }],
  });
  docs.nd = await issue('ND', '2024-03-11', {
    partyId: company.id,
    referenceDocumentId: docs.ft1.id,
    reason: 'Portes em falta',
    lines: [{ description: 'Portes', quantity: 1000, unitPrice: 50_000 }],
  });
  // A dollar invoice: the draft is moved to USD at 1.085 per euro before it is issued (the parties
  // part adds foreign currency to the screens; the document's columns already carry it).
  const usdDraft = await created<Doc>('POST', '/api/v1/billing/documents', {
    seriesId: series.FT,
    documentDate: '2024-03-12',
    partyId: american.id,
    lines: [
      { productId: service.id, quantity: 3333 },
      { productId: book.id, quantity: 1000 },
    ],
  });
  await rows(
    t.database.db,
    sql`UPDATE billing_documents SET currency = 'USD', exchange_rate = '1.0850000000' WHERE id = ${usdDraft.id}`,
  );
  docs.usd = await created<Doc>('POST', `/api/v1/billing/documents/${usdDraft.id}/issue`);
  // ft2 cancelled with its reason; the pro forma invoiced by ft3 (status F).
  await created('POST', `/api/v1/billing/documents/${docs.ft2.id}/cancel`, { reason: 'Cliente errado' });
  await rows(t.database.db, sql`UPDATE billing_documents SET status = 'F' WHERE id = ${docs.pf.id}`);
  // A document of another month, out of the file.
  docs.april = await issue('FT', '2024-04-02', {
    partyId: company.id,
    lines: [{ productId: service.id, quantity: 1000 }],
  });

  await insertReceipt({
    seriesId: series.RG as string,
    type: 'RG',
    code: 'S24',
    number: 1,
    partyId: company.id,
    date: '2024-03-20',
    amount: 10_000,
    status: 'N',
    settles: docs.ft1.id,
  });
  await insertReceipt({
    seriesId: series.RG as string,
    type: 'RG',
    code: 'S24',
    number: 2,
    partyId: company.id,
    date: '2024-03-21',
    amount: 5_000,
    status: 'A',
    settles: docs.ft3.id,
  });
  await insertReceipt({
    seriesId: series.RC as string,
    type: 'RC',
    code: 'S24',
    number: 1,
    partyId: company.id,
    date: '2024-03-22',
    amount: 20_000,
    status: 'N',
    settles: docs.ft1.id,
  });

  // What the file must total, from the documents as the API gave them (cancelled and invoiced left out).
  const usdLinesInEur = docs.usd.lines.reduce((sum, line) => sum + Math.round(line.net / 1.085), 0);
  expected.salesCredit =
    [docs.ft1, docs.ft3, docs.fs, docs.fr, docs.nd].reduce((sum, doc) => sum + (doc as Doc).netTotal, 0) +
    usdLinesInEur;
  expected.salesDebit = (docs.nc as Doc).netTotal;
  expected.working = (docs.or as Doc).netTotal;
  expected.rg = 10_000;
  expected.rcGross = 20_000;

  // Another PT organization with a document in the same month: never in the demo company's file.
  otherOrgMarker = `Segredo ${randomUUID().slice(0, 8)}`;
  const [other] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO organizations (name, vat_number, country, currency, address, postal_code, city)
        VALUES (${otherOrgMarker}, '503504564', 'PT', 'EUR', 'Rua B 2', '4000-001', 'Porto') RETURNING id`,
  );
  const [otherParty] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO billing_parties (organization_id, name, tax_id, country)
        VALUES (${other?.id}, ${`${otherOrgMarker} cliente`}, '999999990', 'PT') RETURNING id`,
  );
  const [otherSeries] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO billing_series (organization_id, document_type, code, series_type, validation_code)
        VALUES (${other?.id}, 'FT', 'OUTRA', 'N', 'BBBBBBBB') RETURNING id`,
  );
  await rows(
    t.database.db,
    sql`INSERT INTO billing_documents (organization_id, document_type, series_id, state, status, number,
          document_number, party_id, document_date, system_entry_at, tax_region, currency, hash)
        VALUES (${other?.id}, 'FT', ${otherSeries?.id}, 'issued', 'N', 1, 'FT OUTRA/1', ${otherParty?.id},
          '2024-03-15', now(), 'PT', 'EUR', 'x')`,
  );
}, 120_000);
afterAll(() => t?.close());

const exportUrl = (from = FROM, to = TO, basis = 'F') =>
  `/api/v1/accounting/saft/export?basis=${basis}&from=${from}&to=${to}`;

describe('SAF-T (PT) billing export', () => {
  let xml = '';
  let file: ReturnType<typeof parseSaft>;

  beforeAll(async () => {
    const response = await call('GET', exportUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    expect(response.headers['content-disposition']).toContain('SAFT-PT_508332150_2024-03-01_2024-03-31.xml');
    xml = response.body;
    file = parseSaft(xml);
  });

  it('validates against the official 1.04_01 schema and its XSD 1.1 assertions', async () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { valid, errors } = await validateSaftSchema(xml);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
    expect(saftAssertProblems(file)).toEqual([]);
  });

  it("uses a validator that does refuse a file breaking the schema (the AT's broken sample)", async () => {
    const broken = new TextDecoder('windows-1252')
      .decode(
        readFileSync(
          path.resolve(import.meta.dirname, '../../../resources/fiscal/saft/pt/saft_WRONG_SCHEMA.xml'),
        ),
      )
      .replace('encoding="Windows-1252"', 'encoding="UTF-8"');
    const { valid, errors } = await validateSaftSchema(broken);
    expect(valid).toBe(false);
    expect(errors.join('\n')).toMatch(/TaxAccountingBasis.*not expected/);
    const tampered = xml.replace(/<TaxExemptionCode>M07<\/TaxExemptionCode>/, '');
    expect(saftAssertProblems(parseSaft(tampered))).toEqual([expect.stringContaining('assert 5')]);
  });

  it('has the header of a billing file', () => {
    const header = file.Header as Record<string, unknown>;
    expect(header).toMatchObject({
      AuditFileVersion: '1.04_01',
      TaxRegistrationNumber: '508332150',
      TaxAccountingBasis: 'F',
      FiscalYear: '2024',
      StartDate: FROM,
      EndDate: TO,
      CurrencyCode: 'EUR',
      SoftwareCertificateNumber: '0',
      ProductID: 'Fluxo/Fluxo',
      ProductCompanyTaxID: '508332150',
      HeaderComment: 'Programa não certificado pela AT',
    });
  });

  it('states control totals equal to its lines and to the documents as issued', () => {
    const totals = recomputedTotals(file);
    for (const section of Object.values(totals)) expect(section.declared).toEqual(section.recomputed);
    expect(totals.sales.declared).toEqual({
      entries: 8,
      debit: expected.salesDebit,
      credit: expected.salesCredit,
    });
    expect(totals.working.declared).toEqual({ entries: 2, debit: 0, credit: expected.working });
    expect(totals.payments.declared.entries).toBe(3);
    const payments = (file.SourceDocuments as { Payments: { Payment: Record<string, any>[] } }).Payments
      .Payment;
    const rc = payments.find((payment) => payment.PaymentType === 'RC') as Record<string, any>;
    expect(centsOf(rc.DocumentTotals.GrossTotal)).toBe(expected.rcGross);
    const rcNet = (rc.Line as Record<string, any>[]).reduce(
      (sum, line) => sum + centsOf(line.CreditAmount),
      0,
    );
    expect(totals.payments.declared.credit).toBe(expected.rg + rcNet);
  });

  it('writes each kind of document as the AT expects', () => {
    const invoices = (file.SourceDocuments as { SalesInvoices: { Invoice: Record<string, any>[] } })
      .SalesInvoices.Invoice;
    const byNumber = new Map(invoices.map((invoice) => [invoice.InvoiceNo as string, invoice]));
    expect([...byNumber.keys()]).not.toContain(docs.april?.documentNumber);
    const cancelled = byNumber.get(docs.ft2?.documentNumber as string) as Record<string, any>;
    expect(cancelled.DocumentStatus).toMatchObject({
      InvoiceStatus: 'A',
      Reason: 'Cliente errado',
      SourceBilling: 'P',
    });
    const ft1 = byNumber.get(docs.ft1?.documentNumber as string) as Record<string, any>;
    expect(ft1.Hash).toHaveLength(172);
    expect(ft1.HashControl).toBe('1');
    expect(ft1.ATCUD).toMatch(/^AAJFJ2K6-\d+$/);
    expect(ft1.WithholdingTax[0]).toMatchObject({ WithholdingTaxType: 'IRC' });
    expect(centsOf(ft1.WithholdingTax[0].WithholdingTaxAmount)).toBeGreaterThan(0);
    const exempt = (ft1.Line as Record<string, any>[]).find((line) => line.ProductCode === 'FORM');
    expect(exempt).toMatchObject({
      TaxExemptionCode: 'M07',
      TaxExemptionReason: 'Isento artigo 9.º do CIVA',
    });
    expect(exempt?.Tax).toMatchObject({ TaxCode: 'ISE', TaxPercentage: '0' });
    const nc = byNumber.get(docs.nc?.documentNumber as string) as Record<string, any>;
    expect(nc.Line[0].DebitAmount).toBeDefined();
    expect(nc.Line[0].References[0]).toEqual({
      Reference: docs.ft1?.documentNumber,
      Reason: 'Devolução de um livro',
    });
    const ft3 = byNumber.get(docs.ft3?.documentNumber as string) as Record<string, any>;
    expect(ft3.Line[0].OrderReferences[0]).toEqual({
      OriginatingON: docs.pf?.documentNumber,
      OrderDate: '2024-03-02',
    });
    const usd = byNumber.get(docs.usd?.documentNumber as string) as Record<string, any>;
    expect(usd.DocumentTotals.Currency).toEqual({
      CurrencyCode: 'USD',
      CurrencyAmount: ((docs.usd?.grossTotal as number) / 100).toFixed(2),
      ExchangeRate: '0.92165899',
    });
    expect(centsOf(usd.DocumentTotals.GrossTotal)).toBe(Math.round((docs.usd?.grossTotal as number) / 1.085));
    const consumer = (file.MasterFiles as { Customer: Record<string, any>[] }).Customer.find(
      (customer) => customer.CustomerTaxID === '999999990',
    );
    expect(consumer).toMatchObject({
      CompanyName: 'Consumidor final',
      BillingAddress: { AddressDetail: 'Desconhecido', City: 'Desconhecido', PostalCode: 'Desconhecido' },
    });
    const customerIds = new Set(
      (file.MasterFiles as { Customer: Record<string, any>[] }).Customer.map(
        (customer) => customer.CustomerID,
      ),
    );
    for (const invoice of invoices) expect(customerIds.has(invoice.CustomerID)).toBe(true);
    expect(saftCustomerId('00000000-0000-0000-0000-000000000000')).toHaveLength(22);
    const taxCodes = (
      file.MasterFiles as { TaxTable: { TaxTableEntry: Record<string, any>[] } }
    ).TaxTable.TaxTableEntry.map((entry) => `${entry.TaxCode}:${entry.TaxPercentage}`);
    expect(taxCodes).toEqual(expect.arrayContaining(['NOR:23', 'RED:6', 'INT:13', 'ISE:0']));
  });

  it('writes the same file whatever the page size: keyset pages lose and repeat nothing', async () => {
    const paged = await exportSaft(
      {
        db: t.database.db,
        signingKey: { certificateNumber: '0', certified: false },
        invoicing: { producerTaxId: null },
        productVersion: (file.Header as { ProductVersion: string }).ProductVersion,
        pageSize: 2,
      },
      orgId,
      { basis: 'F', from: FROM, to: TO },
    );
    let text = '';
    for await (const chunk of paged.body) text += chunk;
    expect(text).toBe(xml);
  });

  it("never holds another organization's data", () => {
    expect(xml).not.toContain(otherOrgMarker);
    expect(xml).not.toContain('FT OUTRA/1');
  });

  it('escapes what XML would misread', () => {
    expect(xml).toContain('Cliente &amp; Filhos &lt;SAF-T&gt;, Lda');
  });
});

describe('SAF-T export refusals', () => {
  it.each([
    ['2024-03-31', '2024-03-01', 'SAFT_PERIOD_INVALID'],
    ['2024-12-01', '2025-01-31', 'SAFT_PERIOD_INVALID'],
    ['2024-13-01', '2024-03-31', 'VALIDATION_FAILED'],
    ['yesterday', '2024-03-31', 'VALIDATION_FAILED'],
  ])('refuses %s … %s with a translated 400', async (from, to, code) => {
    const response = await call('GET', exportUrl(from, to));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, messageKey: `ERRORS.${code}` });
  });

  it('refuses a basis it does not know', async () => {
    const response = await call('GET', exportUrl(FROM, TO, 'X'));
    expect(response.statusCode).toBe(400);
  });

  it('answers an Angolan company with the SAF-T (AO) instead', async () => {
    const token = await t.signin('ao.owner@fluxo.example');
    const [ao] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE name = 'Kwanza Comércio, Lda'`,
    );
    const response = await call('GET', exportUrl(), undefined, ao?.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:AO_1.01_01">');
    expect(response.body).toContain('<SoftwareValidationNumber>0</SoftwareValidationNumber>');
  });
});

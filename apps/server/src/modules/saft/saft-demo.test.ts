// biome-ignore-all lint/suspicious/noExplicitAny: the parsed SAF-T tree is untyped XML, read by path in these assertions.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  centsOf,
  parseSaft,
  recomputedTotals,
  saftAssertProblems,
  validateSaftAoSchema,
  validateSaftSchema,
} from '../../test/saft-validation.ts';
import { type ChainedDocument, verifyChains } from '../billing/signing.ts';

// The proof: the SAF-T (PT) billing export of the demo company — its year of documents, credit
// notes, a cancellation, receipts — validates against the official schema, passes the XSD 1.1
// assertions, adds up, and carries the real hash chain (every signature verifies from the file alone
// with the published key).

let t: TestApp;
let owner: string;
let orgId: string;
let years: number[] = [];
const files = new Map<number, ReturnType<typeof parseSaft>>();
const texts = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  [{ id: orgId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
  )) as [{ id: string }];
  years = (
    await rows<{ year: number }>(
      t.database.db,
      sql`SELECT DISTINCT extract(year FROM document_date)::int AS year FROM billing_documents
          WHERE organization_id = ${orgId} AND state = 'issued' ORDER BY 1`,
    )
  ).map((row) => Number(row.year));
  for (const year of years) {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/accounting/saft/export?basis=F&from=${year}-01-01&to=${year}-12-31`,
      token: owner,
      orgId,
    });
    expect(response.statusCode).toBe(200);
    texts.set(year, response.body);
    files.set(year, parseSaft(response.body));
  }
}, 120_000);
afterAll(() => t?.close());

describe('SAF-T (PT) export of the demo company', () => {
  it('has a year of issued documents to export', async () => {
    expect(years.length).toBeGreaterThan(0);
    const [counted] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM billing_documents WHERE organization_id = ${orgId} AND state = 'issued'`,
    );
    let exported = 0;
    for (const file of files.values()) {
      const sources = file.SourceDocuments as Record<string, any>;
      exported +=
        (sources.SalesInvoices?.Invoice?.length ?? 0) +
        (sources.WorkingDocuments?.WorkDocument?.length ?? 0) +
        (sources.Payments?.Payment?.length ?? 0);
    }
    expect(exported).toBe(Number(counted?.n));
  });

  it('validates against the official schema and its XSD 1.1 assertions, every year', async () => {
    for (const [year, xml] of texts) {
      const { valid, errors } = await validateSaftSchema(xml);
      expect({ year, errors: errors.slice(0, 5) }).toEqual({ year, errors: [] });
      expect(valid).toBe(true);
      expect(saftAssertProblems(files.get(year) as ReturnType<typeof parseSaft>)).toEqual([]);
    }
  });

  it('states control totals equal to the sums of its documents', () => {
    for (const file of files.values())
      for (const section of Object.values(recomputedTotals(file)))
        expect(section.declared).toEqual(section.recomputed);
  });

  it('carries the hash chain: every signature verifies from the file with the published key', async () => {
    const key = await t.call({ method: 'GET', url: '/api/v1/billing/signing-key' });
    const documents: ChainedDocument[] = [];
    for (const file of files.values()) {
      const sources = file.SourceDocuments as Record<string, any>;
      for (const invoice of sources.SalesInvoices?.Invoice ?? [])
        documents.push({
          invoiceDate: invoice.InvoiceDate,
          systemEntryDate: invoice.SystemEntryDate,
          invoiceNo: invoice.InvoiceNo,
          grossTotalCents: centsOf(invoice.DocumentTotals.GrossTotal),
          hash: invoice.Hash,
        });
      for (const work of sources.WorkingDocuments?.WorkDocument ?? [])
        documents.push({
          invoiceDate: work.WorkDate,
          systemEntryDate: work.SystemEntryDate,
          invoiceNo: work.DocumentNumber,
          grossTotalCents: centsOf(work.DocumentTotals.GrossTotal),
          hash: work.Hash,
        });
    }
    expect(documents.length).toBeGreaterThan(0);
    expect(verifyChains(key.json().publicKey, documents).map((document) => document.invoiceNo)).toEqual([]);
  });
});

describe('SAF-T (AO) export of the Angolan demo company', () => {
  it('validates against the AGT 1.01_01 schema and adds up, every year of its documents', async () => {
    const token = await t.signin('ao.owner@fluxo.example');
    const [{ id: kwanza }] = (await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE name = 'Kwanza Comércio, Lda'`,
    )) as [{ id: string }];
    const aoYears = await rows<{ year: number }>(
      t.database.db,
      sql`SELECT DISTINCT extract(year FROM document_date)::int AS year FROM billing_documents
          WHERE organization_id = ${kwanza} AND state = 'issued' ORDER BY 1`,
    );
    expect(aoYears.length).toBeGreaterThan(0);
    let invoices = 0;
    for (const { year } of aoYears) {
      const response = await t.call({
        method: 'GET',
        url: `/api/v1/accounting/saft/export?basis=F&from=${year}-01-01&to=${year}-12-31`,
        token,
        orgId: kwanza,
      });
      expect(response.statusCode).toBe(200);
      const { valid, errors } = await validateSaftAoSchema(response.body);
      expect({ year, errors: errors.slice(0, 5) }).toEqual({ year, errors: [] });
      expect(valid).toBe(true);
      const file = parseSaft(response.body);
      expect((file.Header as Record<string, unknown>).CurrencyCode).toBe('AOA');
      for (const section of Object.values(recomputedTotals(file)))
        expect(section.declared).toEqual(section.recomputed);
      invoices += ((file.SourceDocuments as Record<string, any>).SalesInvoices?.Invoice ?? []).length;
    }
    expect(invoices).toBeGreaterThan(0);
    // The same validator refuses a file of the other schema.
    const [pt] = texts.values();
    expect((await validateSaftAoSchema(pt as string)).valid).toBe(false);
  });
});

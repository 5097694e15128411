import { randomUUID } from 'node:crypto';
import { parseAtQrString } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, TEST_DATABASE_KIND, type TestApp } from '../../test/harness.ts';
import { type ChainedDocument, verifyChains } from './signing.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false });
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  kwanzaOwner = await t.signin('ao.owner@fluxo.example');
  kwanzaOrg = await orgOf('Kwanza Comércio, Lda');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who = owner,
  org = orgId,
) =>
  t.call({
    method,
    url,
    token: who,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

async function setUp(suffix: string) {
  const party = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente ${suffix}, Lda`,
    taxId: '508332346',
    country: 'PT',
  });
  const partyId =
    party.statusCode === 201
      ? party.json().id
      : (await call('GET', '/api/v1/billing/parties?q=508332346')).json()[0].id;
  const product = await call('POST', '/api/v1/billing/products', {
    code: `CONS-${suffix}`,
    description: 'Consultoria (hora)',
    productType: 'S',
    unit: 'H',
    unitPrice: 400_000,
    taxCode: 'NOR',
  });
  expect(product.statusCode).toBe(201);
  const series = await call('POST', '/api/v1/billing/series', {
    documentType: 'FT',
    code: `T${suffix}`,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  expect(series.statusCode).toBe(201);
  return { partyId, productId: product.json().id as string, seriesId: series.json().id as string };
}

describe('billing documents', () => {
  it('issues a signed invoice with number, ATCUD and the AT QR code', async () => {
    const { partyId, productId, seriesId } = await setUp('A');
    const today = new Date().toISOString().slice(0, 10);
    const created = await call('POST', '/api/v1/billing/documents', {
      seriesId,
      partyId,
      documentDate: today,
      issue: true,
      lines: [{ productId, quantity: 2500, discountBasisPoints: 1000 }],
    });
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document).toMatchObject({
      state: 'issued',
      status: 'N',
      number: 1,
      documentNumber: 'FT TA/1',
      atcud: 'AAJFJ2K6-1',
      netTotal: 9000,
      taxPayable: 2070,
      grossTotal: 11070,
    });
    expect(document.hash).toHaveLength(172);
    // The answer is built without reading the document back: it is what a later read returns.
    expect((await call('GET', `/api/v1/billing/documents/${document.id}`)).json()).toEqual(document);
    const qr = parseAtQrString(document.qrCode);
    expect(qr).toMatchObject({
      issuerTaxId: expect.any(String),
      buyerTaxId: '508332346',
      documentType: 'FT',
      atcud: 'AAJFJ2K6-1',
    });
    expect(qr.regions).toEqual([{ region: 'PT', normalBase: 9000, normalVat: 2070 }]);
    expect(qr.hashCharacters).toBe(document.hashCharacters);

    const key = (await t.call({ method: 'GET', url: '/api/v1/billing/signing-key' })).json();
    expect(key).toMatchObject({ certified: false, certificateNumber: '0', keyVersion: '1' });
    const failed = verifyChains(key.publicKey, [
      {
        invoiceDate: document.documentDate,
        systemEntryDate: await systemEntryText(document.id),
        invoiceNo: document.documentNumber,
        grossTotalCents: document.grossTotal,
        hash: document.hash,
      },
    ]);
    expect(failed).toEqual([]);
  });

  it('totals every issued sales document the filters select, not only the page shown', async () => {
    const { productId, seriesId } = await setUp('S');
    const party = await call('POST', '/api/v1/billing/parties', {
      name: 'Totais, Lda',
      taxId: '999999990',
      country: 'PT',
    });
    const partyId = party.json().id as string;
    const today = new Date().toISOString().slice(0, 10);
    const invoice = async () =>
      (
        await call('POST', '/api/v1/billing/documents', {
          seriesId,
          partyId,
          documentDate: today,
          issue: true,
          lines: [{ productId, quantity: 250 }],
        })
      ).json() as { id: string; grossTotal: number };
    const [a, b, c] = [await invoice(), await invoice(), await invoice()];
    expect(a.grossTotal).toBe(1230);
    await call('POST', `/api/v1/billing/documents/${b.id}/cancel`, { reason: 'Engano' });
    const ncSeries = await call('POST', '/api/v1/billing/series', {
      documentType: 'NC',
      code: 'TSNC',
      seriesType: 'F',
      validationCode: 'AAJFJ2K6',
    });
    const note = await call('POST', `/api/v1/billing/documents/${c.id}/credit-note`, {
      seriesId: ncSeries.json().id,
      reason: 'Devolução',
    });
    await call('POST', `/api/v1/billing/documents/${note.json().id}/issue`);
    const page = await call('GET', `/api/v1/billing/documents?partyId=${partyId}&limit=1`);
    expect(page.json().items).toHaveLength(1);
    const totals = await call('GET', `/api/v1/billing/documents/totals?partyId=${partyId}`);
    expect(totals.statusCode).toBe(200);
    // Two invoices and the note: 24.60 invoiced less 12.30 credited; the credited one owes nothing.
    expect(totals.json()).toEqual({
      totals: [{ currency: 'EUR', count: 3, gross: 1230, outstanding: 1230 }],
    });
    expect(
      (await call('GET', `/api/v1/billing/documents/totals?partyId=${partyId}&state=draft`)).json(),
    ).toEqual({
      totals: [],
    });
  });

  it('never changes or deletes an issued document, and cancels it with a reason', async () => {
    const { partyId, productId, seriesId } = await setUp('B');
    const today = new Date().toISOString().slice(0, 10);
    const issued = (
      await call('POST', '/api/v1/billing/documents', {
        seriesId,
        partyId,
        documentDate: today,
        issue: true,
        lines: [{ productId, quantity: 1000 }],
      })
    ).json();
    const edit = await call('PATCH', `/api/v1/billing/documents/${issued.id}`, { notes: 'changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('DOCUMENT_ALREADY_ISSUED');
    expect((await call('DELETE', `/api/v1/billing/documents/${issued.id}`)).json().code).toBe(
      'DOCUMENT_ALREADY_ISSUED',
    );
    expect((await call('POST', `/api/v1/billing/documents/${issued.id}/issue`)).json().code).toBe(
      'DOCUMENT_ALREADY_ISSUED',
    );
    const cancelled = await call('POST', `/api/v1/billing/documents/${issued.id}/cancel`, {
      reason: 'Cliente errado',
    });
    expect(cancelled.json()).toMatchObject({
      status: 'A',
      cancelReason: 'Cliente errado',
      hash: issued.hash,
      number: 1,
    });
  });

  it('keeps drafts editable and refuses bad input without changing anything', async () => {
    const { partyId, seriesId } = await setUp('C');
    const today = new Date().toISOString().slice(0, 10);
    const draft = (
      await call('POST', '/api/v1/billing/documents', {
        seriesId,
        partyId,
        documentDate: today,
        lines: [{ description: 'Reparação', quantity: 1000, unitPrice: 500_000 }],
      })
    ).json();
    expect(draft).toMatchObject({ state: 'draft', number: null, grossTotal: 6150 });
    const exempt = await call('PATCH', `/api/v1/billing/documents/${draft.id}`, {
      lines: [{ description: 'Formação', quantity: 1000, unitPrice: 500_000, taxCode: 'ISE' }],
    });
    expect(exempt.statusCode).toBe(400);
    expect(exempt.json().details[0].messageKey).toBe('ERRORS.EXEMPTION_REQUIRED');
    expect((await call('GET', `/api/v1/billing/documents/${draft.id}`)).json().grossTotal).toBe(6150);
    const fixed = await call('PATCH', `/api/v1/billing/documents/${draft.id}`, {
      lines: [
        { description: 'Formação', quantity: 1000, unitPrice: 500_000, taxCode: 'ISE', exemptionCode: 'M07' },
      ],
    });
    expect(fixed.json()).toMatchObject({
      grossTotal: 5000,
      taxes: [{ vatBasisPoints: 0, exemptionCode: 'M07', base: 5000 }],
    });
    const badParty = await call('POST', '/api/v1/billing/parties', {
      name: 'X',
      taxId: '123456780',
      country: 'PT',
    });
    expect(badParty.json().code).toBe('INVALID_VAT_NUMBER');
    expect((await call('DELETE', `/api/v1/billing/documents/${draft.id}`)).json()).toEqual({ deleted: true });
  });

  it('needs the series registered with the AT before issuing', async () => {
    const { partyId, productId } = await setUp('D');
    const series = (
      await call('POST', '/api/v1/billing/series', { documentType: 'FT', code: 'SEMCODIGO', seriesType: 'N' })
    ).json();
    const today = new Date().toISOString().slice(0, 10);
    const refused = await call('POST', '/api/v1/billing/documents', {
      seriesId: series.id,
      partyId,
      documentDate: today,
      issue: true,
      lines: [{ productId, quantity: 1000 }],
    });
    expect(refused.json().code).toBe('SERIES_NOT_REGISTERED');
    const documents = (await call('GET', '/api/v1/billing/documents?limit=200')).json().items;
    expect(documents.some((d: { seriesId: string }) => d.seriesId === series.id)).toBe(false);
  });

  it("never shows or touches another organization's documents", async () => {
    const { partyId, productId, seriesId } = await setUp('E');
    const today = new Date().toISOString().slice(0, 10);
    const issued = (
      await call('POST', '/api/v1/billing/documents', {
        seriesId,
        partyId,
        documentDate: today,
        issue: true,
        lines: [{ productId, quantity: 1000 }],
      })
    ).json();
    const stranger = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(method, url, payload, kwanzaOwner, kwanzaOrg);
    expect((await stranger('GET', `/api/v1/billing/documents/${issued.id}`)).statusCode).toBe(404);
    expect(
      (await stranger('POST', `/api/v1/billing/documents/${issued.id}/cancel`, { reason: 'not mine' }))
        .statusCode,
    ).toBe(404);
    expect((await stranger('GET', '/api/v1/billing/documents')).json().items).toEqual([]);
    expect((await stranger('GET', '/api/v1/billing/parties')).json()).toEqual([]);
    const foreign = await stranger('POST', '/api/v1/billing/documents', {
      seriesId,
      partyId,
      documentDate: today,
      lines: [{ productId, quantity: 1000 }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('gives concurrent issues into one series the numbers 1…n with no gap and an unbroken chain', async () => {
    const { partyId, productId, seriesId } = await setUp('F');
    const today = new Date().toISOString().slice(0, 10);
    const count = TEST_DATABASE_KIND === 'postgres' ? Number(process.env.BILLING_CONCURRENCY ?? 500) : 60;
    const results = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        call('POST', '/api/v1/billing/documents', {
          seriesId,
          partyId,
          documentDate: today,
          issue: true,
          lines: [{ productId, quantity: 1000 + index }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(count).fill(201));
    const numbers = results.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    const stored = await rows<{
      document_date: string;
      entry: string;
      document_number: string;
      gross_total: string;
      hash: string;
    }>(
      t.database.db,
      sql`SELECT document_date::text, to_char(system_entry_at AT TIME ZONE 'Europe/Lisbon', 'YYYY-MM-DD"T"HH24:MI:SS') AS entry,
                 document_number, gross_total, hash FROM billing_documents WHERE series_id = ${seriesId}`,
    );
    const chain: ChainedDocument[] = stored.map((row) => ({
      invoiceDate: row.document_date,
      systemEntryDate: row.entry,
      invoiceNo: row.document_number,
      grossTotalCents: Number(row.gross_total),
      hash: row.hash,
    }));
    const key = (await t.call({ method: 'GET', url: '/api/v1/billing/signing-key' })).json();
    expect(verifyChains(key.publicKey, chain)).toEqual([]);
  }, 120_000);

  it('issues once per Idempotency-Key: a repeat or a concurrent twin gets the first answer, another body is refused', async () => {
    const { partyId, productId, seriesId } = await setUp('K');
    const today = new Date().toISOString().slice(0, 10);
    const body = {
      seriesId,
      partyId,
      documentDate: today,
      issue: true,
      lines: [{ productId, quantity: 2000 }],
    };
    const withKey = (key: string, payload: object) =>
      t.call({
        method: 'POST',
        url: '/api/v1/billing/documents',
        token: owner,
        orgId,
        payload,
        headers: { 'idempotency-key': key },
      });
    const count = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM billing_documents WHERE series_id = ${seriesId}`,
        )
      )[0]!.n;

    const key = randomUUID();
    const first = await withKey(key, body);
    expect(first.statusCode).toBe(201);
    const again = await withKey(key, body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await withKey(key, { ...body, lines: [{ productId, quantity: 3000 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count()).toBe(1);

    // Twins sent at once: one issues, the others wait for it and answer the same document.
    const twinKey = randomUUID();
    const twins = await Promise.all(Array.from({ length: 4 }, () => withKey(twinKey, body)));
    expect(twins.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(twins.map((r) => r.json().id)).size).toBe(1);
    expect(twins.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await count()).toBe(2);
    // The series goes on with no gap after the twins' rolled-back attempts.
    const next = await withKey(randomUUID(), body);
    expect(next.json().number).toBe(3);
  });
});

async function systemEntryText(id: string): Promise<string> {
  const [row] = await rows<{ entry: string }>(
    t.database.db,
    sql`SELECT to_char(system_entry_at AT TIME ZONE 'Europe/Lisbon', 'YYYY-MM-DD"T"HH24:MI:SS') AS entry FROM billing_documents WHERE id = ${id}`,
  );
  return row!.entry;
}

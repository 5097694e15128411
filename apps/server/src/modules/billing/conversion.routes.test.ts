import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;
const today = new Date().toISOString().slice(0, 10);

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  kwanzaOwner = await t.signin('ao.owner@fluxo.example');
  kwanzaOrg = await orgOf('Kwanza Comércio, Lda');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = { 'idempotency-key': randomUUID() },
) => t.call({ method, url, token: owner, orgId, ...(payload ? { payload } : {}), headers });

async function series(documentType: string, code: string): Promise<string> {
  const created = await call('POST', '/api/v1/billing/series', {
    documentType,
    code,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function setUp(suffix: string) {
  const party = await call('POST', '/api/v1/billing/parties', {
    name: `Conversões ${suffix}, Lda`,
    taxId: '508332346',
    country: 'PT',
  });
  const partyId =
    party.statusCode === 201
      ? party.json().id
      : (await call('GET', '/api/v1/billing/parties?q=508332346')).json()[0].id;
  const product = await call('POST', '/api/v1/billing/products', {
    code: `CV-${suffix}`,
    description: 'Consultoria (hora)',
    productType: 'S',
    unit: 'H',
    unitPrice: 400_000,
    taxCode: 'NOR',
  });
  return {
    partyId: partyId as string,
    productId: product.json().id as string,
    ft: await series('FT', `CF${suffix}`),
    nc: await series('NC', `CN${suffix}`),
    or: await series('OR', `CO${suffix}`),
  };
}

async function issued(seriesId: string, partyId: string, lines: object[]) {
  const response = await call('POST', '/api/v1/billing/documents', {
    seriesId,
    partyId,
    documentDate: today,
    issue: true,
    lines,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('converting a quote into an invoice', () => {
  it('copies the lines into a draft invoice and marks the quote invoiced when the invoice is issued', async () => {
    const s = await setUp('A');
    const quote = await issued(s.or, s.partyId, [
      { productId: s.productId, quantity: 2000, discountBasisPoints: 500 },
      { description: 'Deslocação', quantity: 1000, unitPrice: 250_000 },
    ]);
    expect(quote).toMatchObject({ documentType: 'OR', status: 'N' });

    const draft = await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, { seriesId: s.ft });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoice = draft.json();
    expect(invoice).toMatchObject({
      documentType: 'FT',
      state: 'draft',
      referenceDocumentId: quote.id,
      partyId: s.partyId,
      netTotal: quote.netTotal,
      grossTotal: quote.grossTotal,
    });
    expect(
      invoice.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity]),
    ).toEqual([
      ['Consultoria (hora)', 2000],
      ['Deslocação', 1000],
    ]);
    // Not invoiced until the invoice is issued.
    expect((await call('GET', `/api/v1/billing/documents/${quote.id}`)).json().status).toBe('N');
    const issuedInvoice = await call('POST', `/api/v1/billing/documents/${invoice.id}/issue`);
    expect(issuedInvoice.statusCode, issuedInvoice.body).toBe(200);
    expect((await call('GET', `/api/v1/billing/documents/${quote.id}`)).json().status).toBe('F');

    const again = await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, { seriesId: s.ft });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DOCUMENT_ALREADY_INVOICED');
  });

  it('issues only one invoice per quote, even from two drafts', async () => {
    const s = await setUp('B');
    const quote = await issued(s.or, s.partyId, [{ productId: s.productId, quantity: 1000 }]);
    const first = (
      await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, { seriesId: s.ft })
    ).json();
    const second = (
      await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, { seriesId: s.ft })
    ).json();
    expect((await call('POST', `/api/v1/billing/documents/${first.id}/issue`)).statusCode).toBe(200);
    const refused = await call('POST', `/api/v1/billing/documents/${second.id}/issue`);
    expect(refused.json().code).toBe('DOCUMENT_ALREADY_INVOICED');
    expect((await call('GET', `/api/v1/billing/documents/${second.id}`)).json().state).toBe('draft');
  });

  it('refuses what is not an issued quote, a wrong series, and a missing Idempotency-Key', async () => {
    const s = await setUp('C');
    const invoice = await issued(s.ft, s.partyId, [{ productId: s.productId, quantity: 1000 }]);
    const notQuote = await call('POST', `/api/v1/billing/documents/${invoice.id}/convert`, {
      seriesId: s.ft,
    });
    expect(notQuote.statusCode).toBe(400);
    const quote = await issued(s.or, s.partyId, [{ productId: s.productId, quantity: 1000 }]);
    const wrongSeries = await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, {
      seriesId: s.nc,
    });
    expect(wrongSeries.statusCode).toBe(400);
    expect(wrongSeries.json().details[0].path).toBe('seriesId');
    const noKey = await call('POST', `/api/v1/billing/documents/${quote.id}/convert`, { seriesId: s.ft }, {});
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const stranger = await t.call({
      method: 'POST',
      url: `/api/v1/billing/documents/${quote.id}/convert`,
      token: kwanzaOwner,
      orgId: kwanzaOrg,
      payload: { seriesId: s.ft },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(stranger.statusCode).toBe(404);
    const drafts = (
      await call('GET', `/api/v1/billing/documents?documentType=FT&state=draft&limit=200`)
    ).json();
    expect(
      drafts.items.filter((d: { referenceDocumentId: string }) => d.referenceDocumentId === quote.id),
    ).toEqual([]);
  });
});

describe('credit notes', () => {
  it('credits all lines, adds to what the original has settled, and refuses crediting twice', async () => {
    const s = await setUp('D');
    const invoice = await issued(s.ft, s.partyId, [{ productId: s.productId, quantity: 2500 }]);
    expect(invoice.grossTotal).toBe(12300);
    const note = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Devolução total',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({
      documentType: 'NC',
      state: 'draft',
      referenceDocumentId: invoice.id,
      reason: 'Devolução total',
      grossTotal: 12300,
    });
    const issuedNote = await call('POST', `/api/v1/billing/documents/${note.json().id}/issue`);
    expect(issuedNote.statusCode, issuedNote.body).toBe(200);
    expect((await call('GET', `/api/v1/billing/documents/${invoice.id}`)).json().settled).toBe(12300);

    const more = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Outra vez',
      lines: [{ position: 1, quantity: 1 }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'CREDIT_EXCEEDS_REMAINING' });

    // Cancelling the note gives the credit back.
    await call('POST', `/api/v1/billing/documents/${note.json().id}/cancel`, {
      reason: 'Nota emitida por engano',
    });
    expect((await call('GET', `/api/v1/billing/documents/${invoice.id}`)).json().settled).toBe(0);
  });

  it("taxes a credit note at the rates of the invoice's date, even after a rate changed", async () => {
    const s = await setUp('M');
    // Madeira's reduced rate went from 5 % to 4 % on 2024-10-01: an invoice of the day before is at 5 %.
    const response = await call('POST', '/api/v1/billing/documents', {
      seriesId: await series('FT', 'CFM2'),
      partyId: s.partyId,
      documentDate: '2024-09-30',
      taxRegion: 'PT-MA',
      issue: true,
      lines: [{ description: 'Livros', quantity: 1000, unitPrice: 1_000_000, taxCode: 'RED' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ taxPayable: 500, grossTotal: 10_500 });
    const note = await call('POST', `/api/v1/billing/documents/${response.json().id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Devolução',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ documentDate: today, taxPayable: 500, grossTotal: 10_500 });
    expect(note.json().lines[0].vatBasisPoints).toBe(500);
  });

  it('credits chosen lines and quantities, never more than what is left uncredited', async () => {
    const s = await setUp('E');
    const invoice = await issued(s.ft, s.partyId, [
      { productId: s.productId, quantity: 3000 },
      { description: 'Deslocação', quantity: 1000, unitPrice: 250_000 },
    ]);
    // 3 h × 40 € = 120 € + 25 € = 145 € net, 178.35 € with VAT.
    expect(invoice.grossTotal).toBe(17835);
    const partial = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Uma hora a menos',
      lines: [{ position: 1, quantity: 1000 }],
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toMatchObject({ netTotal: 4000, grossTotal: 4920, lines: [{ quantity: 1000 }] });
    // Two drafts that each fit, but not together: the second issue is refused.
    const rest = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'O resto',
    });
    expect(rest.statusCode).toBe(201);
    expect((await call('POST', `/api/v1/billing/documents/${partial.json().id}/issue`)).statusCode).toBe(200);
    const refused = await call('POST', `/api/v1/billing/documents/${rest.json().id}/issue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CREDIT_EXCEEDS_REMAINING');
    expect((await call('GET', `/api/v1/billing/documents/${rest.json().id}`)).json().state).toBe('draft');

    const tooMany = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Demais',
      lines: [{ position: 1, quantity: 3001 }],
    });
    expect(tooMany.statusCode).toBe(400);
    const noLine = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Linha inexistente',
      lines: [{ position: 9, quantity: 1000 }],
    });
    expect(noLine.statusCode).toBe(400);
    const noReason = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      lines: [{ position: 2, quantity: 1000 }],
    });
    expect(noReason.statusCode).toBe(400);
    const fits = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'A deslocação',
      lines: [{ position: 2, quantity: 1000 }],
    });
    expect(fits.statusCode, fits.body).toBe(201);
    expect((await call('POST', `/api/v1/billing/documents/${fits.json().id}/issue`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/billing/documents/${invoice.id}`)).json().settled).toBe(4920 + 3075);
  });

  it('credits only an issued invoice of the organization, into an NC series', async () => {
    const s = await setUp('F');
    const quote = await issued(s.or, s.partyId, [{ productId: s.productId, quantity: 1000 }]);
    const ofQuote = await call('POST', `/api/v1/billing/documents/${quote.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Não se credita',
    });
    expect(ofQuote.statusCode).toBe(400);
    const invoice = await issued(s.ft, s.partyId, [{ productId: s.productId, quantity: 1000 }]);
    const wrongSeries = await call('POST', `/api/v1/billing/documents/${invoice.id}/credit-note`, {
      seriesId: s.ft,
      reason: 'Série errada',
    });
    expect(wrongSeries.statusCode).toBe(400);
    const draft = (
      await call('POST', '/api/v1/billing/documents', {
        seriesId: s.ft,
        partyId: s.partyId,
        documentDate: today,
        lines: [{ productId: s.productId, quantity: 1000 }],
      })
    ).json();
    const ofDraft = await call('POST', `/api/v1/billing/documents/${draft.id}/credit-note`, {
      seriesId: s.nc,
      reason: 'Rascunho',
    });
    expect(ofDraft.json().code).toBe('DOCUMENT_NOT_ISSUED');
    const stranger = await t.call({
      method: 'POST',
      url: `/api/v1/billing/documents/${invoice.id}/credit-note`,
      token: kwanzaOwner,
      orgId: kwanzaOrg,
      payload: { seriesId: s.nc, reason: 'Não é meu' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfQrCodes, pdfText } from '../../../test/pdf-text.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;

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

const call = (method: 'GET' | 'POST', url: string, payload?: object, who = owner, org = orgId) =>
  t.call({
    method,
    url,
    token: who,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

const today = () => new Date().toISOString().slice(0, 10);

async function invoice(
  suffix: string,
  options: { issue?: boolean; language?: string; email?: string | null } = {},
) {
  const party = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente PDF ${suffix}, Lda`,
    taxId: '999999990',
    country: 'PT',
    language: options.language ?? 'pt',
    ...(options.email === null
      ? {}
      : { email: options.email ?? `cliente.${suffix.toLowerCase()}@example.pt` }),
  });
  expect(party.statusCode).toBe(201);
  const series = await call('POST', '/api/v1/billing/series', {
    documentType: 'FT',
    code: `PDF${suffix}`,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  expect(series.statusCode).toBe(201);
  const created = await call('POST', '/api/v1/billing/documents', {
    seriesId: series.json().id,
    partyId: party.json().id,
    documentDate: today(),
    issue: options.issue ?? true,
    lines: [
      { description: 'Consultoria (hora)', quantity: 2000, unitPrice: 500_000 },
      {
        description: 'Formação certificada',
        quantity: 1000,
        unitPrice: 100_000,
        taxCode: 'ISE',
        exemptionCode: 'M07',
      },
    ],
  });
  expect(created.statusCode).toBe(201);
  return created.json();
}

describe('GET /api/v1/billing/documents/:id/pdf', () => {
  it('serves the issued document inline, with ATCUD, hash characters, the mention and a QR code that reads back', async () => {
    const document = await invoice('A');
    const response = await call('GET', `/api/v1/billing/documents/${document.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('inline; filename="FT_PDFA_1.pdf"');
    const pdf = response.rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain(`ATCUD:${document.atcud}`);
    expect(text).toContain(`${document.hashCharacters}-Processado por programa não certificado`);
    expect(text).toContain('Documento emitido para fins de formação');
    expect(text).toContain('M07 — Isento artigo 9.º do CIVA');
    expect(text).toContain('Fluxo Demo, Lda');
    expect((await pdfQrCodes(pdf)).map((code) => code.text)).toEqual([document.qrCode]);
  });

  it('prints a draft with its mark and no processing mention', async () => {
    const draft = await invoice('B', { issue: false });
    const response = await call('GET', `/api/v1/billing/documents/${draft.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('FT-draft-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('RASCUNHO — NÃO SERVE DE FATURA');
    expect(text).not.toContain('Processado por');
  });

  it("prints in the customer's language, fixed at issue", async () => {
    const document = await invoice('C', { language: 'gb' });
    expect(document.language).toBe('gb');
    const text = await pdfText(
      (await call('GET', `/api/v1/billing/documents/${document.id}/pdf`)).rawPayload,
    );
    expect(text).toContain('Invoice');
    expect(text).toContain('Net total');
  });

  it("never serves another organization's document", async () => {
    const document = await invoice('D');
    const url = `/api/v1/billing/documents/${document.id}/pdf`;
    expect((await call('GET', url, undefined, kwanzaOwner, kwanzaOrg)).statusCode).toBe(404);
    expect((await call('GET', url, undefined, kwanzaOwner, orgId)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/billing/documents/${randomUUID()}/pdf`)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/billing/documents/:id/send', () => {
  const mailTo = async (address: string) => {
    const mails = (await t.outbox()).filter((mail) => mail.to === address);
    expect(mails).toHaveLength(1);
    return simpleParser(readFileSync(path.join(t.dataDir, 'outbox', mails[0]!.file)));
  };

  it('mails the PDF to the customer and records when', async () => {
    const document = await invoice('E');
    const response = await call('POST', `/api/v1/billing/documents/${document.id}/send`, {
      message: 'Obrigado pela preferência.',
    });
    expect(response.statusCode).toBe(200);
    const { sentTo, emailedAt } = response.json();
    expect(sentTo).toBe('cliente.e@example.pt');
    expect((await call('GET', `/api/v1/billing/documents/${document.id}`)).json().emailedAt).toBe(emailedAt);
    const mail = await mailTo('cliente.e@example.pt');
    expect(mail.subject).toBe('Fatura FT PDFE/1 de Fluxo Demo, Lda');
    expect(mail.text).toContain('Obrigado pela preferência.');
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: 'FT_PDFE_1.pdf', contentType: 'application/pdf' });
    expect(await pdfText(attachment!.content)).toContain(`ATCUD:${document.atcud}`);
  });

  it('sends to another address when asked', async () => {
    const document = await invoice('F', { email: null });
    const response = await call('POST', `/api/v1/billing/documents/${document.id}/send`, {
      to: 'contabilidade@example.pt',
    });
    expect(response.json().sentTo).toBe('contabilidade@example.pt');
    await mailTo('contabilidade@example.pt');
  });

  it('refuses drafts, customers without an address, and other organizations — sending nothing', async () => {
    const before = (await t.outbox()).length;
    const draft = await invoice('G', { issue: false });
    const refused = await call('POST', `/api/v1/billing/documents/${draft.id}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DOCUMENT_NOT_ISSUED');
    const noAddress = await invoice('H', { email: null });
    const missing = await call('POST', `/api/v1/billing/documents/${noAddress.id}/send`, {});
    expect(missing.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/billing/documents/${noAddress.id}`)).json().emailedAt).toBeNull();
    const foreign = await call(
      'POST',
      `/api/v1/billing/documents/${noAddress.id}/send`,
      { to: 'x@example.pt' },
      kwanzaOwner,
      kwanzaOrg,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await t.outbox()).length).toBe(before);
  });
});

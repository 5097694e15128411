import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type AtQrData, buildAtQrString } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sweepOrphanFiles } from '../../treasury/documents/sweep-orphan-files.ts';

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

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = owner, org = orgId) =>
  t.call({
    method,
    url,
    token: who,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

/** A PT NIF with its check digit (mod 11), from eight digits. */
function nif(eight: string): string {
  const sum = [...eight].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  const remainder = sum % 11;
  return `${eight}${remainder < 2 ? 0 : 11 - remainder}`;
}

/** The QR code a PT supplier prints on an invoice to the demo company (NIF 508332150). */
function supplierQr(overrides: Partial<AtQrData> = {}): string {
  return buildAtQrString({
    issuerTaxId: nif('50980001'),
    buyerTaxId: '508332150',
    buyerCountry: 'PT',
    documentType: 'FT',
    status: 'N',
    date: '2026-10-15',
    documentId: 'FT FA2026/118',
    atcud: 'JJ4K7M2P-118',
    regions: [{ region: 'PT', reducedBase: 10_000, reducedVat: 600, normalBase: 50_000, normalVat: 11_500 }],
    totalTaxes: 12_100,
    grossTotal: 72_100,
    hashCharacters: 'aB3x',
    certificateNumber: '1234',
    ...overrides,
  });
}

/** What the form sends back from a prefill: the supplier (known or new) and the read amounts. */
function fromPrefill(prefill: Record<string, unknown>, name = 'Papelaria Central, Lda') {
  const supplier = prefill.supplier as { id: string } | null;
  return {
    ...(supplier
      ? { partyId: supplier.id }
      : { supplier: { name, taxId: prefill.issuerTaxId, country: 'PT' } }),
    documentType: prefill.documentType,
    documentNumber: prefill.documentNumber,
    atcud: prefill.atcud,
    documentDate: prefill.documentDate,
    dueDate: '2026-11-14',
    taxes: prefill.taxes,
    stampDuty: prefill.stampDuty,
    grossTotal: prefill.grossTotal,
    withholding: prefill.withholding,
    qrCode: prefill.qrCode,
  };
}

const purchaseCount = async (org = orgId) =>
  Number(
    (
      await rows<{ n: string }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM billing_purchases WHERE organization_id = ${org}`,
      )
    )[0]!.n,
  );

describe('supplier documents from an AT QR code', () => {
  it('prefills from the QR code, creates the unknown supplier, then knows it and refuses the duplicate', async () => {
    const qr = supplierQr();
    const read = await call('POST', '/api/v1/billing/purchases/read-qr', { qrCode: qr });
    expect(read.statusCode).toBe(200);
    const prefill = read.json();
    expect(prefill).toMatchObject({
      issuerTaxId: nif('50980001'),
      issuerCountry: 'PT',
      supplier: null,
      buyerTaxId: '508332150',
      documentType: 'FT',
      documentNumber: 'FT FA2026/118',
      atcud: 'JJ4K7M2P-118',
      documentDate: '2026-10-15',
      currency: 'EUR',
      netTotal: 60_000,
      taxPayable: 12_100,
      grossTotal: 72_100,
      warnings: [],
      existingPurchaseId: null,
    });
    expect(prefill.taxes).toEqual([
      { taxRegion: 'PT', taxCode: 'RED', vatBasisPoints: 600, base: 10_000, vat: 600 },
      { taxRegion: 'PT', taxCode: 'NOR', vatBasisPoints: 2300, base: 50_000, vat: 11_500 },
    ]);

    const created = await call('POST', '/api/v1/billing/purchases', fromPrefill(prefill));
    expect(created.statusCode).toBe(201);
    const purchase = created.json();
    expect(purchase).toMatchObject({
      partyName: 'Papelaria Central, Lda',
      partyTaxId: nif('50980001'),
      documentNumber: 'FT FA2026/118',
      netTotal: 60_000,
      taxPayable: 12_100,
      grossTotal: 72_100,
      payable: 72_100,
      settled: 0,
      outstanding: 72_100,
      state: 'open',
      qrCode: qr,
      file: null,
    });
    const [party] = await rows<{ is_supplier: boolean; is_customer: boolean }>(
      t.database.db,
      sql`SELECT is_supplier, is_customer FROM billing_parties WHERE id = ${purchase.partyId}`,
    );
    expect(party).toEqual({ is_supplier: true, is_customer: false });
    const events = await rows<{ type: string; data: { DocumentId: string; Number: string } }>(
      t.database.db,
      sql`SELECT type, data FROM realtime_messages WHERE data->>'DocumentId' = ${purchase.id}`,
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({
      type: 'BILLING_DOCUMENT_CREATED',
      data: { DocumentId: purchase.id, Number: 'FT FA2026/118' },
    });

    const again = (await call('POST', '/api/v1/billing/purchases/read-qr', { qrCode: qr })).json();
    expect(again.supplier).toMatchObject({ id: purchase.partyId, isSupplier: true });
    expect(again.warnings).toEqual(['ALREADY_RECORDED']);
    expect(again.existingPurchaseId).toBe(purchase.id);

    const before = await purchaseCount();
    const duplicate = await call('POST', '/api/v1/billing/purchases', fromPrefill(again));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'PURCHASE_DUPLICATE',
      messageKey: 'ERRORS.PURCHASE_DUPLICATE',
    });
    // The same document given as a "new" supplier by tax number is the same supplier: still a duplicate.
    const byTaxId = await call(
      'POST',
      '/api/v1/billing/purchases',
      fromPrefill({ ...again, supplier: null }),
    );
    expect(byTaxId.json().code).toBe('PURCHASE_DUPLICATE');
    expect(await purchaseCount()).toBe(before);
  });

  it('answers a translated error for a malformed QR code or an issuer NIF with a wrong check digit', async () => {
    for (const qrCode of ['hello', 'A:123456789*B:999999990', supplierQr().replace('O:721.00', 'O:721,00')]) {
      const response = await call('POST', '/api/v1/billing/purchases/read-qr', { qrCode });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'QR_CODE_INVALID',
        messageKey: 'ERRORS.QR_CODE_INVALID',
      });
    }
    const wrongDigit = `50980001${(Number(nif('50980001').at(-1)) + 1) % 10}`;
    const forged = await call('POST', '/api/v1/billing/purchases/read-qr', {
      qrCode: supplierQr({ issuerTaxId: wrongDigit }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'INVALID_VAT_NUMBER',
      messageKey: 'ERRORS.INVALID_VAT_NUMBER',
    });
    // A purchase saved with a malformed QR string is refused too.
    const prefill = (
      await call('POST', '/api/v1/billing/purchases/read-qr', {
        qrCode: supplierQr({ documentId: 'FT X/1' }),
      })
    ).json();
    const saved = await call('POST', '/api/v1/billing/purchases', {
      ...fromPrefill(prefill),
      qrCode: 'not*a*qr',
    });
    expect(saved.json().code).toBe('QR_CODE_INVALID');
  });

  it('warns when the document was issued to someone else, is cancelled or does not add up', async () => {
    const prefill = (
      await call('POST', '/api/v1/billing/purchases/read-qr', {
        qrCode: supplierQr({
          documentId: 'FT FA2026/119',
          buyerTaxId: '999999990',
          status: 'A',
          grossTotal: 72_000,
        }),
      })
    ).json();
    expect(prefill.warnings).toEqual(['BUYER_NOT_ORGANIZATION', 'DOCUMENT_CANCELLED', 'TOTALS_MISMATCH']);
    const proForma = (
      await call('POST', '/api/v1/billing/purchases/read-qr', {
        qrCode: supplierQr({ documentType: 'PF', documentId: 'PF P/1' }),
      })
    ).json();
    expect(proForma).toMatchObject({ documentType: null, warnings: ['NOT_A_PAYABLE'] });
  });
});

describe('supplier documents by hand', () => {
  let supplierId: string;
  let customerId: string;

  beforeAll(async () => {
    const supplier = await call('POST', '/api/v1/billing/parties', {
      name: 'Eletricidade do Norte, SA',
      taxId: nif('50980002'),
      country: 'PT',
      isCustomer: false,
      isSupplier: true,
    });
    expect(supplier.statusCode).toBe(201);
    supplierId = supplier.json().id;
    const customer = await call('POST', '/api/v1/billing/parties', {
      name: 'Só Cliente, Lda',
      taxId: nif('50980003'),
      country: 'PT',
    });
    customerId = customer.json().id;
  });

  const invoice = (number: string, date: string, extra: object = {}) => ({
    partyId: supplierId,
    documentType: 'FT',
    documentNumber: number,
    documentDate: date,
    taxes: [{ taxRegion: 'PT', taxCode: 'NOR', base: 10_000, vat: 2_300 }],
    grossTotal: 12_300,
    ...extra,
  });

  it('checks the totals, the supplier and the dates, and changes nothing when refused', async () => {
    const before = await purchaseCount();
    const cases: [object, string][] = [
      [invoice('FT E/1', '2026-09-01', { grossTotal: 12_301 }), 'PURCHASE_TOTALS_MISMATCH'],
      [invoice('FT E/1', '2026-09-01', { partyId: customerId }), 'PARTY_NOT_SUPPLIER'],
      [invoice('FT E/1', '2026-09-01', { partyId: randomUUID() }), 'NOT_FOUND'],
      [invoice('FT E/1', '2026-09-01', { dueDate: '2026-08-01' }), 'VALIDATION_FAILED'],
      [invoice('FT E/1', '2026-09-01', { withholding: 20_000 }), 'VALIDATION_FAILED'],
      [
        invoice('FT E/1', '2026-09-01', {
          taxes: [{ taxRegion: 'PT', taxCode: 'ISE', base: 10_000, vat: 100 }],
          grossTotal: 10_100,
        }),
        'VALIDATION_FAILED',
      ],
      [
        {
          ...invoice('FT E/1', '2026-09-01'),
          partyId: undefined,
          supplier: { name: 'Falso', taxId: '123456780', country: 'PT' },
        },
        'INVALID_VAT_NUMBER',
      ],
    ];
    for (const [body, code] of cases) {
      const response = await call('POST', '/api/v1/billing/purchases', body);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
      expect(response.json().messageKey).toBe(`ERRORS.${code}`);
    }
    expect(await purchaseCount()).toBe(before);
  });

  it('fills the rate of a home region, keeps withholding and stamp duty, and replays with the same key', async () => {
    const key = randomUUID();
    const body = invoice('FT E/2', '2026-09-02', {
      taxes: [
        { taxRegion: 'PT-MA', taxCode: 'NOR', base: 10_000, vat: 2_200 },
        { taxRegion: 'PT', taxCode: 'ISE', base: 1_000 },
      ],
      stampDuty: 50,
      grossTotal: 13_250,
      withholding: 2_500,
    });
    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/v1/billing/purchases',
        token: owner,
        orgId,
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      netTotal: 11_000,
      taxPayable: 2_250,
      grossTotal: 13_250,
      stampDuty: 50,
      withholding: 2_500,
      payable: 10_750,
      outstanding: 10_750,
      currency: 'EUR',
      taxes: [
        { taxRegion: 'PT-MA', taxCode: 'NOR', vatBasisPoints: 2200, base: 10_000, vat: 2_200 },
        { taxRegion: 'PT', taxCode: 'ISE', vatBasisPoints: 0, base: 1_000, vat: 0 },
      ],
    });
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.json().id);
  });

  it('lists newest first in keyset pages, with supplier, state, open-only and date filters', async () => {
    for (const day of ['10', '11', '12'])
      expect(
        (await call('POST', '/api/v1/billing/purchases', invoice(`FT L/${day}`, `2026-08-${day}`)))
          .statusCode,
      ).toBe(201);
    const page1 = (
      await call('GET', `/api/v1/billing/purchases?partyId=${supplierId}&to=2026-08-31&limit=2`)
    ).json();
    expect(page1.items.map((item: { documentNumber: string }) => item.documentNumber)).toEqual([
      'FT L/12',
      'FT L/11',
    ]);
    const page2 = (
      await call(
        'GET',
        `/api/v1/billing/purchases?partyId=${supplierId}&to=2026-08-31&limit=2&cursor=${page1.nextCursor}`,
      )
    ).json();
    expect(page2.items.map((item: { documentNumber: string }) => item.documentNumber)).toEqual(['FT L/10']);
    expect(page2.nextCursor).toBeNull();

    const cancelled = await call('POST', `/api/v1/billing/purchases/${page1.items[0].id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', outstanding: 0 });
    // Paid in full (the payments part moves `settled`): no longer open.
    await t.database.db.execute(
      sql`UPDATE billing_purchases SET settled = gross_total WHERE id = ${page1.items[1].id}`,
    );
    const open = (
      await call(
        'GET',
        `/api/v1/billing/purchases?partyId=${supplierId}&from=2026-08-01&to=2026-08-31&openOnly=true`,
      )
    ).json();
    expect(open.items.map((item: { documentNumber: string }) => item.documentNumber)).toEqual(['FT L/10']);
    const onlyCancelled = (
      await call('GET', `/api/v1/billing/purchases?partyId=${supplierId}&state=cancelled`)
    ).json();
    expect(onlyCancelled.items.map((item: { documentNumber: string }) => item.documentNumber)).toEqual([
      'FT L/12',
    ]);
    const bad = await call('GET', '/api/v1/billing/purchases?cursor=nonsense');
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('changes while nothing is paid, never after a payment or once cancelled', async () => {
    const created = (await call('POST', '/api/v1/billing/purchases', invoice('FT U/1', '2026-07-01'))).json();
    const changed = await call('PATCH', `/api/v1/billing/purchases/${created.id}`, {
      documentNumber: 'FT U/01',
      dueDate: '2026-07-31',
      taxes: [{ taxRegion: 'PT', taxCode: 'INT', base: 10_000, vat: 1_300 }],
      grossTotal: 11_300,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      documentNumber: 'FT U/01',
      dueDate: '2026-07-31',
      grossTotal: 11_300,
      taxes: [{ taxCode: 'INT', vatBasisPoints: 1300 }],
    });
    // Taxes without their total do not add up.
    const unbalanced = await call('PATCH', `/api/v1/billing/purchases/${created.id}`, {
      taxes: [{ taxRegion: 'PT', taxCode: 'NOR', base: 10_000, vat: 2_300 }],
    });
    expect(unbalanced.json().code).toBe('PURCHASE_TOTALS_MISMATCH');

    await t.database.db.execute(sql`UPDATE billing_purchases SET settled = 5000 WHERE id = ${created.id}`);
    const paid = await call('PATCH', `/api/v1/billing/purchases/${created.id}`, { notes: 'x' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('PURCHASE_HAS_PAYMENTS');
    expect((await call('POST', `/api/v1/billing/purchases/${created.id}/cancel`)).json().code).toBe(
      'PURCHASE_HAS_PAYMENTS',
    );
    const shown = (await call('GET', `/api/v1/billing/purchases/${created.id}`)).json();
    expect(shown).toMatchObject({ settled: 5000, outstanding: 6300, documentNumber: 'FT U/01' });

    const other = (await call('POST', '/api/v1/billing/purchases', invoice('FT U/2', '2026-07-02'))).json();
    await call('POST', `/api/v1/billing/purchases/${other.id}/cancel`);
    const afterCancel = await call('PATCH', `/api/v1/billing/purchases/${other.id}`, { notes: 'x' });
    expect(afterCancel.json().code).toBe('DOCUMENT_ALREADY_CANCELLED');
  });

  it('shows what a payment made through the payments API settles, and no longer changes', async () => {
    const created = (await call('POST', '/api/v1/billing/purchases', invoice('FT P/1', '2026-04-01'))).json();
    const paid = await call('POST', '/api/v1/billing/payments', {
      direction: 'out',
      partyId: supplierId,
      paymentDate: '2026-04-10',
      method: 'TB',
      amount: 5_000,
      allocations: [{ purchaseId: created.id, amount: 5_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await call('GET', `/api/v1/billing/purchases/${created.id}`)).json()).toMatchObject({
      settled: 5_000,
      outstanding: 7_300,
    });
    expect((await call('PATCH', `/api/v1/billing/purchases/${created.id}`, { notes: 'x' })).json().code).toBe(
      'PURCHASE_HAS_PAYMENTS',
    );
    const open = (
      await call('GET', `/api/v1/billing/purchases?partyId=${supplierId}&openOnly=true&limit=200`)
    ).json();
    expect(open.items.map((item: { id: string }) => item.id)).toContain(created.id);
  });

  it('keeps the photo or PDF, sniffed, within the size limit, and the orphan sweep leaves it', async () => {
    const created = (await call('POST', '/api/v1/billing/purchases', invoice('FT F/1', '2026-06-01'))).json();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = (body: Buffer, type: string, name: string) =>
      t.call({
        method: 'POST',
        url: `/api/v1/billing/purchases/${created.id}/file`,
        token: owner,
        orgId,
        payload: body,
        headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      });
    const attached = await upload(pdf, 'application/pdf', 'fatura março.jpg');
    expect(attached.statusCode).toBe(200);
    expect(attached.json().file).toEqual({ fileName: 'fatura março.pdf', contentType: 'application/pdf' });

    const text = await upload(Buffer.from('just text'), 'application/octet-stream', 'a.pdf');
    expect(text.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const huge = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x25), 'application/pdf', 'big.pdf');
    expect(huge.json().code).toBe('FILE_TOO_LARGE');

    const content = await call('GET', `/api/v1/billing/purchases/${created.id}/file`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-security-policy']).toContain('sandbox');
    expect(content.rawPayload.equals(pdf)).toBe(true);

    const [row] = await rows<{ storage_key: string }>(
      t.database.db,
      sql`SELECT storage_key FROM billing_purchases WHERE id = ${created.id}`,
    );
    const stored = path.join(t.dataDir, 'files', ...row!.storage_key.split('/'));
    expect(existsSync(stored)).toBe(true);
    await sweepOrphanFiles(t.database.db, t.dataDir, -1000);
    expect(existsSync(stored)).toBe(true);

    // A new file replaces the old one, which goes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await upload(png, 'image/png', 'foto')).json().file).toEqual({
      fileName: 'foto.png',
      contentType: 'image/png',
    });
    expect(existsSync(stored)).toBe(false);
  });

  it("never shows or changes another organization's purchases", async () => {
    const created = (await call('POST', '/api/v1/billing/purchases', invoice('FT I/1', '2026-05-01'))).json();
    const stranger = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      call(method, url, payload, kwanzaOwner, kwanzaOrg);
    expect((await stranger('GET', `/api/v1/billing/purchases/${created.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/v1/billing/purchases/${created.id}/file`)).statusCode).toBe(404);
    expect(
      (await stranger('PATCH', `/api/v1/billing/purchases/${created.id}`, { notes: 'x' })).statusCode,
    ).toBe(404);
    expect((await stranger('POST', `/api/v1/billing/purchases/${created.id}/cancel`)).statusCode).toBe(404);
    const list = (await stranger('GET', '/api/v1/billing/purchases?limit=200')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(created.id);
    // Nor uses its suppliers: the PT company's supplier is unknown to the AO company.
    const asParty = await stranger('POST', '/api/v1/billing/purchases', invoice('FT I/2', '2026-05-01'));
    expect(asParty.statusCode).toBe(404);
    const prefill = (
      await stranger('POST', '/api/v1/billing/purchases/read-qr', {
        qrCode: supplierQr({ issuerTaxId: nif('50980002'), buyerTaxId: '5417012345' }),
      })
    ).json();
    expect(prefill.supplier).toBeNull();
    expect(prefill.warnings).toEqual([]);
    expect(prefill.currency).toBe('AOA');
    const upload = await t.call({
      method: 'POST',
      url: `/api/v1/billing/purchases/${created.id}/file`,
      token: kwanzaOwner,
      orgId: kwanzaOrg,
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/billing/purchases/${created.id}`)).json().state).toBe('open');
  });
});

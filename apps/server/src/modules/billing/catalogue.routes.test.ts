import { randomUUID } from 'node:crypto';
import { isValidMultibancoReference } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type StandIn, startStandIn } from '../../test/local-services.ts';
import { storeRates } from '../tax/ecb-import.ts';
import { addAccount, addMovements } from '../treasury/transactions/test-fixtures.ts';

/**
 * A stand-in for the VIES REST API (POST …/check-vat-number { countryCode, vatNumber } → { valid, name,
 * address, … }, "---" for what a member state withholds): PT 500000000 is registered, 500000018 is not,
 * 500000026 gets a 500, 500000034 answers too late, 510123457 (a company in Fluxo) finds the member
 * state's service down (userError MS_UNAVAILABLE).
 */
const asked: { countryCode: string; vatNumber: string }[] = [];
function startVies(): Promise<StandIn> {
  return startStandIn(async (request) => {
    const body = JSON.parse(request.body) as { countryCode: string; vatNumber: string };
    asked.push(body);
    const base = {
      countryCode: body.countryCode,
      vatNumber: body.vatNumber,
      requestDate: '2026-11-25+01:00',
    };
    switch (body.vatNumber) {
      case '500000000':
        return {
          status: 200,
          body: {
            ...base,
            valid: true,
            name: 'EMPRESA VIES, LDA',
            address: 'RUA DO OURO 10\n1100-060 LISBOA',
          },
        };
      case '500000018':
        return { status: 200, body: { ...base, valid: false, name: '---', address: '---' } };
      case '500000034':
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { status: 200, body: { ...base, valid: true } };
      case '510123457':
        return { status: 200, body: { ...base, valid: false, userError: 'MS_UNAVAILABLE' } };
      case '123456789':
        return { status: 200, body: { ...base, valid: true, name: 'Muster GmbH', address: '---' } };
      default:
        return {
          status: 500,
          body: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] },
        };
    }
  });
}

let vies: StandIn;
let t: TestApp;
let owner: string;
let orgId: string;
let aoOwner: string;
let aoOrg: string;
let cash: string;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

beforeAll(async () => {
  vies = await startVies();
  t = await createTestApp({
    demoBilling: false,
    env: { VIES_URL: `${vies.url}/check-vat-number`, VIES_TIMEOUT_MS: '400' },
  });
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  aoOwner = await t.signin('ao.owner@fluxo.example');
  aoOrg = await orgOf('Kwanza Comércio, Lda');
  cash = await t.signin('cash@fluxo.example');
});
afterAll(async () => {
  await t?.close();
  await vies?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
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
const lookup = (country: string, taxId: string, who = owner, org = orgId) =>
  call(
    'GET',
    `/api/v1/billing/parties/lookup?country=${country}&taxId=${encodeURIComponent(taxId)}`,
    undefined,
    who,
    org,
  );

describe('GET /api/v1/billing/parties/lookup', () => {
  it('fills name and address from VIES for a registered EU number', async () => {
    asked.length = 0;
    const found = await lookup('PT', 'PT 500 000 000');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      valid: true,
      viesRegistered: true,
      name: 'EMPRESA VIES, LDA',
      address: 'RUA DO OURO 10',
      postalCode: '1100-060',
      city: 'LISBOA',
      source: 'vies',
    });
    // The national number goes to VIES, without its prefix or spaces.
    expect(asked).toEqual([{ countryCode: 'PT', vatNumber: '500000000' }]);
    const german = await lookup('DE', 'DE123456789');
    expect(german.json()).toMatchObject({ valid: true, name: 'Muster GmbH', address: null, source: 'vies' });
  });

  it('checks the tax-number rule first and asks VIES nothing for a number that breaks it', async () => {
    asked.length = 0;
    expect((await lookup('PT', '500000001')).json()).toMatchObject({
      valid: false,
      source: null,
      name: null,
    });
    expect((await lookup('PT', '999999990')).json()).toMatchObject({ valid: true, source: null });
    expect(asked).toEqual([]);
  });

  it('says valid but not registered for a number VIES does not know, and adds what Fluxo knows', async () => {
    expect((await lookup('PT', '500000018')).json()).toEqual({
      valid: true,
      viesRegistered: false,
      name: null,
      address: null,
      postalCode: null,
      city: null,
      source: null,
    });
    const party = await call('POST', '/api/v1/billing/parties', {
      name: 'Particular Conhecido',
      taxId: '500000018',
      country: 'PT',
      address: 'Rua A 1',
      postalCode: '4000-001',
      city: 'Porto',
    });
    expect(party.statusCode).toBe(201);
    expect((await lookup('PT', '500000018')).json()).toMatchObject({
      valid: true,
      viesRegistered: false,
      name: 'Particular Conhecido',
      city: 'Porto',
      source: 'fluxo',
    });
    // Another organization never learns this organization's parties.
    expect((await lookup('PT', '500000018', aoOwner, aoOrg)).json()).toMatchObject({
      name: null,
      source: null,
    });
  });

  it('answers a VIES outage with a clear error — or with what Fluxo knows — never a 5xx', async () => {
    const down = await lookup('PT', '500000026');
    expect(down.statusCode).toBe(424);
    expect(down.json()).toMatchObject({ code: 'VIES_UNAVAILABLE', messageKey: 'ERRORS.VIES_UNAVAILABLE' });
    const started = Date.now();
    const slow = await lookup('PT', '500000034');
    expect(slow.statusCode).toBe(424);
    expect(Date.now() - started).toBeLessThan(1400);
    // The member state's service is down, but the number is a company registered in Fluxo.
    expect((await lookup('PT', '510123457')).json()).toMatchObject({
      valid: true,
      viesRegistered: null,
      name: 'Contas Certas — Contabilidade, Lda',
      source: 'fluxo',
    });
  });

  it('asks no VIES outside the EU, and finds a company registered in Fluxo there', async () => {
    asked.length = 0;
    expect((await lookup('AO', '5417012345')).json()).toMatchObject({
      valid: true,
      name: 'Kwanza Comércio, Lda',
      source: 'fluxo',
    });
    expect((await lookup('US', '12-3456789')).json()).toMatchObject({ valid: true, source: null });
    expect(asked).toEqual([]);
  });

  it('is for those who may create parties, and refuses a malformed query', async () => {
    expect((await lookup('PT', '500000000', cash)).statusCode).toBe(403);
    expect((await lookup('PRT', '500000000')).statusCode).toBe(400);
  });
});

describe('billing settings', () => {
  it('reads none at first, saves, and refuses a malformed entity without changing anything', async () => {
    expect((await call('GET', '/api/v1/billing/settings', undefined, aoOwner, aoOrg)).json()).toEqual({
      multibancoEntity: null,
      documentFooter: null,
      reminderAfterDays: null,
    });
    const saved = await call('PUT', '/api/v1/billing/settings', {
      multibancoEntity: '21312',
      documentFooter: 'IBAN PT50 0002 0123 1234 5678 9015 4',
      reminderAfterDays: 15,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      multibancoEntity: '21312',
      documentFooter: 'IBAN PT50 0002 0123 1234 5678 9015 4',
      reminderAfterDays: 15,
    });
    const bad = await call('PUT', '/api/v1/billing/settings', {
      multibancoEntity: '2131',
      documentFooter: null,
      reminderAfterDays: null,
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/v1/billing/settings')).json()).toMatchObject({
      multibancoEntity: '21312',
    });
    expect((await call('PUT', '/api/v1/billing/settings', saved.json(), cash)).statusCode).toBe(403);
    // Each organization has its own.
    expect((await call('GET', '/api/v1/billing/settings', undefined, aoOwner, aoOrg)).json()).toMatchObject({
      multibancoEntity: null,
    });
  });
});

async function setUp(suffix: string, documentType = 'FT') {
  const party = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente MB ${suffix}`,
    taxId: `MB-${suffix}-2026`,
    country: 'JP',
  });
  expect(party.statusCode).toBe(201);
  const series = await call('POST', '/api/v1/billing/series', {
    documentType,
    code: `CAT${suffix}`,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  expect(series.statusCode).toBe(201);
  return { partyId: party.json().id as string, seriesId: series.json().id as string };
}

const today = () => new Date().toISOString().slice(0, 10);
const line = { description: 'Consultoria', quantity: 1000, unitPrice: 1_000_000, taxCode: 'NOR' };

describe('Multibanco references and foreign currency on documents', () => {
  it('gives an issued EUR invoice the entity and a reference that checks against its amount', async () => {
    await call('PUT', '/api/v1/billing/settings', {
      multibancoEntity: '21312',
      documentFooter: null,
      reminderAfterDays: null,
    });
    const { partyId, seriesId } = await setUp('A');
    const draft = await call('POST', '/api/v1/billing/documents', {
      seriesId,
      partyId,
      documentDate: today(),
      lines: [line],
    });
    expect(draft.json()).toMatchObject({ mbEntity: null, mbReference: null, exchangeRate: '1' });
    const issued = await call('POST', `/api/v1/billing/documents/${draft.json().id}/issue`);
    expect(issued.statusCode).toBe(200);
    const document = issued.json();
    expect(document.mbEntity).toBe('21312');
    expect(document.payable).toBe(123_00);
    expect(isValidMultibancoReference('21312', document.mbReference, document.payable)).toBe(true);
  });

  it('prints no reference on a quote, and none when the organization has no entity', async () => {
    const { partyId, seriesId } = await setUp('B', 'OR');
    const quote = await call('POST', '/api/v1/billing/documents', {
      seriesId,
      partyId,
      documentDate: today(),
      issue: true,
      lines: [line],
    });
    expect(quote.json()).toMatchObject({ state: 'issued', mbEntity: null, mbReference: null });
    await call('PUT', '/api/v1/billing/settings', {
      multibancoEntity: null,
      documentFooter: null,
      reminderAfterDays: null,
    });
    const plain = await setUp('C');
    const invoice = await call('POST', '/api/v1/billing/documents', {
      ...plain,
      documentDate: today(),
      issue: true,
      lines: [line],
    });
    expect(invoice.json()).toMatchObject({ state: 'issued', mbEntity: null, mbReference: null });
  });

  it("takes the ECB rate of the document's date for another currency, and refuses one with no rate", async () => {
    await call('PUT', '/api/v1/billing/settings', {
      multibancoEntity: '21312',
      documentFooter: null,
      reminderAfterDays: null,
    });
    await storeRates(t.database.db, [
      { date: today(), currency: 'USD', rate: '1.0832' },
      { date: '2026-01-05', currency: 'GBP', rate: '0.8312' },
    ]);
    const { partyId, seriesId } = await setUp('D');
    const usd = await call('POST', '/api/v1/billing/documents', {
      seriesId,
      partyId,
      documentDate: today(),
      currency: 'usd',
      issue: true,
      lines: [line],
    });
    expect(usd.statusCode).toBe(201);
    // A Multibanco reference pays euros only.
    expect(usd.json()).toMatchObject({ currency: 'USD', exchangeRate: '1.0832', mbReference: null });
    const before = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM billing_documents`,
    );
    for (const [currency, date] of [
      ['XAF', today()],
      ['GBP', '2026-02-20'],
      ['ZZZ', today()],
    ] as const) {
      const refused = await call('POST', '/api/v1/billing/documents', {
        seriesId,
        partyId,
        documentDate: date,
        currency,
        lines: [line],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'EXCHANGE_RATE_UNAVAILABLE' });
    }
    expect(
      await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM billing_documents`),
    ).toEqual(before);
    // Angola's kwanza has no ECB rate: an AO company bills in its own currency only.
    const ao = await call(
      'POST',
      '/api/v1/billing/parties',
      { name: 'Cliente AO', taxId: '5000000000', country: 'AO' },
      aoOwner,
      aoOrg,
    );
    const aoSeries = await call(
      'POST',
      '/api/v1/billing/series',
      { documentType: 'FT', code: 'CATAO', seriesType: 'F', validationCode: 'AAJFJ2K6' },
      aoOwner,
      aoOrg,
    );
    const aoUsd = await call(
      'POST',
      '/api/v1/billing/documents',
      {
        seriesId: aoSeries.json().id,
        partyId: ao.json().id,
        documentDate: today(),
        currency: 'USD',
        lines: [line],
      },
      aoOwner,
      aoOrg,
    );
    expect(aoUsd.json()).toMatchObject({ code: 'EXCHANGE_RATE_UNAVAILABLE' });
  });
});

describe('PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION', () => {
  it('links a party to the merchant of a new movement carrying its tax number, and asks once to confirm', async () => {
    const db = t.database.db;
    const party = await call('POST', '/api/v1/billing/parties', {
      name: 'Fornecedor Reconhecido, Lda',
      taxId: '500000026',
      country: 'PT',
      isSupplier: true,
    });
    expect(party.json()).toMatchObject({ merchantId: null });
    const [merchant] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO treasury_merchants (organization_id, name, vat_number)
          VALUES (${orgId}, 'FORNECEDOR RECONHECIDO', '500000026') RETURNING id`,
    );
    const account = await addAccount(db, orgId, { name: 'Conta reconhecimento' });
    const moves = (merchantId: string | null) =>
      addMovements(db, orgId, account, [
        { bookingDate: '2026-11-20', amount: -12_300, description: 'TRF FORNECEDOR', merchantId },
      ]);
    await moves(null);
    const prompts = () =>
      rows<{ data: { ClientSupplierId: string; TransactionId?: string } }>(
        db,
        sql`SELECT data FROM realtime_messages
            WHERE type = 'PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION' AND data->>'ClientSupplierId' = ${party.json().id}`,
      );
    expect(await prompts()).toEqual([]);
    const [recognised] = await moves(merchant!.id);
    const list = await call('GET', '/api/v1/billing/parties?q=500000026');
    expect(list.json()[0]).toMatchObject({ merchantId: merchant!.id });
    const sent = await prompts();
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((row) => row.data.TransactionId))).toEqual(new Set([recognised]));
    // Another movement proposes nothing new; undoing the link is the member's answer.
    await moves(merchant!.id);
    expect((await prompts()).length).toBe(sent.length);
    const undone = await call('PATCH', `/api/v1/billing/parties/${party.json().id}`, { merchantId: null });
    expect(undone.json()).toMatchObject({ merchantId: null });
    // Another organization's movements never touch this organization's parties.
    const aoAccount = await addAccount(db, aoOrg, { name: 'Conta AO', currency: 'AOA' });
    const [aoMerchant] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO treasury_merchants (organization_id, name, vat_number)
          VALUES (${aoOrg}, 'OUTRO', '500000026') RETURNING id`,
    );
    await addMovements(db, aoOrg, aoAccount, [
      { bookingDate: '2026-11-21', amount: -100, description: 'X', merchantId: aoMerchant!.id },
    ]);
    expect((await call('GET', '/api/v1/billing/parties?q=500000026')).json()[0]).toMatchObject({
      merchantId: null,
    });
  });
});

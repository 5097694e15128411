import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let demo: string;
let trial: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.signin('demo@fluxo.example');
  trial = await t.signin('trial@fluxo.example');
});
afterAll(async () => {
  await t?.close();
});

const save = (token: string, payload: object) =>
  t.call({ method: 'PATCH', url: '/api/v1/internal-billing/update', token, payload });

describe('billing addresses', () => {
  it('adds, updates, lists, and switches the default; VAT follows the default', async () => {
    const first = await save(demo, {
      name: 'Fluxo Demo, Lda',
      vatNumber: 'PT508332150',
      country: 'pt',
      address: 'Avenida da Liberdade 110',
      postalCode: '1250-096',
      city: 'Lisboa',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ country: 'PT', isDefault: true });
    const second = await save(demo, {
      name: 'Filial Funchal',
      country: 'PT',
      address: 'Rua da Carreira 77',
      postalCode: '9000-060',
      city: 'Funchal',
    });
    expect(second.json().isDefault).toBe(false);
    const updated = await save(demo, {
      id: second.json().id,
      name: 'Filial do Funchal',
      country: 'PT',
      address: 'Rua da Carreira 77',
      postalCode: '9000-060',
      city: 'Funchal',
    });
    expect(updated.json().name).toBe('Filial do Funchal');
    const made = await t.call({
      method: 'PATCH',
      url: `/api/v1/internal-billing/${second.json().id}/default`,
      token: demo,
    });
    expect(made.json().isDefault).toBe(true);
    const list = await t.call({ method: 'GET', url: '/api/v1/internal-billing', token: demo });
    expect(list.json().map((a: { isDefault: boolean }) => a.isDefault)).toEqual([true, false]);

    // The next invoice carries Madeira's rate, from the default address.
    const bought = await t.call({
      method: 'POST',
      url: '/api/v1/addon/ondemand',
      token: demo,
      headers: { 'idempotency-key': 'billing-address-vat-1' },
      payload: { key: 'user_credits', quantity: 1 },
    });
    expect(bought.json().payments[0]).toMatchObject({
      amountCents: 1000,
      vatRateBasisPoints: 2200,
      vatCents: 220,
    });
  });

  it("keeps another user's addresses out of reach", async () => {
    const mine = await save(demo, {
      name: 'X',
      country: 'ES',
      address: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
    });
    const id = mine.json().id;
    expect(
      (await t.call({ method: 'GET', url: `/api/v1/internal-billing/${id}`, token: trial })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'PATCH', url: `/api/v1/internal-billing/${id}/default`, token: trial }))
        .statusCode,
    ).toBe(404);
    const hijack = await save(trial, { id, name: 'Mine now', country: 'PT', address: 'x', city: 'y' });
    expect(hijack.statusCode).toBe(404);
    const demoId = decodeClaims(demo).sub as string;
    const others = await t.call({
      method: 'GET',
      url: `/api/v1/internal-billing?userId=${demoId}`,
      token: trial,
    });
    expect(others.statusCode).toBe(403);
    const admin = await t.signin('admin@fluxo.example');
    const asAdmin = await t.call({
      method: 'GET',
      url: `/api/v1/internal-billing?userId=${demoId}`,
      token: admin,
    });
    expect(asAdmin.json().length).toBe(3);
  });

  it('refuses a malformed VAT number or postal code', async () => {
    const vat = await save(trial, {
      name: 'T',
      vatNumber: 'PT123456780',
      country: 'PT',
      address: 'a',
      city: 'b',
    });
    expect(vat.json().code).toBe('INVALID_VAT_NUMBER');
    const zip = await save(trial, { name: 'T', country: 'PT', address: 'a', postalCode: '12', city: 'b' });
    expect(zip.json().code).toBe('INVALID_POSTAL_CODE');
    const extra = await save(trial, { name: 'T', country: 'PT', address: 'a', city: 'b', owner: 'x' });
    expect(extra.json().code).toBe('VALIDATION_FAILED');
  });
});

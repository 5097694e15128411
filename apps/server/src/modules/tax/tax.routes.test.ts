import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { BUNDLED_HISTORY, parseEcbXml, storeRates } from './ecb-import.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signin('demo@fluxo.example');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.call({ method: 'GET', url, token });

describe('GET /api/v1/tax', () => {
  const table: [string, { region: string; rate: number; reverseCharge: boolean; reason: string }][] = [
    [
      'countryCode=PT&zipcode=1250-096',
      { region: 'PT', rate: 23, reverseCharge: false, reason: 'PT_MAINLAND' },
    ],
    [
      'countryCode=pt&zipcode=9000-060',
      { region: 'PT-MA', rate: 22, reverseCharge: false, reason: 'PT_MADEIRA' },
    ],
    [
      'countryCode=PT&zipcode=9400-171',
      { region: 'PT-MA', rate: 22, reverseCharge: false, reason: 'PT_MADEIRA' },
    ],
    [
      'countryCode=PT&zipcode=9500-150',
      { region: 'PT-AC', rate: 16, reverseCharge: false, reason: 'PT_AZORES' },
    ],
    ['countryCode=AO', { region: 'AO', rate: 14, reverseCharge: false, reason: 'AO_DOMESTIC' }],
    [
      'countryCode=PT&billingCountry=DE&vatNumber=DE123456789',
      { region: 'DE', rate: 0, reverseCharge: true, reason: 'EU_REVERSE_CHARGE' },
    ],
    ['countryCode=DE&vatNumber=DE12', { region: 'DE', rate: 19, reverseCharge: false, reason: 'EU_OSS' }],
    ['countryCode=FR', { region: 'FR', rate: 20, reverseCharge: false, reason: 'EU_OSS' }],
    [
      'countryCode=US&vatNumber=123456789',
      { region: 'US', rate: 0, reverseCharge: false, reason: 'OUTSIDE_EU' },
    ],
  ];
  it.each(table)('%s', async (query, expected) => {
    const response = await get(`/api/v1/tax?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(expected);
    expect(response.json().rateBasisPoints).toBe(expected.rate * 100);
  });

  it('refuses a bad postal code, a bad country and an anonymous caller', async () => {
    const zip = await get('/api/v1/tax?countryCode=PT&zipcode=12');
    expect(zip.statusCode).toBe(400);
    expect(zip.json().code).toBe('INVALID_POSTAL_CODE');
    expect((await get('/api/v1/tax?countryCode=Portugal')).json().code).toBe('VALIDATION_FAILED');
    expect((await t.call({ method: 'GET', url: '/api/v1/tax?countryCode=PT' })).statusCode).toBe(401);
  });
});

describe('exchange rates', () => {
  it('reads the bundled ECB history: a published day as published', async () => {
    const response = await get('/api/v1/tax/exchange-rates?currencies=USD,GBP&date=2024-06-28');
    expect(response.json()).toEqual({
      base: 'EUR',
      date: '2024-06-28',
      source: 'ECB',
      rates: [
        { currency: 'GBP', rate: '0.84638', date: '2024-06-28' },
        { currency: 'USD', rate: '1.0705', date: '2024-06-28' },
      ],
      unavailable: [],
    });
  });

  it('uses the latest rate before a day with none published (a weekend)', async () => {
    const saturday = await get('/api/v1/tax/exchange-rates?currencies=USD&date=2020-01-25');
    expect(saturday.json().rates).toEqual([{ currency: 'USD', rate: '1.1035', date: '2020-01-24' }]);
  });

  it('defaults to EUR, converts across bases and names currencies it lacks', async () => {
    const euro = await get('/api/v1/tax/exchange-rates?date=2024-06-28');
    expect(euro.json().rates).toEqual([{ currency: 'EUR', rate: '1', date: '2024-06-28' }]);
    const cross = await get('/api/v1/tax/exchange-rates?currencies=EUR,GBP,AOA&base=USD&date=2024-06-28');
    expect(cross.json()).toMatchObject({
      base: 'USD',
      rates: [
        { currency: 'EUR', rate: '0.934143' },
        { currency: 'GBP', rate: '0.79064' },
      ],
      unavailable: ['AOA'],
    });
    expect((await get('/api/v1/tax/exchange-rates?currencies=US')).json().code).toBe('VALIDATION_FAILED');
    const early = await get('/api/v1/tax/exchange-rates?currencies=USD&date=2000-01-03');
    expect(early.json()).toMatchObject({ rates: [], unavailable: ['USD'] });
  });

  it('averages a month, or carries the latest earlier rate into a month with none', async () => {
    const january = await get('/api/v1/tax/exchange-rates/monthly?currencies=USD&date=2020-01-10');
    const usd = [1.1169, 1.1108, 1.1085, 1.1115, 1.1088, 1.1091, 1.1035, 1.1025, 1.1005];
    const mean = (usd.reduce((a, b) => a + b, 0) / usd.length).toFixed(6).replace(/0+$/, '');
    expect(january.json()).toMatchObject({
      base: 'EUR',
      month: '2020-01',
      rates: [{ currency: 'USD', rate: mean, days: 9, from: '2020-01-16', to: '2020-01-28' }],
    });
    const march = await get('/api/v1/tax/exchange-rates/monthly?currencies=USD,EUR&date=2020-03-15');
    expect(march.json().rates).toEqual([
      { currency: 'EUR', rate: '1', days: 0, from: '2020-01-28', to: '2020-01-28' },
      { currency: 'USD', rate: '1.1005', days: 0, from: '2020-01-28', to: '2020-01-28' },
    ]);
  });

  it('imports the ECB XML format and skips days already stored', async () => {
    const xml = readFileSync(BUNDLED_HISTORY, 'utf8');
    const rates = parseEcbXml(xml);
    expect(rates).toHaveLength(444);
    expect(rates[0]).toEqual({ date: '2024-06-28', currency: 'USD', rate: '1.0705' });
    expect(await storeRates(t.database.db, rates)).toBe(0);
    const added = await storeRates(t.database.db, [{ date: '2024-07-01', currency: 'USD', rate: '1.0746' }]);
    expect(added).toBe(1);
    const monday = await get('/api/v1/tax/exchange-rates?currencies=USD&date=2024-07-02');
    expect(monday.json().rates[0]).toEqual({ currency: 'USD', rate: '1.0746', date: '2024-07-01' });
    expect(() => parseEcbXml('<html/>')).toThrow(/Not an ECB/);
    expect(() =>
      parseEcbXml(
        '<Envelope><Cube><Cube time="2024-01-02"><Cube currency="USD" rate="1,09"/></Cube></Cube></Envelope>',
      ),
    ).toThrow(/Bad rate/);
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  countriesFileContract,
  currenciesFileContract,
  EU_COUNTRIES,
  LANGUAGES,
  languagesFileContract,
  localizedCountriesFileContract,
  taxableCountriesFileContract,
  zipCodesFileContract,
} from '@fluxo/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { assetsRoutes, DEFAULT_I18N_DIR } from './assets.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, headers });

describe('reference data files', () => {
  it('lists every ISO 4217 currency with its number and minor-unit digits', async () => {
    const response = await get(currenciesFileContract.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const currencies = currenciesFileContract.response.parse(response.json());
    expect(currencies.length).toBeGreaterThanOrEqual(150);
    expect(new Set(currencies.map((c) => c.code)).size).toBe(currencies.length);
    const byCode = new Map(currencies.map((c) => [c.code, c]));
    expect(byCode.get('EUR')).toEqual({ code: 'EUR', name: 'Euro', number: '978', digits: 2 });
    expect(byCode.get('AOA')).toEqual({ code: 'AOA', name: 'Kwanza', number: '973', digits: 2 });
    expect(byCode.get('JPY')?.digits).toBe(0);
    expect(byCode.get('KWD')?.digits).toBe(3);
    for (const code of ['USD', 'GBP', 'BRL', 'MZN', 'CVE', 'CHF', 'NOK'])
      expect(byCode.has(code), code).toBe(true);
  });

  it('lists every ISO 3166-1 country with its English name', async () => {
    const response = await get(countriesFileContract.path);
    const countries = countriesFileContract.response.parse(response.json());
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((c) => c.alpha2)).size).toBe(countries.length);
    const byCode = new Map(countries.map((c) => [c.alpha2, c.name]));
    expect(byCode.get('PT')).toBe('Portugal');
    expect(byCode.get('AO')).toBe('Angola');
    expect(byCode.get('DE')).toBe('Germany');
    expect(byCode.get('GB')).toBe('United Kingdom');
  });

  it('serves the country names in every interface language, sorted in that language', async () => {
    const expected = { gb: 'Germany', pt: 'Alemanha', es: 'Alemania', fr: 'Allemagne' } as const;
    for (const lang of LANGUAGES) {
      const response = await get(`/assets/json-values/countries.${lang}.json`);
      expect(response.statusCode, lang).toBe(200);
      const countries = localizedCountriesFileContract.response.parse(response.json());
      expect(countries.length).toBeGreaterThanOrEqual(249);
      expect(countries.find((c) => c.alpha2 === 'DE')?.name).toBe(expected[lang]);
      const collator = new Intl.Collator({ gb: 'en-GB', pt: 'pt-PT', es: 'es-ES', fr: 'fr-FR' }[lang]);
      for (let i = 1; i < countries.length; i++) {
        expect(collator.compare(countries[i - 1]!.name, countries[i]!.name)).toBeLessThanOrEqual(0);
      }
    }
    // Accented names sort with their letter, not after Z.
    const pt = localizedCountriesFileContract.response.parse(
      (await get('/assets/json-values/countries.pt.json')).json(),
    );
    const names = pt.map((c) => c.name);
    expect(names.indexOf('Áustria')).toBeLessThan(names.indexOf('Bélgica'));
    expect((await get('/assets/json-values/countries.gb.json')).body).toBe(
      (await get(countriesFileContract.path)).body,
    );
    const unknown = await get('/assets/json-values/countries.de.json');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('has a tax-number pattern and a postal-code mask for every EU country and the partner countries', async () => {
    const taxable = taxableCountriesFileContract.response.parse(
      (await get(taxableCountriesFileContract.path)).json(),
    );
    const zip = zipCodesFileContract.response.parse((await get(zipCodesFileContract.path)).json());
    const taxCountries = taxable.map((x) => x.country);
    const zipCountries = zip.map((x) => x.country);
    for (const country of EU_COUNTRIES) {
      expect(taxCountries, country).toContain(country);
      expect(zipCountries, country).toContain(country);
    }
    for (const country of ['AO', 'BR', 'MZ', 'CV', 'GB', 'US', 'CH', 'NO'])
      expect(taxCountries).toContain(country);
    for (const country of ['BR', 'MZ', 'CV', 'GB', 'US', 'CH', 'NO']) expect(zipCountries).toContain(country);
    expect(zipCountries).not.toContain('AO');
    // Patterns are usable as they travel.
    const pt = taxable.find((x) => x.country === 'PT')!;
    expect(new RegExp(pt.pattern).test('PT508332150')).toBe(true);
    expect(zip.find((x) => x.country === 'PT')?.mask).toBe('0000-000');
    expect(zip.find((x) => x.country === 'BR')?.mask).toBe('00000-000');
  });

  it('lists the four interface languages', async () => {
    const languages = languagesFileContract.response.parse((await get(languagesFileContract.path)).json());
    expect(languages).toEqual([
      { code: 'gb', name: 'English' },
      { code: 'pt', name: 'Português' },
      { code: 'es', name: 'Español' },
      { code: 'fr', name: 'Français' },
    ]);
  });

  it('is public, cacheable, and answers 304 to a matching ETag', async () => {
    const first = await get(currenciesFileContract.path);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(currenciesFileContract.path, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await get(currenciesFileContract.path, { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const stale = await get(currenciesFileContract.path, { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });
});

describe('translation files', () => {
  it('serves the web app’s translation files that exist, and 404 for the others', async () => {
    for (const lang of LANGUAGES) {
      const file = path.join(DEFAULT_I18N_DIR, `${lang}.json`);
      const response = await get(`/assets/i18n/${lang}.json`);
      if (existsSync(file)) {
        expect(response.statusCode, lang).toBe(200);
        expect(response.json()).toEqual(JSON.parse(readFileSync(file, 'utf8')));
        expect(response.headers['cache-control']).toBe('no-cache');
      } else {
        expect(response.statusCode, lang).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    }
    expect((await get('/assets/i18n/de.json')).statusCode).toBe(404);
  });

  describe('from a given directory', () => {
    let dir: string;
    let app: FastifyInstance;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'fluxo-i18n-'));
      writeFileSync(
        path.join(dir, 'gb.json'),
        JSON.stringify({ SESSION: { IDLE: { TITLE: 'Are you there?' } } }),
      );
      writeFileSync(path.join(dir, 'pt.json'), JSON.stringify({ SESSION: { IDLE: { TITLE: 'Ainda aí?' } } }));
      app = Fastify({ logger: false });
      registerErrorHandler(app);
      assetsRoutes(app, { i18nDir: dir });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers the files present, with an ETag, and NOT_FOUND for a missing one', async () => {
      const pt = await app.inject('/assets/i18n/pt.json');
      expect(pt.statusCode).toBe(200);
      expect(pt.json()).toEqual({ SESSION: { IDLE: { TITLE: 'Ainda aí?' } } });
      const cached = await app.inject({
        url: '/assets/i18n/pt.json',
        headers: { 'if-none-match': pt.headers.etag },
      });
      expect(cached.statusCode).toBe(304);
      const es = await app.inject('/assets/i18n/es.json');
      expect(es.statusCode).toBe(404);
      expect(es.json().code).toBe('NOT_FOUND');
    });

    it('reads the files once, at startup', async () => {
      writeFileSync(path.join(dir, 'gb.json'), JSON.stringify({ CHANGED: 'yes' }));
      const gb = await app.inject('/assets/i18n/gb.json');
      expect(gb.json()).toEqual({ SESSION: { IDLE: { TITLE: 'Are you there?' } } });
    });

    it('refuses to start with a malformed translation file, naming it', () => {
      const broken = mkdtempSync(path.join(tmpdir(), 'fluxo-i18n-'));
      writeFileSync(path.join(broken, 'fr.json'), '{"SESSION": ');
      writeFileSync(path.join(broken, 'es.json'), '["not", "an", "object"]');
      const other = Fastify({ logger: false });
      try {
        expect(() => assetsRoutes(other, { i18nDir: broken })).toThrow(/es\.json|fr\.json/);
      } finally {
        rmSync(broken, { recursive: true, force: true });
      }
    });
  });
});

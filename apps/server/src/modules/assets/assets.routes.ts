import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  countriesFileContract,
  currenciesFileContract,
  isLanguage,
  LANGUAGES,
  type Language,
  languagesFileContract,
  localizedCountriesFileContract,
  taxableCountriesFileContract,
  translationsFileContract,
  ZTranslations,
  zipCodesFileContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import {
  buildCountries,
  buildCurrencies,
  buildLanguages,
  buildTaxableCountries,
  buildZipCodes,
} from './reference-data.ts';

/** A JSON file serialised once, with its entity tag. */
interface JsonFile {
  body: string;
  etag: string;
}

function jsonFile(value: unknown): JsonFile {
  const body = JSON.stringify(value);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

/** Reference data changes only with a deploy: an hour fresh, then revalidated with the ETag. */
const REFERENCE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
/** Translations are revalidated on every load so a deploy's new keys show at once (304 when unchanged). */
const TRANSLATIONS_CACHE = 'no-cache';

function send(request: FastifyRequest, reply: FastifyReply, file: JsonFile, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', file.etag);
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(file.body);
}

/** Where the web app keeps its translation files (one `<lang>.json` per interface language). */
export const DEFAULT_I18N_DIR = path.resolve(import.meta.dirname, '../../../../web/public/assets/i18n');

/**
 * Reads the translation files present. A missing language is answered 404; a file that is not a JSON
 * object stops the server, naming the file.
 */
function loadTranslations(dir: string): Map<Language, JsonFile> {
  const files = new Map<Language, JsonFile>();
  for (const language of LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    if (!existsSync(file)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Translation file ${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (!ZTranslations.safeParse(parsed).success) {
      throw new Error(`Translation file ${file} is not a JSON object`);
    }
    files.set(language, jsonFile(parsed));
  }
  return files;
}

const hidden = { hide: true } as const;

/**
 * The static files of spec §7 (currencies, countries, taxable countries, zip codes, languages,
 * translations). Every body is built once here, at startup, and served with cache headers and an
 * ETag.
 */
export function assetsRoutes(app: FastifyInstance, options: { i18nDir?: string } = {}): void {
  const currencies = jsonFile(buildCurrencies());
  const countries = new Map(LANGUAGES.map((language) => [language, jsonFile(buildCountries(language))]));
  const taxableCountries = jsonFile(buildTaxableCountries());
  const zipCodes = jsonFile(buildZipCodes());
  const languages = jsonFile(buildLanguages());
  const translations = loadTranslations(options.i18nDir ?? DEFAULT_I18N_DIR);

  const serve = (url: string, file: JsonFile) =>
    app.get(url, { config: { access: PUBLIC }, schema: hidden }, async (request, reply) =>
      send(request, reply, file, REFERENCE_CACHE),
    );
  serve(currenciesFileContract.path, currencies);
  serve(countriesFileContract.path, countries.get('gb')!);
  serve(taxableCountriesFileContract.path, taxableCountries);
  serve(zipCodesFileContract.path, zipCodes);
  serve(languagesFileContract.path, languages);

  app.get<{ Params: { lang: string } }>(
    localizedCountriesFileContract.path,
    { config: { access: PUBLIC }, schema: hidden },
    async (request, reply) => {
      const { lang } = request.params;
      const file = isLanguage(lang) ? countries.get(lang) : undefined;
      if (!file) throw new AppError('NOT_FOUND', `No country list in ${lang}`);
      return send(request, reply, file, REFERENCE_CACHE);
    },
  );

  app.get<{ Params: { lang: string } }>(
    translationsFileContract.path,
    { config: { access: PUBLIC }, schema: hidden },
    async (request, reply) => {
      const { lang } = request.params;
      const file = isLanguage(lang) ? translations.get(lang) : undefined;
      if (!file) throw new AppError('NOT_FOUND', `No translations for ${lang}`);
      return send(request, reply, file, TRANSLATIONS_CACHE);
    },
  );
}

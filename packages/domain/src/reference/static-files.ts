import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { LANGUAGES } from '../languages.ts';

/** An ISO 4217 currency: alphabetic code, English name, numeric code, minor-unit digits. */
export const ZCurrency = z.object({
  code: z.string().regex(/^[A-Z]{3}$/),
  name: z.string().min(1),
  number: z.string().regex(/^\d{3}$/),
  digits: z.number().int().min(0),
});
export type Currency = z.infer<typeof ZCurrency>;

/** An ISO 3166-1 country (spec §3: alpha2, name), named in the file's language. */
export const ZCountry = z.object({ alpha2: z.string().regex(/^[A-Z]{2}$/), name: z.string().min(1) });
export type Country = z.infer<typeof ZCountry>;

/** Spec §3 "Taxable country": see TAX_NUMBER_PATTERNS for the pattern convention. */
export const ZTaxableCountry = z.object({ country: z.string().regex(/^[A-Z]{2}$/), pattern: z.string() });
export type TaxableCountry = z.infer<typeof ZTaxableCountry>;

/** Spec §3 "Zip code rule": see POSTAL_CODE_MASKS for the mask syntax. */
export const ZZipCodeRule = z.object({ country: z.string().regex(/^[A-Z]{2}$/), mask: z.string().min(1) });
export type ZipCodeRule = z.infer<typeof ZZipCodeRule>;

export const ZLanguageOption = z.object({ code: z.enum(LANGUAGES), name: z.string() });
export type LanguageOption = z.infer<typeof ZLanguageOption>;

/** A translation file: an i18next resource object (nested keys → strings). */
export const ZTranslations = z.record(z.string(), z.unknown());

/*
 * The static files of spec §7 "Configuration and flags". Built once when the server starts and
 * served with cache headers; the contracts give the web client their types.
 */
export const currenciesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/currencies.json',
  response: z.array(ZCurrency),
});
/** Countries with English names. */
export const countriesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/countries.json',
  response: z.array(ZCountry),
});
/** Countries named in one of the interface languages, sorted in that language. */
export const localizedCountriesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/countries.:lang.json',
  params: z.object({ lang: z.enum(LANGUAGES) }),
  response: z.array(ZCountry),
});
export const taxableCountriesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/taxable-countries.json',
  response: z.array(ZTaxableCountry),
});
export const zipCodesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/zip-codes.json',
  response: z.array(ZZipCodeRule),
});
export const languagesFileContract = defineContract({
  method: 'GET',
  path: '/assets/json-values/languages.json',
  response: z.array(ZLanguageOption),
});
export const translationsFileContract = defineContract({
  method: 'GET',
  path: '/assets/i18n/:lang.json',
  params: z.object({ lang: z.enum(LANGUAGES) }),
  response: ZTranslations,
});

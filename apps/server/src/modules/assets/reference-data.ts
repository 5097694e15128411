import {
  type Country,
  type Currency,
  LANGUAGE_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type LanguageOption,
  POSTAL_CODE_MASKS,
  TAX_NUMBER_PATTERNS,
  type TaxableCountry,
  type ZipCodeRule,
} from '@fluxo/domain';
import currencyCodes from 'currency-codes';
import isoCountries from 'i18n-iso-countries';

/** Every ISO 4217 currency (the `currency-codes` package follows the ISO list), by code. */
export function buildCurrencies(): Currency[] {
  return currencyCodes.data
    .map(({ code, currency, number, digits }) => ({ code, name: currency, number, digits }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** i18n-iso-countries locale of each interface language (gb is English). */
const COUNTRY_NAME_LOCALES: Record<Language, string> = { gb: 'en', pt: 'pt', es: 'es', fr: 'fr' };

/**
 * Every ISO 3166-1 country — the 249 assigned codes plus XK (Kosovo), the user-assigned code used by
 * the EU and by IBANs — named in `language` and sorted the way that language sorts.
 */
export function buildCountries(language: Language): Country[] {
  const names = isoCountries.getNames(COUNTRY_NAME_LOCALES[language], { select: 'official' });
  const collator = new Intl.Collator(LANGUAGE_LOCALES[language]);
  return Object.entries(names)
    .map(([alpha2, name]) => ({ alpha2, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export function buildTaxableCountries(): TaxableCountry[] {
  return TAX_NUMBER_PATTERNS.map(({ country, pattern }) => ({ country, pattern }));
}

export function buildZipCodes(): ZipCodeRule[] {
  return POSTAL_CODE_MASKS.map(({ country, mask }) => ({ country, mask }));
}

export function buildLanguages(): LanguageOption[] {
  return LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
}

import { DEFAULT_COUNTRY } from '@fluxo/domain/languages';
import { fetchAppConfiguration } from '../version-check/version-check.ts';

/** The country a language implies when the browser names no region (pt → PT, en → GB…). */
const LANGUAGE_COUNTRIES: Record<string, string> = {
  pt: 'PT',
  es: 'ES',
  fr: 'FR',
  en: 'GB',
  de: 'DE',
  it: 'IT',
};

/** Spec §8: the country of the browser's language (`pt-BR` → BR, `fr` → FR), else the default. */
export function countryOfBrowserLanguage(languages: readonly string[]): string {
  for (const tag of languages) {
    const [base = '', region] = tag.split('-');
    if (region && /^[A-Za-z]{2}$/.test(region)) return region.toUpperCase();
    const country = LANGUAGE_COUNTRIES[base.toLowerCase()];
    if (country) return country;
  }
  return DEFAULT_COUNTRY;
}

/** Reads a country code from the lookup's answer: `{ country }`, `{ countryCode }` or a bare code. */
export function countryOfLookup(body: unknown): string | null {
  const value =
    typeof body === 'string'
      ? body
      : body && typeof body === 'object'
        ? ((body as Record<string, unknown>).country ?? (body as Record<string, unknown>).countryCode)
        : null;
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : null;
}

/**
 * The visitor's country: the configured geolocation lookup (configuration `locationAPI`), and on
 * any failure the country of the browser's language.
 */
export async function detectCountry(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Promise<string> {
  try {
    const configuration = await fetchAppConfiguration();
    const url = configuration?.locationAPI;
    if (typeof url !== 'string' || !url) throw new Error('No geolocation lookup configured');
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Geolocation: HTTP ${response.status}`);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A bare country code.
    }
    const country = countryOfLookup(body);
    if (!country) throw new Error('Geolocation answered no country');
    return country;
  } catch {
    return countryOfBrowserLanguage(languages);
  }
}

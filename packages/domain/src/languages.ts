export const LANGUAGES = ['gb', 'pt', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gb';
export const DEFAULT_COUNTRY = 'PT';
export const LANGUAGE_NAMES: Record<Language, string> = {
  gb: 'English',
  pt: 'Português',
  es: 'Español',
  fr: 'Français',
};
/** BCP 47 tag used for number, date and relative-time formatting. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  gb: 'en-GB',
  pt: 'pt-PT',
  es: 'es-ES',
  fr: 'fr-FR',
};

const PORTUGUESE_COUNTRIES = new Set(['ao', 'br', 'cv', 'gw', 'mz', 'pt', 'st', 'tl']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Country → interface language: Lusophone countries → pt; es, fr → themselves; else gb. */
export function languageForCountry(country: string | null | undefined): Language {
  const code = (country ?? '').toLowerCase();
  if (PORTUGUESE_COUNTRIES.has(code)) return 'pt';
  if (code === 'es') return 'es';
  if (code === 'fr') return 'fr';
  return 'gb';
}

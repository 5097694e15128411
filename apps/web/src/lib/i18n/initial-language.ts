import { isLanguage, type Language, languageForCountry } from '@fluxo/domain/languages';

export interface LanguageHints {
  /** The signed-in user's `lang` claim. */
  tokenLanguage?: string | null;
  /** The language picked earlier on this device. */
  storedLanguage?: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  browserLanguages?: readonly string[];
}

/** The browser's own language when Fluxo has it (en → gb), else the language of the region. */
function fromBrowser(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const [base = '', region] = tag.toLowerCase().split('-');
    if (base === 'en') return 'gb';
    if (isLanguage(base)) return base;
    if (region) {
      const byRegion = languageForCountry(region);
      if (byRegion !== 'gb') return byRegion;
    }
  }
  return null;
}

/**
 * The language to start in: the token's `lang`, else the one picked on this device, else the
 * browser's language mapped as countries are (spec §9: Lusophone → pt, es, fr, else gb).
 */
export function initialLanguage(hints: LanguageHints): Language {
  if (isLanguage(hints.tokenLanguage)) return hints.tokenLanguage;
  if (isLanguage(hints.storedLanguage)) return hints.storedLanguage;
  return fromBrowser(hints.browserLanguages ?? []) ?? 'gb';
}

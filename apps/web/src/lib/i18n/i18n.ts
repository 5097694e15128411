import { LANGUAGE_LOCALES, LANGUAGES, type Language } from '@fluxo/domain/languages';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from '../auth/session.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import { initialLanguage } from './initial-language.ts';

/** Translation files are static (public/assets/i18n) and fetched one language at a time. */
const httpBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/assets/i18n/${language}.json`, { cache: 'no-cache' })
      .then((response) => {
        if (!response.ok) throw new Error(`Translations for ${language}: HTTP ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (data) => callback(null, data),
        (error: Error) => callback(error, false),
      );
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = LANGUAGE_LOCALES[language as Language] ?? language;
  }
});

export function initI18n(): Promise<unknown> {
  return i18n
    .use(httpBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage({
        tokenLanguage: getSession()?.claims.lang,
        storedLanguage: readStorage(STORAGE_KEYS.language),
        browserLanguages: navigator.languages,
      }),
      supportedLngs: [...LANGUAGES],
      // Every key exists in every language (translations.test.ts), so no fallback file is loaded.
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'gb';
}

/** Switches the interface language in place (its file is fetched on first use) and remembers it. */
export async function switchLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Language = 'gb' | 'pt' | 'es' | 'fr';

const cache = new Map<Language, Record<string, unknown>>();

function load(language: Language): Record<string, unknown> {
  let file = cache.get(language);
  if (!file) {
    const full = path.resolve(import.meta.dirname, '../../public/assets/i18n', `${language}.json`);
    file = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
    cache.set(language, file);
  }
  return file;
}

/** The text the app shows for a key, so tests find elements by the name a person reads. */
export function t(language: Language, key: string, values: Record<string, string> = {}): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], load(language));
  if (typeof text !== 'string') throw new Error(`No ${language} translation for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

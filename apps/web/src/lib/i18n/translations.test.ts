// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@fluxo/domain/errors';
import { LANGUAGES } from '@fluxo/domain/languages';
import { buildMenus } from '@fluxo/domain/menus';
import { allGrants } from '@fluxo/domain/permissions';
import { PROFILE_CODES, PROFILE_KEYS } from '@fluxo/domain/profiles';
import { describe, expect, it } from 'vitest';
import { MODULE_PAGES } from '../../app/module-pages.ts';
import { CLIENT_ERROR_CODES } from '../api/errors.ts';

const webRoot = path.resolve(import.meta.dirname, '../../..');
const repoRoot = path.resolve(webRoot, '../..');
const I18N_DIR = path.join(webRoot, 'public/assets/i18n');

function flatten(node: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, node);
  }
  return into;
}

const translations = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    flatten(JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8'))),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, unknown>>;

const allKeys = [...new Set(LANGUAGES.flatMap((language) => [...translations[language].keys()]))].sort();

/** The keys of `wanted` that some language lacks, as "language: key". */
function missing(wanted: Iterable<string>): string[] {
  const gaps: string[] = [];
  for (const key of wanted) {
    for (const language of LANGUAGES) {
      const present = (k: string) => {
        const value = translations[language].get(k);
        return typeof value === 'string' && value.trim() !== '';
      };
      // i18next plurals: a key used with { count } is written as key_one and key_other.
      if (!present(key) && !(present(`${key}_one`) && present(`${key}_other`)))
        gaps.push(`${language}: ${key}`);
    }
  }
  return gaps;
}

function sourceFiles(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full, extensions);
    return extensions.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every 'SECTION.KEY' string literal in the given sources. */
function literalKeys(files: string[], pattern: RegExp): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) keys.add(match[1]!);
  }
  return keys;
}

describe('translation files', () => {
  it('exist for every interface language', () => {
    for (const language of LANGUAGES) expect(translations[language].size, language).toBeGreaterThan(0);
  });

  it('have every key in every language, each a non-empty string', () => {
    expect(missing(allKeys)).toEqual([]);
  });

  it('use the same {{placeholders}} in every language', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const mismatched = allKeys.filter((key) =>
      LANGUAGES.some(
        (language) =>
          placeholders(translations[language].get(key)) !== placeholders(translations.gb.get(key)),
      ),
    );
    expect(mismatched).toEqual([]);
  });
});

describe('translated messages', () => {
  it('cover every error code of the domain catalogue and of the client', () => {
    const codes = [...Object.keys(ERROR_CODES), ...CLIENT_ERROR_CODES].map((code) => `ERRORS.${code}`);
    expect(missing(codes)).toEqual([]);
  });

  it('cover every VALIDATION.* and ERRORS.* key the server answers', () => {
    const files = sourceFiles(path.join(repoRoot, 'apps/server/src'), /\.ts$/);
    const keys = literalKeys(files, /['"`]((?:VALIDATION|ERRORS)\.[A-Z0-9_]+)['"`]/g);
    expect(keys.size).toBeGreaterThan(0);
    expect(missing(keys)).toEqual([]);
  });

  it('cover every key written in the web app', () => {
    const files = sourceFiles(path.join(webRoot, 'src'), /\.tsx?$/);
    const keys = literalKeys(files, /['"`]([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)+)['"`]/g);
    expect(keys.size).toBeGreaterThan(50);
    expect(missing(keys)).toEqual([]);
  });

  it('cover the profile names', () => {
    expect(missing(PROFILE_CODES.map((code) => `PROFILES.${PROFILE_KEYS[code].toUpperCase()}`))).toEqual([]);
  });

  it('cover every menu title the domain builds, in both home countries', () => {
    const titles = new Set<string>();
    for (const country of ['PT', 'AO']) {
      for (const menu of buildMenus({
        grants: allGrants(),
        planName: 'special',
        country,
        isPortfolioUser: true,
      })) {
        titles.add(menu.title);
        for (const sub of menu.subMenus) titles.add(sub.title);
      }
    }
    expect(titles.size).toBeGreaterThan(30);
    expect(missing(titles)).toEqual([]);
  });

  it('cover the purpose of every menu page', () => {
    expect(
      missing(MODULE_PAGES.flatMap((page) => [page.groupTitleKey, page.titleKey, page.descriptionKey])),
    ).toEqual([]);
  });
});

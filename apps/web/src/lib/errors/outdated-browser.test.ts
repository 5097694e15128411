// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@fluxo/domain/languages';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../../..');

describe('outdated browser alert (spec §8)', () => {
  it('index.html says the translated message in every language, before any module loads', () => {
    const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    for (const language of LANGUAGES) {
      const file = JSON.parse(
        readFileSync(path.join(webRoot, 'public/assets/i18n', `${language}.json`), 'utf8'),
      );
      expect(html, language).toContain(JSON.stringify(file.OUTDATED_BROWSER.MESSAGE).slice(1, -1));
    }
    expect(html.indexOf('MSIE')).toBeLessThan(html.indexOf('type="module"'));
  });
});

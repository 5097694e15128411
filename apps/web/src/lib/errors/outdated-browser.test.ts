// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@fluxo/domain/languages';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '../../..');

describe('outdated browser alert (spec §8)', () => {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const script = readFileSync(path.join(webRoot, 'public/outdated-browser.js'), 'utf8');

  it('public/outdated-browser.js says the translated message in every language', () => {
    for (const language of LANGUAGES) {
      const file = JSON.parse(
        readFileSync(path.join(webRoot, 'public/assets/i18n', `${language}.json`), 'utf8'),
      );
      expect(script, language).toContain(JSON.stringify(file.OUTDATED_BROWSER.MESSAGE).slice(1, -1));
    }
    expect(script).toContain('MSIE');
  });

  it('index.html loads it as a classic script before any module, and has no inline script (CSP)', () => {
    const classic = html.indexOf('<script src="/outdated-browser.js"></script>');
    expect(classic).toBeGreaterThan(-1);
    expect(classic).toBeLessThan(html.indexOf('type="module"'));
    // Every <script> names a file: the Content-Security-Policy allows no inline script.
    for (const tag of html.match(/<script\b[^>]*>[^<]*<\/script>/g) ?? []) {
      expect(tag).toMatch(/\ssrc="/);
      expect(tag).toMatch(/>\s*<\/script>$/);
    }
  });

  it('the script is syntax Internet Explorer parses (no arrows, let, const, template strings, trailing commas)', () => {
    const code = script.replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/=>|\blet\s|\bconst\s|`/);
    expect(code, 'trailing comma').not.toMatch(/,\s*[}\]]/);
  });
});

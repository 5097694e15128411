import { gzipSync } from 'node:zlib';
import { SignInPage } from './pages/sign-in-page.ts';
import { expect, test } from './support/test.ts';

/** What the sign-in screen may load, gzipped: everything else is split into later chunks. */
const SIGN_IN_BUDGET_BYTES = 200 * 1024;

test('the sign-in screen loads at most 200 KB of JavaScript (gzip)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same files load on every viewport');
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await new SignInPage(page).goto();
  await page.waitForLoadState('networkidle');

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const report = [...scripts].map(([url, size]) => `${(size / 1024).toFixed(1)} KB ${new URL(url).pathname}`);
  testInfo.annotations.push({ type: 'sign-in JS (gzip)', description: `${(total / 1024).toFixed(1)} KB` });
  expect(total, report.join('\n')).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
});

import { gunzipSync } from 'node:zlib';
import { SignInPage } from './pages/sign-in-page.ts';
import { expect, type Page, test } from './support/test.ts';

/** The APM intake the agent posts to, answered here so that the test needs no APM server. */
const INTAKE = '**/intake/v2/rum/events*';

async function agentLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => 'elasticApm' in window);
}

test('without an APM server configured the agent is not fetched and nothing is sent', async ({ page }) => {
  const sent: string[] = [];
  await page.route(INTAKE, (route) => {
    sent.push(route.request().url());
    return route.fulfill({ status: 202 });
  });
  const configuration = page.waitForResponse('**/home/configuration');
  await new SignInPage(page).goto();
  expect(((await (await configuration).json()) as { apmServerUrl: string }).apmServerUrl).toBe('');
  await page.waitForLoadState('networkidle');
  expect(await agentLoaded(page)).toBe(false);
  expect(sent).toEqual([]);
});

test('with an APM server configured the agent starts and reports the page load', async ({
  page,
  baseURL,
}) => {
  // The server's policy lets the page talk to a configured APM origin; here the APM server is the
  // app's own origin, which the policy of the e2e server (no APM_SERVER_URL) already allows.
  await page.route('**/home/configuration', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, apmServerUrl: baseURL, apmEnvironment: 'e2e' } });
  });
  const events: string[] = [];
  await page.route(INTAKE, (route) => {
    // The agent gzips its batches (Content-Encoding: gzip).
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    events.push((body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString('utf8'));
    return route.fulfill({ status: 202 });
  });
  await new SignInPage(page).goto();
  await expect.poll(() => agentLoaded(page)).toBe(true);
  await expect.poll(() => events.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const batch = events.join('\n');
  expect(batch).toContain('"fluxo-web"');
  expect(batch).toContain('"page-load"');
});

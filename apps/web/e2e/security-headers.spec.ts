import { SignInPage } from './pages/sign-in-page.ts';
import { expect, test } from './support/test.ts';

test('the web app arrives with its security headers and no inline script may run', async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/auth/signin');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // The e2e server speaks plain http and believes no proxy.
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(new SignInPage(page).heading).toBeVisible();

  // An injected inline script is refused, and the suite's guard sees it.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join('\n')).toContain('script-src');
  // Provoked on purpose: cleared so that this test passes and the guard still checks the rest.
  cspViolations.length = 0;
});

test('the guard also watches contexts a spec opens itself', async ({ browser, baseURL, cspViolations }) => {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/auth/signin');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    cspViolations.length = 0;
  } finally {
    await context.close();
  }
});

test('the API documentation (swagger-ui) works under the policy', async ({ page }) => {
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { name: /Fluxo API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/auth/signin').first()).toBeVisible();
});

import { SignInPage } from './pages/sign-in-page.ts';
import { apiToken, createActiveUser } from './support/api.ts';
import { randomPtNif, uniqueEmail } from './support/data.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test('checkout: choose a plan and interval at the server’s prices and confirm the change', async ({
  page,
  request,
}, testInfo) => {
  const user = {
    name: 'Carla Checkout',
    email: uniqueEmail('checkout'),
    password: 'Checkout-2026!',
    language: 'gb',
    country: 'PT',
  };
  await createActiveUser(request, user);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(page).not.toHaveURL(/\/auth\//);
  // A first organization starts an essential trial.
  const token = await apiToken(request, user.email, user.password);
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Checkout Test, Lda', vatNumber: randomPtNif(), country: 'PT' },
  });
  expect(created.status(), await created.text()).toBe(201);

  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  await page.goto(`${mobile ? '/m' : ''}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: t('gb', 'CHECKOUT.TITLE') })).toBeVisible();
  // Monthly first (the trial's interval), then yearly: integer cents from the server, formatted.
  await expect(page.getByTestId('price-plus')).toContainText('€39.00');
  await page.getByText(t('gb', 'SUBSCRIPTION.INTERVAL.YEARLY'), { exact: true }).click();
  await expect(page.getByTestId('price-plus')).toContainText('€390.00');
  await page.getByRole('radio', { name: t('gb', 'SUBSCRIPTION.PLANS.PLUS') }).check();
  await keepScreenshot(page, testInfo, 'checkout-plans');
  await page.getByRole('button', { name: t('gb', 'CHECKOUT.CONTINUE') }).click();

  await expect(
    page.getByRole('heading', {
      name: t('gb', 'CHECKOUT.SUMMARY', {
        plan: t('gb', 'SUBSCRIPTION.PLANS.PLUS'),
        interval: t('gb', 'SUBSCRIPTION.INTERVAL.YEARLY'),
      }),
    }),
  ).toBeVisible();
  // On trial nothing is due until the trial ends.
  await expect(page.getByTestId('amount-due')).toHaveText('€0.00');
  const changed = page.waitForRequest('**/api/v1/subscription/change-plan');
  await page.getByRole('button', { name: t('gb', 'CHECKOUT.CONFIRM') }).click();
  const sent = await changed;
  expect(sent.postDataJSON()).toEqual({ planName: 'plus', billingInterval: 2 });
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(t('gb', 'CHECKOUT.CHANGED'))).toBeVisible();
  await keepScreenshot(page, testInfo, 'checkout-done');
});

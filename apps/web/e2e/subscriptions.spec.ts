import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { LockedPage, SubscriptionsPage } from './pages/subscriptions-page.ts';
import { apiCall, apiToken } from './support/api.ts';
import { DEMO_PASSWORD } from './support/data.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { urlOf } from './support/session.ts';
import { expect, test } from './support/test.ts';

async function signIn(page: import('@playwright/test').Page, email: string) {
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\//);
}

test('a locked user pays by transfer and leaves /locked once an Admin confirms it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // One locked account per project, so the two runs never unlock each other's account.
  const email = testInfo.project.name === 'mobile' ? 'locked2@fluxo.example' : 'locked1@fluxo.example';
  await signIn(page, email);
  await expect(page).toHaveURL(/\/locked$/);
  const locked = new LockedPage(page);
  await expect(locked.heading).toBeVisible();
  await keepScreenshot(page, testInfo, 'locked');

  // A SEPA mandate needs a valid IBAN: a wrong check digit is caught before anything is sent.
  await locked.checkIbanValidation('PT50000201231234567890155');
  await keepScreenshot(page, testInfo, 'locked-direct-debit');

  await locked.payByTransfer();
  await expect(page.getByText('PT50 0002 0123 1234 5678 9015 4')).toBeVisible();
  await keepScreenshot(page, testInfo, 'locked-transfer');

  const userToken = await apiToken(request, email, DEMO_PASSWORD);
  const subscription = await apiCall<{ id: string }>(request, userToken, 'GET', '/api/v1/subscription');
  const pending = await apiCall<{ id: string; type: number | null }[]>(
    request,
    userToken,
    'GET',
    `/api/v1/subscription/${subscription.id}/payments/pending`,
  );
  expect(pending[0]?.type).toBe(3);
  const adminToken = await apiToken(request, 'admin@fluxo.example', DEMO_PASSWORD);
  await apiCall(request, adminToken, 'POST', `/api/v1/admin/payments/${pending[0]!.id}/confirm`);

  // No reload: the real-time event or the page's own polling (every 10 s) moves the user on.
  await expect(page).not.toHaveURL(/\/locked$/, { timeout: 25_000 });
  await expect(locked.heading).toBeHidden();
});

test('"Plan and billing" in the user menu opens Fluxo\'s own plan at /settings/plan', async ({
  page,
}, testInfo) => {
  await signIn(page, 'demo@fluxo.example');
  await new AppShell(page, 'pt').chooseUserMenuItem('Ana Demo', 'NAV.PLAN');
  await expect(page).toHaveURL(urlOf(testInfo, '/settings/plan'));
  await expect(page.getByRole('heading', { level: 1, name: t('pt', 'SUBSCRIPTION.TITLE') })).toBeVisible();
});

test('the plan page shows the plan checks, credits and next renewal', async ({ page }, testInfo) => {
  await signIn(page, 'demo@fluxo.example');
  const plan = new SubscriptionsPage(page);
  await plan.goto();
  await expect(
    page.getByRole('heading', { name: t('pt', 'SUBSCRIPTION.PLANS.PREMIUM'), level: 2 }),
  ).toBeVisible();
  await expect(plan.check('PREMIUM')).toBeVisible();
  await expect(plan.check('TRIAL')).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: t('pt', 'SUBSCRIPTION.CREDITS.ORGANIZATIONS') }),
  ).toContainText('Fluxo Demo, Lda');
  await expect(page.getByTestId('next-renewal')).not.toHaveText('—');
  await keepScreenshot(page, testInfo, 'subscription-premium');
});

test('the purchase modal multiplies the price by the quantity and disables buying while it buys', async ({
  page,
}, testInfo) => {
  await signIn(page, 'demo@fluxo.example');
  const plan = new SubscriptionsPage(page);
  await plan.goto();
  await plan.buyAddonButton('ADDONS.NAMES.EXTRA_USER').click();
  const dialog = plan.purchaseDialog('ADDONS.NAMES.EXTRA_USER');
  await expect(dialog).toBeVisible();
  // Extra user: €5.00 a month; the demo plan is yearly, so a unit costs 12 × €5.00 (the server's
  // price) and three of them €180.00.
  await expect(dialog.getByTestId('addon-unit-price')).toHaveText(/^60,00\s€$/);
  await dialog.getByRole('textbox', { name: t('pt', 'ADDONS.PURCHASE.QUANTITY') }).fill('3');
  await expect(dialog.getByTestId('addon-total')).toHaveText(/^180,00\s€$/);
  await keepScreenshot(page, testInfo, 'addon-purchase-modal');

  // Hold the purchase answer to see the button while it buys; the request carries no price.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/addon/ondemand', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ key: 'extra_user', quantity: 3 });
    expect(body).not.toHaveProperty('price');
    expect(route.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await held;
    await route.continue();
  });
  const buy = dialog.getByRole('button', { name: new RegExp(t('pt', 'ADDONS.PURCHASE.BUY', { total: '' })) });
  await buy.click();
  await expect(buy).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
  await expect(plan.toast).toBeVisible();
});

test('on trial an add-on is bought at once, without the purchase modal', async ({ page }) => {
  await signIn(page, 'trial@fluxo.example');
  const plan = new SubscriptionsPage(page);
  await plan.goto();
  await expect(plan.check('TRIAL')).toBeVisible();
  const trialPurchase = page.waitForRequest('**/api/v1/addon/ondemand/trial');
  await page.getByRole('button', { name: t('pt', 'SUBSCRIPTION.CREDITS.BUY_USER') }).click();
  await trialPurchase;
  await expect(plan.toast).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('when the maximum is reached the contact-the-account-manager modal opens', async ({
  page,
}, testInfo) => {
  await signIn(page, 'demo@fluxo.example');
  const plan = new SubscriptionsPage(page);
  await plan.goto();
  // Buying up to the maximum takes many purchases: the cost answer is marked as at the maximum.
  await page.route('**/api/v1/addon/cost/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), reachedMaximum: true } });
  });
  await plan.buyAddonButton('ADDONS.NAMES.EXTRA_ORGANIZATION').click();
  await expect(page.getByRole('dialog', { name: t('pt', 'CONTACT_US.TITLE') })).toBeVisible();
  await expect(plan.purchaseDialog('ADDONS.NAMES.EXTRA_ORGANIZATION')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'addon-contact');
});

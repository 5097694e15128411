import { IdleSessionDialog } from './pages/idle-session-dialog.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { createActiveUser } from './support/api.ts';
import { randomPtNif, uniqueEmail } from './support/data.ts';
import { t } from './support/i18n.ts';
import { api, apiToken, devicePath, organizationsOf, signInAs, urlOf } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** Spec §2/§4 guards, each on the desktop and the phone project. */

const PASSWORD = 'uma-senha-boa-1';

async function freshUser(request: Parameters<typeof createActiveUser>[0], prefix: string) {
  const email = uniqueEmail(prefix);
  await createActiveUser(request, {
    name: 'Rita Rota',
    email,
    password: PASSWORD,
    language: 'gb',
    country: 'PT',
  });
  return { email, token: await apiToken(request, email, PASSWORD) };
}

test('sign-in guard: a visitor confirms the idle-session dialog, signs in and gets the page', async ({
  page,
}, testInfo) => {
  const wanted = devicePath(testInfo, '/treasury/wallets');
  await page.goto(wanted);
  const idle = new IdleSessionDialog(page);
  await expect(idle.dialog).toBeVisible();
  await expect(idle.dialog).toContainText(t('gb', 'SESSION.IDLE.DESC'));
  await idle.confirm.click();
  await expect(page).toHaveURL(urlOf(testInfo, `/auth/signin?redirect_url=${encodeURIComponent(wanted)}`));
  expect(await page.evaluate(() => localStorage.getItem('redirectUrl'))).toBe(wanted);

  await new SignInPage(page).signIn('cash@fluxo.example', 'fluxo-demo');
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
  expect(await page.evaluate(() => localStorage.getItem('redirectUrl'))).toBeNull();
});

test('an inactive account is held at the sign-up steps', async ({ page }, testInfo) => {
  await signInAs(page, 'inactive@fluxo.example');
  await expect(page).toHaveURL(urlOf(testInfo, '/auth/signup/steps'));
  await page.goto(devicePath(testInfo, '/welcome'));
  await expect(page).toHaveURL(urlOf(testInfo, '/auth/signup/steps'));
  await expect(page.getByRole('heading', { name: t('pt', 'AUTH.ONBOARDING.TITLE') })).toBeVisible();
});

test('a locked subscription leaves only the locked, checkout and plan pages', async ({ page }, testInfo) => {
  await signInAs(page, 'locked@fluxo.example');
  await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  await page.goto(devicePath(testInfo, '/billing/subscriptions'));
  await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  await page.goto(devicePath(testInfo, '/checkout'));
  await expect(page).toHaveURL(urlOf(testInfo, '/checkout'));
  // Fluxo's own plan page (/settings/plan) is linked from /locked and stays open while locked.
  await page.goto(devicePath(testInfo, '/locked'));
  await page.getByRole('link', { name: t('pt', 'LOCKED.GO_TO_PLAN') }).click();
  await expect(page).toHaveURL(urlOf(testInfo, '/settings/plan'));
  await expect(page.getByRole('heading', { level: 1, name: t('pt', 'SUBSCRIPTION.TITLE') })).toBeVisible();
});

test('an unlocked user on the locked page goes to the root, and lands', async ({ page }, testInfo) => {
  await signInAs(page, 'demo@fluxo.example');
  await page.goto(devicePath(testInfo, '/locked'));
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
});

test('treasury: a POS-only user is sent to the POS wallet', async ({ page }, testInfo) => {
  await signInAs(page, 'pos@fluxo.example');
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets/pos'));
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets/pos'));
});

test('treasury: a cash-only user is sent away from the POS wallet', async ({ page }, testInfo) => {
  await signInAs(page, 'cash@fluxo.example');
  await page.goto(devicePath(testInfo, '/treasury/wallets/pos'));
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
});

test('treasury: without cash or POS the page is unauthorized', async ({ page, request }, testInfo) => {
  const user = await freshUser(request, 'no-treasury');
  const owner = await apiToken(request, 'demo@fluxo.example');
  const [company] = await organizationsOf(request, owner);
  if (!company) throw new Error('the demo user owns an organization');
  await api(request, owner, 'POST', '/api/v1/organizations/permissions', {
    organizationId: company.id,
    data: { email: user.email, permissions: ['chat.chat.1'] },
  });
  await signInAs(page, user.email, PASSWORD);
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  await expect(page).toHaveURL(urlOf(testInfo, '/unauthorized'));
});

test('without an organization a module page falls back to welcome', async ({ page, request }, testInfo) => {
  const user = await freshUser(request, 'no-org');
  await signInAs(page, user.email, PASSWORD);
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
  await page.goto(devicePath(testInfo, '/billing/documents'));
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
});

test.describe('post-login landing', () => {
  test('every organization locked → welcome (then the lock guard)', async ({ page }, testInfo) => {
    // The landing chooses welcome; the locked subscription then holds the user at /locked.
    await signInAs(page, 'locked@fluxo.example');
    await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  });

  test('intro_page dashboards wins over redirect_url', async ({ page, request }, testInfo) => {
    const user = await freshUser(request, 'intro');
    await api(request, user.token, 'POST', '/api/v1/organizations', {
      data: { name: 'Painel, Lda', vatNumber: randomPtNif(), country: 'PT' },
    });
    await api(request, user.token, 'PATCH', '/api/v1/account/settings', {
      data: { intro_page: 'dashboards' },
    });
    await page.goto(`${devicePath(testInfo, '/auth/signin')}?redirect_url=%2Fchat`);
    await new SignInPage(page).signIn(user.email, PASSWORD);
    await expect(page).toHaveURL(urlOf(testInfo, '/dashboards'));
  });

  test('the saved redirect_url, else the first menu entry', async ({ page }, testInfo) => {
    await page.goto(`${devicePath(testInfo, '/auth/signin')}?redirect_url=%2Fbilling%2Fdocuments`);
    await new SignInPage(page).signIn('demo@fluxo.example', 'fluxo-demo');
    await expect(page).toHaveURL(urlOf(testInfo, '/billing/documents'));
  });

  test('without redirect_url the first menu entry (welcome, order 10)', async ({ page }, testInfo) => {
    await signInAs(page, 'accountant@fluxo.example');
    await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
  });
});

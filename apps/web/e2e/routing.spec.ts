import { SignInPage } from './pages/sign-in-page.ts';
import { t } from './support/i18n.ts';
import { apiToken, devicePath, onPhone, organizationsOf, signInAs, urlOf } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** Spec §2 routes and the device rule, on the desktop and the phone project alike. */

test.describe('signed out', () => {
  test('the other device’s tree sends a visitor to this device’s sign-in', async ({ page }, testInfo) => {
    const other = onPhone(testInfo) ? '/treasury/wallets' : '/m/treasury/wallets';
    await page.goto(other);
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
    await expect(new SignInPage(page).heading).toBeVisible();
  });

  test('sign-in keeps its redirect_url when it crosses to the device’s tree', async ({ page }, testInfo) => {
    const other = onPhone(testInfo) ? '/auth/signin' : '/m/auth/signin';
    await page.goto(`${other}?redirect_url=%2Fchat`);
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin?redirect_url=%2Fchat'));
  });

  test('any unknown path goes to /auth, which opens sign-in', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
    await page.goto(devicePath(testInfo, '/no-such-page'));
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
  });

  test('the playground does not exist in a production build', async ({ page }, testInfo) => {
    await page.goto('/playground');
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
  });

  test('the root with signup=complete congratulates and leads to sign-in', async ({ page }, testInfo) => {
    await page.goto('/?signup=complete');
    const dialog = page.getByRole('dialog', { name: t('gb', 'SHELL.SIGNUP_COMPLETE.TITLE') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: t('gb', 'SHELL.SIGNUP_COMPLETE.SIGN_IN') }).click();
    await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
  });

  test('the status pages open for anyone', async ({ page }, testInfo) => {
    await page.goto(devicePath(testInfo, '/unauthorized'));
    await expect(page).toHaveURL(urlOf(testInfo, '/unauthorized'));
    await expect(page.getByRole('heading', { name: t('gb', 'STATUS.UNAUTHORIZED.TITLE') })).toBeVisible();
    await page.goto(devicePath(testInfo, '/404notfound'));
    await expect(page).toHaveURL(urlOf(testInfo, '/404notfound'));
    await expect(page.getByRole('heading', { name: t('gb', 'STATUS.NOT_FOUND.TITLE') })).toBeVisible();
  });

  test('/maintenance goes to the root while the flag is off', async ({ page }, testInfo) => {
    await page.goto('/maintenance');
    // The root: a desktop visitor meets the idle-session dialog there, a phone visitor goes to /m/auth.
    await expect(page).toHaveURL(onPhone(testInfo) ? urlOf(testInfo, '/auth/signin') : urlOf(testInfo, '/'));
  });
});

test.describe('signed in', () => {
  test('the other device’s tree sends the user to the same page in this one', async ({ page }, testInfo) => {
    await signInAs(page, 'demo@fluxo.example');
    await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
    await page.goto(onPhone(testInfo) ? '/billing/documents' : '/m/billing/documents');
    await expect(page).toHaveURL(urlOf(testInfo, '/billing/documents'));
    await expect(
      page.getByRole('heading', { level: 1, name: t('pt', 'MENU.BILLING.DOCUMENTS') }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: t('pt', 'BILLING.TABS.DOCUMENTS') })).toBeVisible();
  });

  test('a module page not built yet shows its title, purpose and empty state', async ({ page }, testInfo) => {
    await signInAs(page, 'demo@fluxo.example');
    await page.goto(devicePath(testInfo, '/reports/business-evaluation'));
    await expect(
      page.getByRole('heading', { level: 1, name: t('pt', 'MENU.REPORTS.BUSINESSEVALUATION') }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: t('pt', 'MODULE_PAGE.EMPTY_TITLE') })).toBeVisible();
  });

  test('the printable organization card has no application chrome', async ({ page, request }) => {
    const token = await apiToken(request, 'demo@fluxo.example');
    const [organization] = await organizationsOf(request, token);
    if (!organization) throw new Error('the demo user owns an organization');
    await signInAs(page, 'demo@fluxo.example');
    await page.goto(`/printable/organization/${organization.id}`);
    await expect(page).toHaveURL(new RegExp(`/printable/organization/${organization.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    await expect(page.getByRole('button', { name: t('pt', 'SHELL.PRINTABLE.PRINT') })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('a printable page needs a session', async ({ page }) => {
    await page.goto('/printable/organization/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('dialog', { name: t('gb', 'SESSION.IDLE.TITLE') })).toBeVisible();
  });
});

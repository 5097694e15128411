import { AppShell } from './pages/app-shell.ts';
import { IdleSessionDialog } from './pages/idle-session-dialog.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { createActiveUser } from './support/api.ts';
import { DEMO_PASSWORD, uniqueEmail } from './support/data.ts';
import { t } from './support/i18n.ts';
import { devicePath, urlOf } from './support/session.ts';
import { type APIRequestContext, expect, test } from './support/test.ts';

/**
 * An account of its own for each wrong-password test: the server slows a client down after a few
 * failures for one account, and tests run in parallel and repeat.
 */
async function accountWithPassword(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('wrong-password');
  await createActiveUser(request, {
    name: 'Rita Erro',
    email,
    password: 'the-right-one',
    language: 'gb',
    country: 'PT',
  });
  return email;
}

test('a wrong password shows the translated error and keeps the user on sign-in', async ({
  page,
  request,
}) => {
  const email = await accountWithPassword(request);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, 'not-the-password');
  await expect(signIn.error).toHaveText(t('gb', 'ERRORS.INVALID_CREDENTIALS'));
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test.describe('in a Portuguese browser', () => {
  test.use({ locale: 'pt-PT' });

  test('the sign-in screen and its errors are in Portuguese', async ({ page, request }) => {
    const email = await accountWithPassword(request);
    const signIn = new SignInPage(page, 'pt');
    await signIn.goto();
    await signIn.submit.click();
    await expect(page.getByText(t('pt', 'VALIDATION.REQUIRED_FIELD'))).toHaveCount(2);
    await signIn.signIn(email, 'nao-e-esta');
    await expect(signIn.error).toHaveText(t('pt', 'ERRORS.INVALID_CREDENTIALS'));
  });
});

test('a page asked for while signed out opens after signing in', async ({ page }, testInfo) => {
  // On a phone the page asked for is the /m one (a desktop URL would send a visitor to /m/auth).
  const wanted = devicePath(testInfo, '/treasury/wallets');
  await page.goto(wanted);
  await new IdleSessionDialog(page).confirm.click();
  await expect(page).toHaveURL(urlOf(testInfo, `/auth/signin?redirect_url=${encodeURIComponent(wanted)}`));
  await new SignInPage(page).signIn('cash@fluxo.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
  await expect(page.getByRole('heading', { level: 1, name: t('pt', 'MENU.TREASURY.WALLETS') })).toBeVisible();

  await new AppShell(page, 'pt').signOut('Carla Tesouraria');
  await expect(page).toHaveURL(urlOf(testInfo, '/auth/signin'));
});

test('an inactive account is sent to the sign-up steps', async ({ page }) => {
  await new SignInPage(page).goto();
  await new SignInPage(page).signIn('inactive@fluxo.example', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/auth\/signup\/steps$/);
  await expect(page.getByRole('heading', { name: t('pt', 'AUTH.ONBOARDING.TITLE') })).toBeVisible();
});

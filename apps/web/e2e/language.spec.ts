import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { createActiveUser } from './support/api.ts';
import { uniqueEmail } from './support/data.ts';
import { t } from './support/i18n.ts';
import { expect, test } from './support/test.ts';

test('switching to Portuguese translates the app in place and is kept for the next visit', async ({
  page,
  request,
}) => {
  const user = {
    name: 'Leo Idioma',
    email: uniqueEmail('language'),
    password: 'a-long-secret-2',
    language: 'gb',
    country: 'GB',
  };
  await createActiveUser(request, user);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(
    page.getByRole('heading', { level: 1, name: t('gb', 'WELCOME.GREETING', { name: 'Leo' }) }),
  ).toBeVisible();

  // A reload would drop this marker: its survival proves the switch happened in place.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const shell = new AppShell(page, 'gb');
  await shell.switchLanguage('gb', 'pt', 'Português');

  await expect(
    page.getByRole('heading', { level: 1, name: t('pt', 'WELCOME.GREETING', { name: 'Leo' }) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('pt', 'WELCOME.NEXT_STEPS') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // The account keeps the choice once the language button is no longer busy saving it.
  await expect(
    page.getByRole('button', { name: t('pt', 'LANGUAGE.CURRENT', { language: 'Português' }) }),
  ).toBeEnabled();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: t('pt', 'WELCOME.GREETING', { name: 'Leo' }) }),
  ).toBeVisible();
});

test('the language can be switched before signing in', async ({ page }) => {
  const signIn = new SignInPage(page, 'gb');
  await signIn.goto();
  await page.getByRole('button', { name: t('gb', 'LANGUAGE.CURRENT', { language: 'English' }) }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(new SignInPage(page, 'fr').heading).toBeVisible();
});

import { AppShell } from './pages/app-shell.ts';
import { CreateOrganizationModal } from './pages/create-organization-modal.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { SignUpPage } from './pages/sign-up-page.ts';
import { randomPtNif, uniqueEmail } from './support/data.ts';
import { t } from './support/i18n.ts';
import { validationCode } from './support/outbox.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test('a new user signs up, confirms the e-mail, signs in, onboards and creates an organization', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('signup');
  const password = 'a-long-secret-1';
  const organization = `Sapataria Nova ${testInfo.project.name}, Lda`;

  const signUp = new SignUpPage(page);
  await signUp.goto();
  await keepScreenshot(page, testInfo, 'sign-up');
  await signUp.signUp({
    name: 'Marta Nova',
    email,
    password,
    profile: t('gb', 'PROFILES.COMPANY'),
    country: 'Portugal',
    language: 'English',
  });

  await signUp.enterCode('000000' === (await validationCode(email)) ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText(t('gb', 'ERRORS.INVALID_VALIDATION_CODE'));
  await signUp.enterCode(await validationCode(email));

  const signIn = new SignInPage(page);
  await expect(signIn.heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('gb', 'AUTH.SIGNIN.VALIDATED') })).toBeVisible();
  await expect(signIn.email).toHaveValue(email);
  await signIn.password.fill(password);
  await signIn.submit.click();

  const onboarding = new OnboardingPage(page);
  await expect(onboarding.heading).toBeVisible();
  await keepScreenshot(page, testInfo, 'onboarding');
  await onboarding.finish();

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t('gb', 'WELCOME.GREETING', { name: 'Marta' }) }),
  ).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('button', { name: t('gb', 'ORGANIZATIONS.CREATE.ACTION') })
    .click();
  const modal = new CreateOrganizationModal(page);
  await expect(modal.dialog).toBeVisible();
  await keepScreenshot(page, testInfo, 'create-organization');
  await modal.create({
    name: organization,
    vatNumber: randomPtNif(),
    country: 'Portugal',
  });

  const shell = new AppShell(page);
  const treasury = await shell.menuGroup('MENU.TREASURY.TITLE');
  await expect(treasury.getByRole('link', { name: t('gb', 'MENU.TREASURY.WALLETS') })).toBeVisible();
  await treasury.getByRole('link', { name: t('gb', 'MENU.TREASURY.WALLETS') }).click();
  await expect(page).toHaveURL(/\/treasury\/wallets$/);
  await expect(page.getByRole('heading', { level: 1, name: t('gb', 'MENU.TREASURY.WALLETS') })).toBeVisible();
  await expect(page.getByText(t('gb', 'MODULES.TREASURY.WALLETS'))).toBeVisible();
  if (shell.isPhone) await shell.openNavigation();
  await expect(shell.organizationSwitcher(organization)).toBeVisible();
});

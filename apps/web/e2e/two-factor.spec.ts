import { AppShell } from './pages/app-shell.ts';
import { SecurityPage } from './pages/security-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { seriousViolations } from './support/axe.ts';
import { DEMO_PASSWORD } from './support/data.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { onPhone, signInAs, urlOf } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';
import { nextTotpCode } from './support/totp.ts';

/** Signs out and waits for sign-in, so the next sign-in does not race the ending session. */
async function signOut(page: Page, shell: AppShell, name: string): Promise<void> {
  await shell.signOut(name);
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByRole('heading', { name: t('gb', 'AUTH.SIGNIN.TITLE') })).toBeVisible();
}

/** The seeded owners' authenticator secret (apps/server/src/modules/demo/seed.ts, README). */
const DEMO_TWO_FACTOR_SECRET = 'FLUXODEMOTWOFACTORSECRETKEY23456';

test('two-factor: turn it on, sign in with a code, then with a recovery code that then no longer works', async ({
  page,
}, testInfo) => {
  // Four sign-ins, an enrolment and two accessibility checks: more than the default minute on a busy machine.
  test.slow();
  // One account per project, so the two runs never change each other's sign-in.
  const [email, name] = onPhone(testInfo)
    ? ['twofactor2@fluxo.example', 'Teresa Dois Fatores']
    : ['twofactor1@fluxo.example', 'Tomás Dois Fatores'];
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  const security = new SecurityPage(page);

  await signInAs(page, email);
  await shell.chooseUserMenuItem(name, 'NAV.SECURITY');
  await expect(page).toHaveURL(urlOf(testInfo, '/settings/security'));
  await expect(security.heading).toBeVisible();
  const { secret, recoveryCodes } = await security.enrol({
    // The set-up step, as a person sees it: QR code, key, code field.
    beforeConfirming: async () => {
      await keepScreenshot(page, testInfo, 'two-factor-setup');
      expect(await seriousViolations(page)).toEqual([]);
    },
  });
  await expect(security.on).toBeVisible();
  await expect(page.getByText(t('gb', 'TWO_FACTOR.RECOVERY_LEFT', { count: '10' }))).toBeVisible();

  // With a code from the app.
  await signOut(page, shell, name);
  await signIn.goto();
  await signIn.signIn(email, DEMO_PASSWORD);
  await expect(signIn.twoFactorCode).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn.enterTwoFactorCode(nextTotpCode(secret));
  await expect(page).not.toHaveURL(/\/auth\/signin/);
  await expect(shell.userMenuButton(name)).toBeVisible();

  // With a recovery code, once.
  await signOut(page, shell, name);
  await signIn.goto();
  await signIn.signIn(email, DEMO_PASSWORD);
  await signIn.enterTwoFactorCode(recoveryCodes[0]!);
  await expect(shell.userMenuButton(name)).toBeVisible();

  await signOut(page, shell, name);
  await signIn.goto();
  await signIn.signIn(email, DEMO_PASSWORD);
  await signIn.enterTwoFactorCode(recoveryCodes[0]!);
  await expect(page.getByRole('alert')).toHaveText(t('gb', 'ERRORS.INVALID_TWO_FACTOR_CODE'));
  await expect(page).toHaveURL(/\/auth\/signin/);

  // Another recovery code still works; with it, two-factor goes off again (the account is as seeded).
  await signIn.enterTwoFactorCode(recoveryCodes[1]!);
  await expect(shell.userMenuButton(name)).toBeVisible();
  await shell.chooseUserMenuItem(name, 'NAV.SECURITY');
  await expect(page.getByText(t('gb', 'TWO_FACTOR.RECOVERY_LEFT', { count: '8' }))).toBeVisible();
  await security.turnOff(recoveryCodes[2]!);
});

test('two-factor: an owner requires it, and a member without it is led to enrolment first', async ({
  page,
}, testInfo) => {
  const n = onPhone(testInfo) ? 2 : 1;
  const owner = { email: `tfowner${n}@fluxo.example`, name: 'Olga Segura' };
  const member = { email: `tfmember${n}@fluxo.example`, name: 'Mário Membro' };
  const organization = n === 2 ? 'Segura Dois, Lda' : 'Segura Um, Lda';
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  const security = new SecurityPage(page);

  await signIn.goto();
  await signIn.signIn(owner.email, DEMO_PASSWORD);
  await signIn.enterTwoFactorCode(nextTotpCode(DEMO_TWO_FACTOR_SECRET));
  await shell.chooseUserMenuItem(owner.name, 'NAV.SECURITY');
  const requirement = security.requirementSwitch(organization);
  await expect(requirement).not.toBeChecked();
  await requirement.click();
  await expect(requirement).toBeChecked();
  await signOut(page, shell, owner.name);

  // The member opens the app and lands on enrolment, told which organization asks for it.
  await signInAs(page, member.email);
  await expect(page).toHaveURL(urlOf(testInfo, '/settings/security?required=1'));
  await expect(page.getByRole('alert')).toHaveText(
    t('gb', 'TWO_FACTOR.REQUIRED_BY', { names: organization }),
  );
  // Nowhere else to go in the organization until it is on.
  await page.goto(onPhone(testInfo) ? '/m/treasury/wallets' : '/treasury/wallets');
  await expect(page).toHaveURL(urlOf(testInfo, '/settings/security?required=1'));

  await security.enrol();
  await expect(page).not.toHaveURL(/\/settings\/security/);
  await page.goto(onPhone(testInfo) ? '/m/treasury/wallets' : '/treasury/wallets');
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
});

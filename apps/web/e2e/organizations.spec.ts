import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { DEMO_PASSWORD } from './support/data.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

const PT_COMPANY = 'Fluxo Demo, Lda';
const AO_COMPANY = 'Kwanza Comércio, Lda';

test('the demo user sees the organization menu and switches to the Angolan organization', async ({
  page,
}, testInfo) => {
  // The demo account is Portuguese: the app follows the account's language once signed in.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await keepScreenshot(page, testInfo, 'sign-in');
  await signIn.signIn('demo@fluxo.example', DEMO_PASSWORD);

  const shell = new AppShell(page, 'pt');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t('pt', 'WELCOME.GREETING', { name: 'Ana' }) }),
  ).toBeVisible();

  let integrations = await shell.menuGroup('MENU.INTEGRATIONS.TITLE');
  await expect(
    integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.PTEFATURA') }),
  ).toBeVisible();
  await expect(
    integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.AOCONTRIBUTORPORTAL') }),
  ).toHaveCount(0);
  const treasury = await shell.menuGroup('MENU.TREASURY.TITLE');
  await expect(treasury.getByRole('link', { name: t('pt', 'MENU.TREASURY.WALLETS') })).toBeVisible();
  await expect(
    shell.navigation.getByRole('link', { name: t('pt', 'NAV.MANAGE_ORGANIZATION') }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'app-pt-organization');

  // The switcher opens from the keyboard too, and lists owned and member organizations apart.
  await shell.openOrganizationMenu(PT_COMPANY);
  await expect(page.getByRole('menuitem', { name: new RegExp(AO_COMPANY) })).toBeEnabled();
  await keepScreenshot(page, testInfo, 'organization-switcher');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: new RegExp(AO_COMPANY) })).toBeHidden();

  await shell.switchOrganization(PT_COMPANY, AO_COMPANY);
  integrations = await shell.menuGroup('MENU.INTEGRATIONS.TITLE');
  await expect(
    integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.AOCONTRIBUTORPORTAL') }),
  ).toBeVisible();
  await expect(
    integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.AOSOCIALSECURITY') }),
  ).toBeVisible();
  await expect(integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.PTEFATURA') })).toHaveCount(
    0,
  );
  await keepScreenshot(page, testInfo, 'app-ao-organization');

  await integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.AOCONTRIBUTORPORTAL') }).click();
  await expect(page).toHaveURL(/\/integrations\/ao\/portal-contribuinte$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t('pt', 'MENU.INTEGRATIONS.AOCONTRIBUTORPORTAL') }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'app-module-page');

  // The choice holds across a reload: the organization is kept on this device.
  await page.reload();
  await shell.openNavigation();
  await expect(shell.organizationSwitcher(AO_COMPANY)).toBeVisible();

  await shell.switchOrganization(AO_COMPANY, PT_COMPANY);
  integrations = await shell.menuGroup('MENU.INTEGRATIONS.TITLE');
  await expect(
    integrations.getByRole('link', { name: t('pt', 'MENU.INTEGRATIONS.PTEFATURA') }),
  ).toBeVisible();
});

test('a locked organization is listed but cannot be selected', async ({ page }) => {
  // Every demo user with a locked organization has only locked ones (and is held at /locked), so
  // the list answers the member organization as locked for this test.
  await page.route('**/api/v1/organizations/all', async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { memberOrgs: { locked: boolean }[] };
    for (const organization of list.memberOrgs) organization.locked = true;
    await route.fulfill({ response, json: list });
  });
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('demo@fluxo.example', DEMO_PASSWORD);
  const shell = new AppShell(page, 'pt');
  await expect(page).toHaveURL(/\/welcome$/);
  await shell.openOrganizationMenu(PT_COMPANY);
  const locked = page.getByRole('menuitem', { name: new RegExp(AO_COMPANY) });
  await expect(locked).toBeVisible();
  await expect(locked).toBeDisabled();
});

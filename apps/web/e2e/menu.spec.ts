import { LANGUAGES } from '@fluxo/domain/languages';
import { AppShell } from './pages/app-shell.ts';
import { MobileShell } from './pages/mobile/mobile-shell.ts';
import { randomPtNif } from './support/data.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { api, apiToken, devicePath, onPhone, signInAs, urlOf } from './support/session.ts';
import { newUser } from './support/signed-in.ts';
import { expect, type Page, test } from './support/test.ts';

/** Spec §2 menu and the organization change (spinner timings under Playwright's clock). */

const PT_COMPANY = 'Fluxo Demo, Lda';
const AO_COMPANY = 'Kwanza Comércio, Lda';
const ORDER = [
  'MENU.WELCOME.TITLE',
  'MENU.PORTFOLIO.TITLE',
  'MENU.TREASURY.TITLE',
  'MENU.FINANCIAL.TITLE',
  'MENU.BILLING.TITLE',
  'MENU.ACCOUNTING.TITLE',
  'MENU.REPORTS.TITLE',
  'MENU.INTEGRATIONS.TITLE',
  'MENU.CHAT.TITLE',
];

function groupTitles(page: Page, phone: boolean): Promise<string[]> {
  return phone ? new MobileShell(page, 'pt').groupTitles() : new AppShell(page, 'pt').groupTitles();
}

test('the menu follows the order numbers, with manage-organization apart', async ({ page }, testInfo) => {
  await signInAs(page, 'demo@fluxo.example');
  const titles = await groupTitles(page, onPhone(testInfo));
  const expected = ORDER.map((key) => t('pt', key)).filter((title) => titles.includes(title));
  expect(titles).toEqual(expected);
  expect(titles).not.toContain(t('pt', 'MENU.PORTFOLIO.TITLE'));
  const navigation = onPhone(testInfo)
    ? new MobileShell(page, 'pt').navigation
    : new AppShell(page, 'pt').navigation;
  await expect(navigation.getByRole('link', { name: t('pt', 'NAV.MANAGE_ORGANIZATION') })).toBeVisible();
});

test('the portfolio entry is for portfolio users, first after welcome, and never on a phone', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'accountant@fluxo.example');
  const titles = await groupTitles(page, onPhone(testInfo));
  if (onPhone(testInfo)) {
    expect(titles).not.toContain(t('pt', 'MENU.PORTFOLIO.TITLE'));
  } else {
    expect(titles.slice(0, 2)).toEqual([t('pt', 'MENU.WELCOME.TITLE'), t('pt', 'MENU.PORTFOLIO.TITLE')]);
  }
});

test('the phone has a bottom bar with touch-sized controls', async ({ page }, testInfo) => {
  test.skip(!onPhone(testInfo), 'the bottom bar is the phone layout');
  await signInAs(page, 'demo@fluxo.example');
  const shell = new MobileShell(page, 'pt');
  await expect(shell.bottomNavigation).toBeVisible();
  for (const control of await shell.bottomNavigation.locator('a, button').all()) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
  await shell.bottomNavigation.getByRole('link', { name: t('pt', 'MENU.TREASURY.TITLE') }).click();
  await expect(page).toHaveURL(urlOf(testInfo, '/treasury/wallets'));
});

// The bottom bar of an organization's owner: home, the first three groups (financial management, the
// longest label in every language, among them) and the menu button.
const BOTTOM_BAR = [
  'MOBILE.HOME',
  'MENU.TREASURY.TITLE',
  'MENU.FINANCIAL.TITLE',
  'MENU.BILLING.TITLE',
  'MOBILE.MENU',
];

for (const language of LANGUAGES) {
  test(`every label of the phone's bottom bar shows whole and readable (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    test.skip(!onPhone(testInfo), 'the bottom bar is the phone layout');
    const user = await newUser(request, `bottom-bar-${language}`, language);
    const token = await apiToken(request, user.email, user.password);
    await api(request, token, 'POST', '/api/v1/organizations', {
      data: { name: `Barra ${language} ${Date.now().toString(36)}`, vatNumber: randomPtNif(), country: 'PT' },
    });
    await signInAs(page, user.email, user.password);
    const shell = new MobileShell(page, language);
    await expect(shell.bottomNavigation).toBeVisible();
    await expect(shell.bottomBarControl('MENU.FINANCIAL.TITLE')).toBeVisible();
    for (const key of BOTTOM_BAR) {
      const label = await shell.bottomBarLabel(key);
      expect(label.cut, `${t(language, key)} is cut`).toBe(false);
      expect(label.fontSize).toBeGreaterThanOrEqual(11);
      expect(label.width).toBeGreaterThanOrEqual(44);
      expect(label.height).toBeGreaterThanOrEqual(44);
    }
    await keepScreenshot(page, testInfo, `bottom-bar-${language}`);
  });
}

function spinner(page: Page) {
  return page.getByRole('status', { name: t('pt', 'SHELL.SWITCHING_ORGANIZATION') });
}

/** Opens the switcher, freezes the page's clock, then picks the organization: the spinner starts at a known time. */
async function switchWithFrozenClock(page: Page, phone: boolean, from: string, to: string) {
  if (phone) {
    const shell = new MobileShell(page, 'pt');
    await shell.openMenu();
    await shell.organizationSwitcher(from).click();
  } else {
    await new AppShell(page, 'pt').openOrganizationMenu(from);
  }
  const item = page.getByRole('menuitem', { name: new RegExp(to) });
  await expect(item).toBeVisible();
  // A jump far enough ahead that the page's clock cannot have passed it on a loaded machine.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
  await item.click();
}

test('changing organization on the same page: the spinner shows 2 s, then fades over 1 s', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await signInAs(page, 'demo@fluxo.example');
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
  await switchWithFrozenClock(page, onPhone(testInfo), PT_COMPANY, AO_COMPANY);
  await expect(spinner(page)).toHaveAttribute('data-phase', 'shown');
  await page.clock.runFor(1900);
  await expect(spinner(page)).toHaveAttribute('data-phase', 'shown');
  await page.clock.runFor(200);
  await expect(spinner(page)).toHaveAttribute('data-phase', 'fading');
  await page.clock.runFor(1000);
  await expect(spinner(page)).toHaveCount(0);
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
});

test('changing organization with a redirect: the spinner hides 1 s after it', async ({ page }, testInfo) => {
  await page.clock.install();
  await signInAs(page, 'demo@fluxo.example');
  await page.goto(devicePath(testInfo, '/billing/documents'));
  await expect(page).toHaveURL(urlOf(testInfo, '/billing/documents'));
  await switchWithFrozenClock(page, onPhone(testInfo), PT_COMPANY, AO_COMPANY);
  // The first entry of the new organization's menu.
  await expect(page).toHaveURL(urlOf(testInfo, '/welcome'));
  await expect(spinner(page)).toHaveAttribute('data-phase', 'shown');
  await page.clock.runFor(900);
  await expect(spinner(page)).toHaveAttribute('data-phase', 'shown');
  await page.clock.runFor(200);
  await expect(spinner(page)).toHaveCount(0);
});

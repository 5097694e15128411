import { SignInPage } from './pages/sign-in-page.ts';
import { FRESH_VISITOR } from './support/fresh-visitor.ts';
import { t } from './support/i18n.ts';
import { signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

const DAY_S = 86_400;

/** Days from now until a cookie's expiry (Playwright gives it in seconds). */
function daysLeft(expires: number): number {
  return Math.round((expires - Date.now() / 1000) / DAY_S);
}

test.describe('cookie banner and cookies', () => {
  test.use({ storageState: FRESH_VISITOR });

  test('the banner shows on desktop until cookies are accepted, and never on a phone', async ({
    page,
    context,
  }, testInfo) => {
    await new SignInPage(page).goto();
    const banner = page.getByRole('region', { name: t('gb', 'COOKIES.LABEL') });
    if (testInfo.project.name === 'mobile') {
      await expect(
        page.getByRole('button', { name: t('gb', 'AUTH.SIGNIN.SUBMIT'), exact: true }),
      ).toBeVisible();
      await expect(banner).toHaveCount(0);
      return;
    }
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: t('gb', 'COOKIES.ACCEPT') }).click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'cookies_consent');
    expect(consent?.value).toBe('true');
    expect(daysLeft(consent!.expires)).toBe(365);
    await page.reload();
    await expect(new SignInPage(page).heading).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('campaign parameters become 7-day cookies; other parameters do not', async ({ page, context }) => {
    await page.goto(
      '/auth/signin?coupon=SPRING26&plan=premium&profile=2&utm_source=newsletter&utm_campaign=launch&ref=x',
    );
    await expect(new SignInPage(page).heading).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === 'utm_campaign'))
      .toBe(true);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    for (const [name, value] of Object.entries({
      coupon: 'SPRING26',
      plan: 'premium',
      profile: '2',
      utm_source: 'newsletter',
      utm_campaign: 'launch',
    })) {
      expect(cookies[name]?.value, name).toBe(value);
      expect(daysLeft(cookies[name]!.expires), name).toBe(7);
    }
    expect(cookies.ref).toBeUndefined();
  });

  test('the analytics cookie is set (about a year) only when an analytics key is configured', async ({
    page,
    context,
  }) => {
    await new SignInPage(page).goto();
    await page.waitForLoadState('networkidle');
    expect((await context.cookies()).some((cookie) => cookie.name === 'analytics_id')).toBe(false);

    await page.route('**/home/configuration', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), analyticsKey: 'UA-TEST' } });
    });
    await page.reload();
    await expect
      .poll(
        async () => (await context.cookies()).find((cookie) => cookie.name === 'analytics_id')?.value ?? '',
      )
      .toMatch(/^[A-Za-z0-9]{24}$/);
    const analytics = (await context.cookies()).find((cookie) => cookie.name === 'analytics_id')!;
    expect(daysLeft(analytics.expires)).toBe(365);
  });
});

test('the scroll-to-top button appears after 700 px and brings the page back up', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'scroll');
  // The welcome page is short: a tall block makes room to scroll.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    document.querySelector('main')?.append(spacer);
  });
  const button = page.getByRole('button', { name: t('gb', 'WIDGETS.SCROLL_TO_TOP') });
  await page.evaluate(() => window.scrollTo(0, 690));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(690);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 720));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

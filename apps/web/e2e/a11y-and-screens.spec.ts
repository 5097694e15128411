import { SignInPage } from './pages/sign-in-page.ts';
import { seriousViolations } from './support/axe.ts';
import { randomPtNif } from './support/data.ts';
import type { Language } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { apiToken, newUser, signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

test('sign-in has no serious or critical accessibility violation', async ({ page }) => {
  await new SignInPage(page).goto();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the main layout has no serious or critical accessibility violation', async ({ page, request }) => {
  await signInNewUser(page, request, 'axe');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const language of ['gb', 'pt', 'es', 'fr'] as const satisfies Language[]) {
  test(`the main layout in ${language} looks finished (screenshot)`, async ({ page, request }, testInfo) => {
    // An account with an organization, so the header and the menu are full.
    const user = await newUser(request, `screens-${language}`, language);
    const token = await apiToken(request, user.email, user.password);
    const created = await request.post('/api/v1/organizations', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Atelier Horizonte, Lda', vatNumber: randomPtNif(), country: 'PT' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(user.email, user.password);
    await expect(page).not.toHaveURL(/\/auth\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepScreenshot(page, testInfo, `main-layout-${language}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

import { ContactModal } from './pages/contact-modal.ts';
import { Tour } from './pages/tour.ts';
import { FRESH_VISITOR } from './support/fresh-visitor.ts';
import { t } from './support/i18n.ts';
import { onPhone } from './support/session.ts';
import { apiToken, signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

test.use({ storageState: FRESH_VISITOR });

test('a first-time user gets the main layout tour; Escape ends it and it is not offered again', async ({
  page,
  request,
}, testInfo) => {
  const { user } = await signInNewUser(page, request, 'tour');
  const tour = new Tour(page);
  if (testInfo.project.name === 'mobile') {
    // Spec §4: never on a phone.
    await page.waitForLoadState('networkidle');
    await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toHaveCount(0);
    return;
  }
  await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toBeVisible();
  await tour.button('TOUR.BUTTONS.NEXT').click();
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toBeVisible();
  await tour.button('TOUR.BUTTONS.PREVIOUS').click();
  await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toBeVisible();
  await tour.button('TOUR.BUTTONS.NEXT').click();
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toHaveCount(0);
  await expect(tour.backdrop).toHaveCount(0);

  // Completed in the account (tours_completed) and on this device.
  const token = await apiToken(request, user.email, user.password);
  await expect
    .poll(async () => {
      const settings = await request.get('/api/v1/account/settings', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await settings.json()) as { tours_completed?: Record<string, boolean> }).tours_completed;
    })
    .toEqual({ 'main-layout': true });
  expect(await page.evaluate(() => localStorage.getItem('tour_completed_main-layout'))).toBe('true');

  // On another device (nothing local) the account's record keeps it away.
  await page.evaluate(() => localStorage.removeItem('tour_completed_main-layout'));
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toHaveCount(0);
});

for (const [how, key] of [
  ['closing', 'TOUR.BUTTONS.CLOSE'],
  ['skipping', 'TOUR.BUTTONS.SKIP'],
] as const) {
  test(`${how} the tour completes it too`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the tour does not run on a phone');
    await signInNewUser(page, request, `tour-${how}`);
    const tour = new Tour(page);
    await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toBeVisible();
    await tour.button(key).click();
    await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toHaveCount(0);
    await expect(tour.backdrop).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tour_completed_main-layout')))
      .toBe('true');
  });
}

test('the tour pauses while a modal is open and resumes at the same step once it closes', async ({
  page,
  request,
}, testInfo) => {
  test.skip(onPhone(testInfo), 'the tour does not run on a phone');
  const { user, shell } = await signInNewUser(page, request, 'tour-modal');
  const tour = new Tour(page);
  await expect(tour.step('TOUR.MAIN.WELCOME.TITLE')).toBeVisible();
  await tour.button('TOUR.BUTTONS.NEXT').click();
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toBeVisible();

  // The backdrop keeps the mouse off the header; the keyboard still reaches the user menu.
  await shell.userMenuButton(user.name).press('Enter');
  await page.getByRole('menuitem', { name: t('gb', 'CONTACT_US.ACTION') }).press('Enter');
  const contact = new ContactModal(page);
  await expect(contact.dialog).toBeVisible();
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toHaveCount(0);
  await expect(tour.backdrop).toHaveCount(0);
  // The modal is usable while the tour waits.
  await contact.subject.fill('Tour');
  await expect(contact.subject).toHaveValue('Tour');

  // Escape belongs to the modal now: it closes the modal and leaves the tour where it was.
  await page.keyboard.press('Escape');
  await expect(contact.dialog).toBeHidden();
  await expect(tour.step('TOUR.MAIN.ORGANIZATION.TITLE')).toBeVisible();
  await expect(tour.backdrop).toHaveCount(1);
  await tour.button('TOUR.BUTTONS.NEXT').click();
  await expect(tour.step('TOUR.MAIN.MENU.TITLE')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tour_completed_main-layout'))).toBeNull();
});

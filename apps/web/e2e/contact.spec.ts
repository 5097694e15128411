import AxeBuilder from '@axe-core/playwright';
import { ContactModal } from './pages/contact-modal.ts';
import { t } from './support/i18n.ts';
import { signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

test('the contact request checks its fields, is sent once, confirms and closes', async ({
  page,
  request,
}) => {
  const { user, shell } = await signInNewUser(page, request, 'contact');
  await page.clock.install();
  await shell.chooseUserMenuItem(user.name, 'CONTACT_US.ACTION');
  const modal = new ContactModal(page);
  await expect(modal.dialog).toBeVisible();

  // Nothing typed: both fields are required.
  await modal.send.click();
  await expect(modal.fieldError('REQUIRED_FIELD')).toHaveCount(2);
  // Spaces alone do not count; the subject has at most 250 characters.
  await modal.subject.fill('   ');
  await modal.subject.blur();
  await expect(modal.fieldError('REQUIRED_FIELD')).toHaveCount(2);
  await modal.subject.fill('x'.repeat(251));
  await expect(modal.fieldError('CONTACT_US.SUBJECT_TOO_LONG')).toBeVisible();
  await modal.subject.fill('  Help with my invoices  ');
  await expect(modal.fieldError('CONTACT_US.SUBJECT_TOO_LONG')).toHaveCount(0);
  await modal.message.fill('  How do I export my documents?  ');
  await expect(modal.fieldError('REQUIRED_FIELD')).toHaveCount(0);

  // A slow answer: a second submission while the first is on its way is ignored.
  const bodies: unknown[] = [];
  await page.route('**/api/v1/sales/requests', async (route) => {
    bodies.push(route.request().postDataJSON());
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  // Two clicks in one gesture: two separate clicks could land the second after the answer, when the
  // button is gone (a slow machine took longer than the answer's delay between them).
  await modal.send.dblclick();
  await expect(modal.confirmation).toBeVisible();
  expect(bodies).toEqual([
    { title: 'Help with my invoices', message: 'How do I export my documents?', source: 'user-menu' },
  ]);

  // The confirmation closes the modal by itself.
  await page.clock.fastForward(3000);
  await expect(modal.dialog).toBeHidden();
});

test('a failed contact request says so and keeps what was typed', async ({ page, request }) => {
  const { user, shell } = await signInNewUser(page, request, 'contact-fail');
  await page.route('**/api/v1/sales/requests', (route) =>
    route.fulfill({
      status: 500,
      json: { code: 'INTERNAL', messageKey: 'ERRORS.INTERNAL', message: 'boom', statusCode: 500 },
    }),
  );
  await shell.chooseUserMenuItem(user.name, 'CONTACT_US.ACTION');
  const modal = new ContactModal(page);
  await modal.subject.fill('Subject');
  await modal.message.fill('Message');
  await modal.send.click();
  await expect(modal.failure).toBeVisible();
  await expect(modal.failure).toContainText(t('gb', 'CONTACT_US.REQUEST.ERROR.MESSAGE'));
  await expect(modal.subject).toHaveValue('Subject');

  // Cancelling with text typed asks first (the confirm/cancel dialog): keep writing, then discard.
  await modal.cancel.click();
  const discard = page.getByRole('dialog', { name: t('gb', 'CONTACT_US.DISCARD.TITLE') });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: t('gb', 'CONTACT_US.DISCARD.KEEP') }).click();
  await expect(discard).toBeHidden();
  await expect(modal.dialog).toBeVisible();
  await modal.cancel.click();
  await discard.getByRole('button', { name: t('gb', 'CONTACT_US.DISCARD.CONFIRM') }).click();
  await expect(modal.dialog).toBeHidden();
});

test('the contact modal has no serious or critical accessibility violation', async ({ page, request }) => {
  const { user, shell } = await signInNewUser(page, request, 'contact-axe');
  await shell.chooseUserMenuItem(user.name, 'CONTACT_US.ACTION');
  const modal = new ContactModal(page);
  await modal.send.click();
  await expect(modal.fieldError('REQUIRED_FIELD')).toHaveCount(2);
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

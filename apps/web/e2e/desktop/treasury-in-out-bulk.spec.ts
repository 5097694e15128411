import { InOutPage } from '../pages/in-out-page.ts';
import { t } from '../support/i18n.ts';
import { createInOutWorld, readMovement } from '../support/in-out-world.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

// The desktop grid's selection: rows picked with the keyboard, one category for all of them.
test('bulk edit: one category for the selected movements', async ({ page, request }) => {
  const world = await createInOutWorld(request, 'inout-bulk');
  await signInAs(page, world.user.email, world.user.password);
  const inOut = new InOutPage(page, false);
  await inOut.goto();
  const [fuel, stationery, sale] = world.movements as [
    (typeof world.movements)[number],
    (typeof world.movements)[number],
    (typeof world.movements)[number],
  ];
  // Space selects the focused row, arrows move between rows.
  await inOut.movement(fuel.description).focus();
  await page.keyboard.press('Space');
  await inOut.movement(stationery.description).focus();
  await page.keyboard.press('Space');
  await expect(inOut.movement(fuel.description)).toHaveAttribute('aria-selected', 'true');
  await expect(inOut.movement(sale.description)).toHaveAttribute('aria-selected', 'false');
  const bulk = page.getByRole('region', { name: t('gb', 'TREASURY.IN_OUT.BULK.TITLE') });
  await expect(bulk).toContainText(t('gb', 'TREASURY.IN_OUT.BULK.SELECTED', { count: '2' }));
  await bulk.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.BULK.SET_CATEGORY') }).click();
  const dialog = page.getByRole('dialog', {
    name: t('gb', 'TREASURY.IN_OUT.BULK.MODAL_TITLE', { count: '2' }),
  });
  await inOut.choose(
    dialog.getByRole('textbox', { name: t('gb', 'TREASURY.IN_OUT.DETAIL.CATEGORY') }),
    world.category.name,
  );
  await dialog.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.BULK.APPLY') }).click();
  await expect(page.getByText(t('gb', 'TREASURY.IN_OUT.BULK.DONE', { count: '2' }))).toBeVisible();
  await expect(inOut.movement(fuel.description)).toContainText(world.category.name);
  await expect(inOut.movement(stationery.description)).toContainText(world.category.name);
  for (const movement of [fuel, stationery])
    expect((await readMovement<{ categoryId: string | null }>(request, world, movement.id)).categoryId).toBe(
      world.category.id,
    );
  expect((await readMovement<{ categoryId: string | null }>(request, world, sale.id)).categoryId).toBeNull();
});

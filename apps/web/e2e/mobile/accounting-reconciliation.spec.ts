import { ReconciliationPage } from '../pages/accounting/reconciliation-page.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('Bank reconciliation on a phone (issue 13)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('the queue in one column: accepting a suggestion reconciles the movement', async ({ page }) => {
    await signInAs(page, 'demo@fluxo.example');
    const screen = new ReconciliationPage(page, true);
    await screen.goto();
    const movement = await screen.movementWithSuggestion();
    const description = (await movement.getAttribute('aria-label')) as string;
    const before = await screen.queue.getByRole('listitem', { name: description, exact: true }).count();
    await movement
      .locator(screen.exactSuggestions)
      .first()
      .getByRole('button', { name: screen.t('ACCOUNTING.RECONCILIATION.CONFIRM') })
      .click();
    await expect(page.getByText(screen.t('ACCOUNTING.RECONCILIATION.CONFIRMED'))).toBeVisible();
    await expect(screen.queue.getByRole('listitem', { name: description, exact: true })).toHaveCount(
      before - 1,
    );
  });
});

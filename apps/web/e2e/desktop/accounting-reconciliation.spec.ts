import { ReconciliationPage } from '../pages/accounting/reconciliation-page.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('Bank reconciliation on desktop (issue 13)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('the owner reconciles a movement by accepting a suggestion, and can undo it', async ({ page }) => {
    await signInAs(page, 'demo@fluxo.example');
    const screen = new ReconciliationPage(page, false);
    await screen.goto();
    const movement = await screen.movementWithSuggestion();
    const description = (await movement.getAttribute('aria-label')) as string;
    const before = await screen.queue.getByRole('listitem', { name: description, exact: true }).count();
    const suggestion = movement.locator(screen.exactSuggestions).first();
    // Each suggestion says why it is there.
    await expect(suggestion.locator('.mantine-Badge-root').nth(1)).toBeVisible();
    await suggestion.getByRole('button', { name: screen.t('ACCOUNTING.RECONCILIATION.CONFIRM') }).click();
    await expect(page.getByText(screen.t('ACCOUNTING.RECONCILIATION.CONFIRMED'))).toBeVisible();
    await expect(screen.queue.getByRole('listitem', { name: description, exact: true })).toHaveCount(
      before - 1,
    );
    // Undo brings it back to the queue.
    await page
      .getByRole('button', { name: screen.t('ACCOUNTING.RECONCILIATION.UNDO') })
      .first()
      .click();
    await expect(page.getByText(screen.t('ACCOUNTING.RECONCILIATION.UNDONE'))).toBeVisible();
  });
});

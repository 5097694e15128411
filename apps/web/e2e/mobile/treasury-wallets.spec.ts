import { TreasuryWalletsPage } from '../pages/treasury/wallets-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { signInOwnerOnWallets } from '../support/connections.ts';
import { t } from '../support/i18n.ts';
import { expect, test } from '../support/test.ts';

test.describe('accounts and wallets on a phone (issue 11)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journeys');

  test('add a cash wallet in a full-screen sheet and see it as a card with the total', async ({
    page,
    request,
  }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'wallets-m');
    await expect(page).toHaveURL(/\/m\/treasury\/wallets$/);
    const wallets = new TreasuryWalletsPage(page);
    await wallets.button('TREASURY.WALLETS.ADD_CASH').click();
    await wallets.field('TREASURY.ACCOUNT.NAME').fill('Caixa');
    await wallets.field('TREASURY.ACCOUNT.OPENING_BALANCE').fill('12');
    await wallets.button('TREASURY.ACCOUNT.SAVE').click();
    await expect(wallets.accountDialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Caixa' })).toContainText('€12.00');
    await expect(wallets.total).toHaveText('€12.00');
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByRole('heading', { name: t('gb', 'MENU.TREASURY.WALLETS') })).toBeVisible();
  });
});

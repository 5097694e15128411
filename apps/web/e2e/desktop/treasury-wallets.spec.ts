import { TreasuryWalletsPage } from '../pages/treasury/wallets-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { signInOwnerOnWallets } from '../support/connections.ts';
import { t } from '../support/i18n.ts';
import { expect, test } from '../support/test.ts';
import { FIXTURE_IBAN } from '../support/treasury.ts';

test.describe('accounts and wallets on desktop (issue 11)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('add a bank account (IBAN and amount checked), a cash wallet, see them by kind with the total, archive one', async ({
    page,
    request,
  }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'wallets-desk');
    const wallets = new TreasuryWalletsPage(page);

    await wallets.button('TREASURY.WALLETS.ADD_ACCOUNT').click();
    await wallets.field('TREASURY.ACCOUNT.NAME').fill('Conta CGD');
    await wallets.field('TREASURY.ACCOUNT.INSTITUTION').fill('Caixa Geral de Depósitos');
    await wallets.field('TREASURY.ACCOUNT.IBAN').fill('PT50 0035 0123 0001 2345 6781 9');
    await wallets.field('TREASURY.ACCOUNT.OPENING_BALANCE').fill('3.14159');
    await wallets.button('TREASURY.ACCOUNT.SAVE').click();
    await expect(wallets.accountDialog).toContainText(t('gb', 'TREASURY.ACCOUNT.IBAN_INVALID'));
    await expect(wallets.accountDialog).toContainText(t('gb', 'TREASURY.ACCOUNT.AMOUNT_INVALID'));
    await wallets.field('TREASURY.ACCOUNT.IBAN').fill(FIXTURE_IBAN);
    await wallets.field('TREASURY.ACCOUNT.OPENING_BALANCE').fill('1500,50');
    await wallets.button('TREASURY.ACCOUNT.SAVE').click();
    await expect(wallets.accountDialog).toBeHidden();
    await expect(wallets.group('BANK')).toContainText('Conta CGD');
    await expect(wallets.account('Conta CGD')).toContainText('€1,500.50');

    await wallets.button('TREASURY.WALLETS.ADD_CASH').click();
    await expect(wallets.field('TREASURY.ACCOUNT.IBAN')).toHaveCount(0);
    await wallets.field('TREASURY.ACCOUNT.NAME').fill('Caixa da loja');
    await wallets.field('TREASURY.ACCOUNT.OPENING_BALANCE').fill('-20.25');
    await wallets.button('TREASURY.ACCOUNT.SAVE').click();
    await expect(wallets.accountDialog).toBeHidden();
    await expect(wallets.group('CASH')).toContainText('Caixa da loja');
    await expect(wallets.total).toHaveText('€1,480.25');
    await expect(page.getByRole('region', { name: t('gb', 'TREASURY.WALLETS.CHART_TITLE') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await wallets.actionsOf('Caixa da loja').click();
    await page.getByRole('menuitem', { name: t('gb', 'TREASURY.WALLETS.ARCHIVE') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('gb', 'TREASURY.WALLETS.ARCHIVE') })
      .click();
    await expect(wallets.group('CASH')).toBeHidden();
    await expect(wallets.total).toHaveText('€1,500.50');
  });
});

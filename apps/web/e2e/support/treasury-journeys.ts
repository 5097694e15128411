import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ImportWizard } from '../pages/treasury/import-wizard.ts';
import { TreasuryWalletsPage } from '../pages/treasury/wallets-page.ts';
import { seriousViolations } from './axe.ts';
import { signInOwnerOnWallets } from './connections.ts';
import { t } from './i18n.ts';
import { createAccount, fixture, statementAccount } from './treasury.ts';

/**
 * Holds each statement import a moment before it reaches the server, so the progress of even a small
 * sample file stays on screen long enough to be seen, as it does for a large one on a real line.
 */
export async function holdImports(page: Page, milliseconds: number): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/treasury/accounts/') && url.pathname.endsWith('/imports'),
    async (route) => {
      if (route.request().method() === 'POST')
        await new Promise((resolve) => setTimeout(resolve, milliseconds));
      await route.continue();
    },
  );
}

/** A new owner with a new organization and one bank account for the sample statements, on the wallets page. */
export async function ownerWithStatementAccount(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<{ wallets: TreasuryWalletsPage; accountName: string; token: string; organizationId: string }> {
  const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, prefix);
  const accountName = `CGD ${Date.now().toString(36)}`;
  await createAccount(request, token, organizationId, statementAccount(accountName));
  await page.reload();
  const wallets = new TreasuryWalletsPage(page);
  await expect(wallets.account(accountName)).toBeVisible();
  return { wallets, accountName, token, organizationId };
}

/** Watches the upload and processing bars, then reads the summary. */
export async function expectProgressThenSummary(wizard: ImportWizard): Promise<void> {
  // A bar at 0 % has no width: the bars are there, with their labels on screen.
  await expect(wizard.uploadProgress).toBeAttached();
  await expect(wizard.processingProgress).toBeAttached();
  await expect(wizard.dialog.getByText(t('gb', 'TREASURY.IMPORT.UPLOADING'))).toBeVisible();
  await expect(wizard.uploadProgress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(wizard.summary).toBeVisible({ timeout: 30_000 });
  await expect(wizard.figure('imported')).toHaveText(/^[1-9]\d*$/);
  await expect(wizard.figure('duplicates')).toHaveText('0');
  await expect(wizard.figure('rejected')).toHaveText('0');
}

/** CAMT.053, OFX or MT940: no mapping step, straight to progress and summary; then the same file again adds nothing. */
export async function importStructuredStatement(
  page: Page,
  wallets: TreasuryWalletsPage,
  accountName: string,
  file: string,
) {
  const wizard = await wallets.openImportFor(accountName);
  await wizard.chooseFile(fixture(file));
  await holdImports(page, 2_000);
  await wizard.continue();
  await expectProgressThenSummary(wizard);
  const [matches] = t('gb', 'TREASURY.IMPORT.BALANCE_MATCHES', { balance: '€' }).split('€');
  await expect(wizard.summary.getByRole('note')).toContainText(matches ?? '');
  const imported = await wizard.figure('imported').textContent();

  // Re-importing the same file adds nothing twice.
  await wizard.button('TREASURY.IMPORT.ANOTHER').click();
  await wizard.chooseFile(fixture(file));
  await wizard.continue();
  await expect(wizard.summary).toBeVisible({ timeout: 30_000 });
  await expect(wizard.figure('imported')).toHaveText('0');
  await expect(wizard.figure('duplicates')).toHaveText(imported ?? '');
  await wizard.button('TREASURY.IMPORT.CLOSE').click();
  await expect(wizard.dialog).toBeHidden();
}

/** The Windows-1252 CSV of a Portuguese bank: map its columns (decimal comma, debit/credit), see the preview, import. */
export async function importPortugueseCsv(page: Page, wallets: TreasuryWalletsPage, accountName: string) {
  const wizard = await wallets.openImportFor(accountName);
  await wizard.chooseFile(fixture('statement-cgd-1252.csv'));
  await wizard.continue();
  await expect(
    wizard.dialog.getByRole('textbox', { name: t('gb', 'TREASURY.IMPORT.ENCODING') }),
  ).toBeVisible();

  await wizard.select('TREASURY.IMPORT.ENCODING', 'Windows-1252');
  await wizard.select('TREASURY.IMPORT.DELIMITER', ';');
  const skip = wizard.dialog.getByRole('textbox', { name: t('gb', 'TREASURY.IMPORT.SKIP_ROWS') });
  await skip.fill('4');
  await wizard.select('TREASURY.IMPORT.COLUMN_DATE', 'Data mov.');
  await wizard.select('TREASURY.IMPORT.COLUMN_DESCRIPTION', 'Descrição');
  await wizard.select('TREASURY.IMPORT.DATE_FORMAT', 'DD-MM-YYYY');
  await wizard.dialog
    .getByRole('radio', { name: t('gb', 'TREASURY.IMPORT.AMOUNT_SPLIT') })
    .check({ force: true });
  await wizard.select('TREASURY.IMPORT.COLUMN_DEBIT', 'Débito');
  await wizard.select('TREASURY.IMPORT.COLUMN_CREDIT', 'Crédito');
  await wizard.select('TREASURY.IMPORT.COLUMN_BALANCE', 'Saldo contabilístico');
  const decimalComma = wizard.dialog.getByRole('checkbox', {
    name: t('gb', 'TREASURY.IMPORT.DECIMAL_COMMA'),
  });
  await decimalComma.check();

  // The live preview: accents read right in Windows-1252, debits negative with the decimal comma.
  await expect(wizard.preview).toContainText('SALÁRIOS OUTUBRO');
  await expect(wizard.preview.getByRole('row').filter({ hasText: 'SALÁRIOS OUTUBRO' })).toContainText(
    '-€4,200.00',
  );
  await wizard.dialog.getByRole('checkbox', { name: t('gb', 'TREASURY.IMPORT.SAVE_PROFILE') }).check();
  expect(await seriousViolations(page)).toEqual([]);

  await holdImports(page, 2_000);
  await wizard.button('TREASURY.IMPORT.SUBMIT').click();
  await expectProgressThenSummary(wizard);
  await wizard.button('TREASURY.IMPORT.CLOSE').click();
  await expect(wizard.dialog).toBeHidden();
}

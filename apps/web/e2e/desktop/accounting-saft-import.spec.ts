import path from 'node:path';
import { t } from '../support/i18n.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const PT = path.resolve(import.meta.dirname, '../../../server/resources/fiscal/saft/pt');

test.describe('SAF-T import on desktop (issue 13)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('the owner imports the AT demo SAF-T, confirms the NIF warning and sees its totals', async ({
    page,
  }) => {
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/accounting/saft');
    await expect(
      page.getByRole('heading', { level: 2, name: t('pt', 'ACCOUNTING.SAFT_IMPORT.TITLE') }),
    ).toBeVisible();
    const files = page.locator('input[type="file"]');
    await files.nth(0).setInputFiles(path.join(PT, 'saft_idemo599999999.xml'));
    await files.nth(1).setInputFiles(path.join(PT, 'Public_Key.txt'));
    await page.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT_IMPORT.START') }).click();

    const result = page.getByTestId('saft-import-result');
    await expect(result.getByTestId('saft-import-state')).toHaveText(
      t('pt', 'ACCOUNTING.SAFT_IMPORT.STATE.AWAITING_CONFIRMATION'),
      { timeout: 30_000 },
    );
    await expect(result.getByText(t('pt', 'ACCOUNTING.SAFT_IMPORT.ISSUE.NIF_MISMATCH'))).toBeVisible();
    await expect(
      result.getByText(t('pt', 'ACCOUNTING.SAFT_IMPORT.SIGNATURES', { count: '24' })),
    ).toBeVisible();
    await result.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT_IMPORT.CONFIRM') }).click();
    await expect(result.getByTestId('saft-import-state')).toHaveText(
      t('pt', 'ACCOUNTING.SAFT_IMPORT.STATE.DONE'),
      {
        timeout: 30_000,
      },
    );

    const totals = result.getByTestId('saft-import-totals');
    const sales = totals.getByRole('row').filter({ hasText: 'SalesInvoices' });
    await expect(sales.filter({ hasText: 'NumberOfEntries' })).toContainText('24');
    await expect(sales.filter({ hasText: 'TotalDebit' })).toContainText('2201.7838');
    await expect(sales.filter({ hasText: 'TotalCredit' })).toContainText('14918.709');
  });
});

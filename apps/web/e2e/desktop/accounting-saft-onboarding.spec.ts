import { writeFileSync } from 'node:fs';
import { isValidPtNif } from '@fluxo/domain';
import { generateSaft } from '../../../server/src/modules/accounting/saft-import/generate.ts';
import { t } from '../support/i18n.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** A valid PT company NIF no other run has used (5 + seven random digits + the check digit). */
function freshNif(): string {
  for (;;) {
    const body = `5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    for (let check = 0; check <= 9; check++) if (isValidPtNif(`${body}${check}`)) return `${body}${check}`;
  }
}

test.describe('SAF-T onboarding on desktop (issue 13)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('the accountant onboards a client from its SAF-T: the organization is created from the header and the app moves into it', async ({
    page,
  }, testInfo) => {
    const nif = freshNif();
    const file = testInfo.outputPath(`saft-${nif}.xml`);
    let xml = '';
    for await (const chunk of generateSaft({ transactions: 6, invoices: 3, nif })) xml += chunk;
    writeFileSync(file, xml);

    await signInAs(page, 'accountant@fluxo.example');
    await page.goto('/accounting/saft');
    await page.locator('input[type="file"]').nth(0).setInputFiles(file);
    await page.getByRole('checkbox', { name: t('pt', 'ACCOUNTING.SAFT_IMPORT.ONBOARD') }).check();
    await page.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT_IMPORT.START') }).click();

    const result = page.getByTestId('saft-import-result');
    await expect(result.getByTestId('saft-import-state')).toHaveText(
      t('pt', 'ACCOUNTING.SAFT_IMPORT.STATE.DONE'),
      { timeout: 30_000 },
    );
    const totals = result.getByTestId('saft-import-totals');
    await expect(
      totals
        .getByRole('row')
        .filter({ hasText: 'GeneralLedgerEntries' })
        .filter({ hasText: 'NumberOfEntries' }),
    ).toContainText('6');
    // The app now works in the new organization, named as the file's header names the company.
    await expect(page.getByText('Empresa gerada, Lda.').first()).toBeVisible();
  });
});

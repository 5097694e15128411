import { readFile } from 'node:fs/promises';
import { t } from '../support/i18n.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('SAF-T (PT) billing export on a phone (issue 12)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('the previous month is one tap away, and its file downloads', async ({ page }) => {
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/m/accounting/saft');
    await expect(
      page.getByRole('heading', { level: 1, name: t('pt', 'MENU.ACCOUNTING.SAFT') }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: t('pt', 'ACCOUNTING.SAFT.EXPORT_TITLE') });
    // The kind of file is chosen on the phone too; billing (F) unless the user picks another.
    for (const basis of ['BASIS_F', 'BASIS_C', 'BASIS_I'])
      await expect(
        form.getByRole('radio', { name: t('pt', `ACCOUNTING.SAFT_EXPORT.${basis}`) }),
      ).toBeVisible();
    await expect(form.getByRole('radio', { name: t('pt', 'ACCOUNTING.SAFT_EXPORT.BASIS_F') })).toBeChecked();
    await form.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT.PREVIOUS_MONTH') }).click();
    const from = await form
      .getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.FROM'), exact: true })
      .inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-01$/);
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT.DOWNLOAD') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^SAFT-PT_508332150_${from}_\\d{4}-\\d{2}-\\d{2}\\.xml$`),
    );
    const xml = await readFile((await download.path()) as string, 'utf8');
    expect(xml).toContain('<TaxAccountingBasis>F</TaxAccountingBasis>');
    expect(xml).toContain(`<StartDate>${from}</StartDate>`);
  });
});

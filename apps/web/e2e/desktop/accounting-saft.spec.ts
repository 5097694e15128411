import { readFile } from 'node:fs/promises';
import { t } from '../support/i18n.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('SAF-T (PT) export on desktop (issues 12 and 13)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('the owner chooses a period and downloads the billing SAF-T with its header', async ({ page }) => {
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/accounting/saft');
    await expect(
      page.getByRole('heading', { level: 1, name: t('pt', 'MENU.ACCOUNTING.SAFT') }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: t('pt', 'ACCOUNTING.SAFT.EXPORT_TITLE') });
    await form
      .getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.FROM'), exact: true })
      .fill('2026-03-01');
    await form.getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.TO'), exact: true }).fill('2026-02-01');
    await form.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT.DOWNLOAD') }).click();
    await expect(form.getByText(t('pt', 'ACCOUNTING.SAFT.PERIOD_ORDER'))).toBeVisible();

    await form.getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.TO'), exact: true }).fill('2026-03-31');
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT.DOWNLOAD') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('SAFT-PT_508332150_2026-03-01_2026-03-31.xml');
    const xml = await readFile((await download.path()) as string, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">');
    expect(xml).toContain('<AuditFileVersion>1.04_01</AuditFileVersion>');
    expect(xml).toContain('<TaxRegistrationNumber>508332150</TaxRegistrationNumber>');
    expect(xml).toContain('<TaxAccountingBasis>F</TaxAccountingBasis>');
    expect(xml).toContain('<StartDate>2026-03-01</StartDate><EndDate>2026-03-31</EndDate>');
    expect(xml.trimEnd().endsWith('</AuditFile>')).toBe(true);
    await expect(page.getByRole('status')).toContainText('SAFT-PT_508332150_2026-03-01_2026-03-31.xml');
  });

  test('the accountant chooses the accounting basis and downloads the ledger SAF-T of a year', async ({
    page,
  }) => {
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/accounting/saft');
    const form = page.getByRole('form', { name: t('pt', 'ACCOUNTING.SAFT.EXPORT_TITLE') });
    await expect(form.getByRole('radio', { name: t('pt', 'ACCOUNTING.SAFT_EXPORT.BASIS_F') })).toBeChecked();
    await form.getByRole('radio', { name: t('pt', 'ACCOUNTING.SAFT_EXPORT.BASIS_C') }).check();
    await expect(form.getByText(t('pt', 'ACCOUNTING.SAFT_EXPORT.CONTENTS_C'))).toBeVisible();
    await form
      .getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.FROM'), exact: true })
      .fill('2026-01-01');
    await form.getByRole('textbox', { name: t('pt', 'ACCOUNTING.SAFT.TO'), exact: true }).fill('2026-12-31');
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: t('pt', 'ACCOUNTING.SAFT.DOWNLOAD') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('SAFT-PT_508332150_C_2026-01-01_2026-12-31.xml');
    const xml = await readFile((await download.path()) as string, 'utf8');
    expect(xml).toContain('<TaxAccountingBasis>C</TaxAccountingBasis>');
    expect(xml).toContain('<TaxEntity>Sede</TaxEntity>');
    expect(xml).toContain('<GeneralLedgerAccounts><TaxonomyReference>S</TaxonomyReference>');
    expect(xml).toMatch(/<GeneralLedgerEntries><NumberOfEntries>\d+<\/NumberOfEntries>/);
    expect(xml).not.toContain('<SourceDocuments>');
    expect(xml.trimEnd().endsWith('</AuditFile>')).toBe(true);
    await expect(page.getByRole('status')).toContainText('SAFT-PT_508332150_C_2026-01-01_2026-12-31.xml');
  });
});

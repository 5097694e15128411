import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { PurchasesPanel } from '../pages/billing/purchases-panel.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath } from './session.ts';
import { apiToken, newUser } from './signed-in.ts';
import { supplierInvoice, supplierInvoicePdf } from './supplier-invoice-pdf.ts';
import { expect } from './test.ts';

interface Purchase {
  id: string;
  partyName: string;
  partyTaxId: string;
  grossTotal: number;
  outstanding: number;
  qrCode: string | null;
  file: { fileName: string; contentType: string } | null;
}

/**
 * Records a supplier invoice from a PDF with its AT QR code (issue 12 "Done when"): a new owner of a
 * new PT organization opens the purchases tab, reads the PDF (made here, issued to that organization),
 * names the supplier the QR code does not, saves, and finds it among what is to pay, with its file.
 */
export async function recordSupplierInvoiceFromPdf(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<void> {
  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const vatNumber = randomPtNif();
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Compras ${Date.now().toString(36)}`, vatNumber, country: 'PT' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const organizationId = ((await created.json()) as { id: string }).id;
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new AppShell(page, 'gb').userMenuButton(user.name)).toBeVisible();
  const invoice = supplierInvoice(vatNumber, `FT FA2026/${Date.now() % 100_000}`);
  const pdf = await supplierInvoicePdf(invoice);

  await page.goto(devicePath(testInfo, '/billing/documents'));
  const panel = new PurchasesPanel(page);
  await panel.openTab();
  await panel.readFromFile({ name: 'fatura-papelaria.pdf', mimeType: 'application/pdf', buffer: pdf });

  // Everything the QR code says is in the form; the supplier is new, so only its name is asked.
  await expect(panel.field('BILLING.PURCHASES.FORM.NUMBER')).toHaveValue(invoice.documentNumber);
  await expect(panel.field('BILLING.PURCHASES.FORM.ATCUD')).toHaveValue(invoice.atcud);
  await expect(panel.field('BILLING.PURCHASES.FORM.DATE')).toHaveValue(invoice.date);
  await expect(panel.field('BILLING.PURCHASES.FORM.SUPPLIER_TAX_ID')).toHaveValue(invoice.issuerTaxId);
  await expect(panel.field('BILLING.PURCHASES.FORM.BASE')).toHaveValue('243.90');
  await expect(panel.field('BILLING.PURCHASES.FORM.VAT')).toHaveValue('56.10');
  await expect(panel.field('BILLING.PURCHASES.FORM.TOTAL')).toHaveValue('300.00');
  await expect(panel.dialog.getByRole('alert')).toHaveCount(0);
  await panel.field('BILLING.PURCHASES.FORM.SUPPLIER_NAME').fill('Papelaria Central, Lda');
  await panel.field('BILLING.PURCHASES.FORM.DUE_DATE').fill('2026-11-14');
  await panel.dialog.getByRole('button', { name: t('gb', 'BILLING.PURCHASES.FORM.SAVE') }).click();
  await expect(panel.dialog).toBeHidden();

  const row = panel.purchase(invoice.documentNumber);
  await expect(row).toContainText('Papelaria Central, Lda');
  await expect(row).toContainText('€300.00');
  await expect(row).toContainText(t('gb', 'BILLING.PURCHASES.STATE.OPEN'));
  await expect(
    row.getByRole('button', {
      name: t('gb', 'BILLING.PURCHASES.OPEN_FILE_OF', { number: invoice.documentNumber }),
    }),
  ).toBeVisible();

  const list = await request.get('/api/v1/billing/purchases', {
    headers: { Authorization: `Bearer ${token}`, OrgId: organizationId },
  });
  const [saved] = ((await list.json()) as { items: Purchase[] }).items;
  expect(saved).toMatchObject({
    partyName: 'Papelaria Central, Lda',
    partyTaxId: invoice.issuerTaxId,
    grossTotal: 30_000,
    outstanding: 30_000,
    qrCode: invoice.qrCode,
    file: { fileName: 'fatura-papelaria.pdf', contentType: 'application/pdf' },
  });
  const kept = await request.get(`/api/v1/billing/purchases/${saved?.id}/file`, {
    headers: { Authorization: `Bearer ${token}`, OrgId: organizationId },
  });
  expect(Buffer.compare(await kept.body(), pdf)).toBe(0);
}

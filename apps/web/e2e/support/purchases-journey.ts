import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { PurchasesPanel } from '../pages/billing/purchases-panel.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { seriousViolations } from './axe.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath } from './session.ts';
import { apiToken, newUser } from './signed-in.ts';
import { supplierInvoice, supplierInvoicePdf, supplierInvoicePhoto } from './supplier-invoice-pdf.ts';
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
async function signInOwner(page: Page, request: APIRequestContext, testInfo: TestInfo, prefix: string) {
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
  await page.goto(devicePath(testInfo, '/billing/documents'));
  const panel = new PurchasesPanel(page);
  await panel.openTab();
  return { token, organizationId, vatNumber, panel };
}

export async function recordSupplierInvoiceFromPdf(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<void> {
  const { token, organizationId, vatNumber, panel } = await signInOwner(page, request, testInfo, prefix);
  const invoice = supplierInvoice(vatNumber, `FT FA2026/${Date.now() % 100_000}`);
  const pdf = await supplierInvoicePdf(invoice);

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
  expect(await seriousViolations(page)).toEqual([]);
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

/**
 * A photo of the QR code ("Take a photo" on a phone, where the file chooser stands for the camera;
 * "Read from file" on a desktop) fills the form the same way; the list beside it shows a purchase
 * recorded earlier with what is paid and still open.
 */
export async function readSupplierInvoiceFromPhoto(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<void> {
  const { token, organizationId, vatNumber, panel } = await signInOwner(page, request, testInfo, prefix);
  const earlier = await request.post('/api/v1/billing/purchases', {
    headers: {
      Authorization: `Bearer ${token}`,
      OrgId: organizationId,
      'Idempotency-Key': crypto.randomUUID(),
    },
    data: {
      supplier: { name: 'Eletricidade do Norte, SA', taxId: randomPtNif(), country: 'PT' },
      documentType: 'FT',
      documentNumber: 'FT E/77',
      documentDate: '2026-10-01',
      taxes: [{ taxRegion: 'PT', taxCode: 'NOR', base: 10_000, vat: 2_300 }],
      grossTotal: 12_300,
      withholding: 0,
    },
  });
  expect(earlier.ok(), await earlier.text()).toBe(true);
  await page.reload();
  await panel.openTab();
  const row = panel.purchase('FT E/77');
  await expect(row).toContainText('Eletricidade do Norte, SA');
  await expect(row).toContainText('€123.00');
  expect(await seriousViolations(page)).toEqual([]);

  const invoice = supplierInvoice(vatNumber, `FS B/${Date.now() % 100_000}`);
  const photo = { name: 'foto.png', mimeType: 'image/png', buffer: await supplierInvoicePhoto(invoice) };
  if (testInfo.project.name.startsWith('mobile')) await panel.takePhoto(photo);
  else await panel.readFromFile(photo);
  await expect(panel.field('BILLING.PURCHASES.FORM.NUMBER')).toHaveValue(invoice.documentNumber);
  await expect(panel.field('BILLING.PURCHASES.FORM.TOTAL')).toHaveValue('300.00');
  // The photo is kept with the document when it is saved.
  await expect(panel.dialog).toContainText('foto.png');
  expect(await seriousViolations(page)).toEqual([]);
}

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { seriousViolations } from './axe.ts';
import { signInOwnerOnWallets } from './connections.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath, onPhone } from './session.ts';

async function post<T>(
  request: APIRequestContext,
  token: string,
  organizationId: string,
  url: string,
  data: object,
): Promise<T> {
  const response = await request.post(url, {
    headers: { Authorization: `Bearer ${token}`, OrgId: organizationId, 'Idempotency-Key': randomUUID() },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** The subject of the last mail to `email` in the server's outbox (DATA_DIR/outbox). */
async function reminderMail(email: string): Promise<string> {
  const dir = path.join(process.env.FLUXO_E2E_DATA_DIR ?? '', 'outbox');
  for (const name of readdirSync(dir).sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(dir, name)));
    const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
    if (to.some((address) => address.address === email)) return mail.subject ?? '';
  }
  return '';
}

/**
 * A customer owing two invoices (123.00 and 61.50) set up through the API; in the page, the current
 * account shows 184.50 owed, one payment recorded across both invoices issues a receipt, and the
 * balance drops to nothing.
 */
export async function currentAccountJourney(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, 'current-account');
  const call = <T>(url: string, data: object) => post<T>(request, token, organizationId, url, data);
  const series = async (documentType: string, code: string) =>
    (
      await call<{ id: string }>('/api/v1/billing/series', {
        documentType,
        code,
        seriesType: 'F',
        validationCode: 'AAJFJ2K6',
      })
    ).id;
  const invoices = await series('FT', 'E2E');
  await series('RG', 'E2E');
  const name = `Cliente ${Date.now().toString(36)}, Lda`;
  const email = `contas-${Date.now().toString(36)}@cliente.example`;
  const party = await call<{ id: string }>('/api/v1/billing/parties', {
    name,
    taxId: randomPtNif(),
    country: 'PT',
    email,
    language: 'pt',
  });
  const today = new Date().toISOString().slice(0, 10);
  for (const unitPrice of [1_000_000, 500_000])
    await call('/api/v1/billing/documents', {
      seriesId: invoices,
      partyId: party.id,
      documentDate: today,
      issue: true,
      lines: [{ description: 'Consultoria', quantity: 1000, unitPrice }],
    });

  await page.goto(devicePath(testInfo, '/billing/current-account'));
  const open = page.getByRole('button', {
    name: t('gb', 'BILLING.CURRENT_ACCOUNT.OPEN_STATEMENT_OF', { name }),
  });
  await expect(open).toBeVisible();
  await expect(open).toContainText(onPhone(testInfo) ? '€184.50' : name);
  if (!onPhone(testInfo))
    await expect(page.getByRole('table', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.AGING') })).toContainText(
      '€184.50',
    );
  await open.click();

  const balance = page.getByTestId('party-balance');
  await expect(balance).toHaveText('€184.50');
  await expect(
    page.getByRole('table', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.OPEN_ITEMS') }),
  ).toContainText('FT E2E/2');
  // The real-time toasts of the two invoices issued above close by themselves after 4 s; their close
  // buttons have no accessible name (a shared toast matter, not this page's), so the page is checked
  // once they are gone.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // The statement as a PDF, and a reminder e-mailed to the customer (in Portuguese, its language).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.DOWNLOAD_PDF') }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-.+\.pdf$/);
  await page.getByRole('button', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.SEND_REMINDER') }).click();
  const reminder = page.getByRole('dialog', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.REMINDER_TITLE') });
  await expect(reminder.getByLabel(t('gb', 'BILLING.CURRENT_ACCOUNT.REMINDER_TO'))).toHaveValue(email);
  await reminder.getByRole('button', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.REMINDER_SEND') }).click();
  await expect(reminder).toBeHidden();
  await expect(
    page.getByText(t('gb', 'BILLING.CURRENT_ACCOUNT.REMINDER_SENT_TO', { to: email, amount: '€184.50' })),
  ).toBeVisible();
  expect(await reminderMail(email)).toContain('documentos por liquidar');

  await page.getByRole('button', { name: t('gb', 'BILLING.PAYMENTS.RECORD') }).click();
  const dialog = page.getByRole('dialog', { name: t('gb', 'BILLING.PAYMENTS.RECORD_TITLE') });
  await expect(
    dialog.getByLabel(t('gb', 'BILLING.PAYMENTS.SETTLES_FOR', { number: 'FT E2E/1' })),
  ).toHaveValue('123.00');
  await expect(
    dialog.getByLabel(t('gb', 'BILLING.PAYMENTS.SETTLES_FOR', { number: 'FT E2E/2' })),
  ).toHaveValue('61.50');
  await dialog.getByRole('button', { name: t('gb', 'BILLING.PAYMENTS.RECORD_SUBMIT') }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(t('gb', 'BILLING.PAYMENTS.RECEIPT_ISSUED', { number: 'RG E2E/1' })),
  ).toBeVisible();
  await expect(balance).toHaveText('€0.00');
  await expect(page.getByText(t('gb', 'BILLING.CURRENT_ACCOUNT.NOTHING_OPEN'))).toBeVisible();
  await expect(page.getByRole('table', { name: t('gb', 'BILLING.CURRENT_ACCOUNT.STATEMENT') })).toContainText(
    t('gb', 'BILLING.CURRENT_ACCOUNT.PAYMENT_ENTRY', { number: 'RG E2E/1' }),
  );

  // A returned transfer: cancelling the payment cancels its receipt and the invoices are owed again.
  await page
    .getByRole('button', { name: t('gb', 'BILLING.PAYMENTS.CANCEL_FOR', { number: 'RG E2E/1' }) })
    .click();
  const cancel = page.getByRole('dialog', { name: t('gb', 'BILLING.PAYMENTS.CANCEL_TITLE') });
  await cancel.getByLabel(t('gb', 'BILLING.PAYMENTS.CANCEL_REASON')).fill('Transferência devolvida');
  await cancel.getByRole('button', { name: t('gb', 'BILLING.PAYMENTS.CANCEL_CONFIRM') }).click();
  await expect(cancel).toBeHidden();
  await expect(balance).toHaveText('€184.50');
}

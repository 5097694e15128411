import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { signInOwnerOnWallets } from './connections.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath } from './session.ts';

const tr = (key: string, values?: Record<string, string>) => t('gb', key, values);

/** The customer, product and series of the journey, made through the API (they are not its subject). */
async function billingWorld(request: APIRequestContext, token: string, organizationId: string) {
  const post = async (url: string, data: object) => {
    const response = await request.post(url, {
      headers: { Authorization: `Bearer ${token}`, OrgId: organizationId, 'Idempotency-Key': randomUUID() },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const customer = `Cliente ${Date.now().toString(36)}, Lda`;
  const party = await post('/api/v1/billing/parties', {
    name: customer,
    taxId: randomPtNif(),
    country: 'PT',
  });
  const product = await post('/api/v1/billing/products', {
    code: 'CONS-H',
    description: 'Consultoria (hora)',
    productType: 'S',
    unit: 'H',
    unitPrice: 1_000_000,
    taxCode: 'NOR',
  });
  // RG: a payment received issues its receipt in a series of its own.
  const series: Record<string, string> = {};
  for (const documentType of ['FT', 'NC', 'RG', 'OR'])
    series[documentType] = (
      await post('/api/v1/billing/series', {
        documentType,
        code: `${documentType}E2E`,
        seriesType: 'F',
        validationCode: 'AAJFJ2K6',
      })
    ).id;
  return { customer, partyId: party.id, productId: product.id, series, post };
}

/** Picks an option of a Mantine select (its listbox is portalled to the page), typing to search if asked. */
async function choose(page: Page, field: Locator, typed: string, option: string | RegExp): Promise<void> {
  await field.click();
  if (typed) await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Issue an invoice of two hours (2 × 100,00 € + 23 % = 246,00 €) to a customer set up through the API,
 * open its PDF, record a payment of half, then credit the other hour: the invoice ends paid.
 */
export async function billingDocumentsJourney(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, 'billing-docs');
  const { customer } = await billingWorld(request, token, organizationId);

  await page.goto(devicePath(testInfo, '/billing/documents'));
  await expect(page.getByRole('tab', { name: tr('BILLING.TABS.DOCUMENTS') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(tr('BILLING.DOCUMENTS.EMPTY'))).toBeVisible();

  await page.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.NEW') }).click();
  const editor = page.getByRole('dialog', { name: tr('BILLING.DOCUMENTS.EDITOR.NEW_TITLE') });
  await choose(
    page,
    editor.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.FIELDS.SERIES') }),
    '',
    /FTE2E/,
  );
  await choose(
    page,
    editor.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.FIELDS.CUSTOMER') }),
    'Cliente',
    new RegExp(customer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  const line = editor.getByRole('group', { name: tr('BILLING.DOCUMENTS.EDITOR.LINE', { number: '1' }) });
  await choose(
    page,
    line.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.EDITOR.PRODUCT') }),
    'CONS',
    /CONS-H/,
  );
  await expect(line.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.EDITOR.UNIT_PRICE') })).toHaveValue(
    '100.00',
  );
  await line.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.EDITOR.QUANTITY') }).fill('2');
  // The totals are the domain's, live: 200,00 € net, 46,00 € VAT, 246,00 €.
  await expect(editor.locator('[data-total="net"]')).toHaveText('€200.00');
  await expect(editor.locator('[data-total="gross"]')).toHaveText('€246.00');
  await editor.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.ISSUE') }).click();

  const detail = page.getByRole('dialog', { name: tr('BILLING.DOCUMENTS.DETAIL_TITLE'), exact: true });
  await expect(detail.getByRole('heading', { name: 'FT FTE2E/1' })).toBeVisible();
  await expect(detail).toContainText('AAJFJ2K6-1');
  await expect(detail.getByText(tr('BILLING.DOCUMENTS.STANDING.ISSUED'), { exact: true })).toBeVisible();
  await expect(detail.locator('[data-total="gross"]')).toHaveText('€246.00');
  // The real-time toast of the issue closes by itself after 4 s; its close button has no accessible
  // name (a shared toast matter, not this page's), so the page is checked once it is gone. A toast
  // under the pointer stays open: the pointer leaves it first.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // The PDF opens in a new tab, fetched with the session's token.
  const pdfResponse = page.waitForResponse((response) =>
    /\/api\/v1\/billing\/documents\/[^/]+\/pdf$/.test(response.url()),
  );
  const popup = page.waitForEvent('popup');
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.PDF') }).click();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await (await popup).close();

  // Half is paid (the amount offered is what is owed).
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.RECORD_PAYMENT') }).click();
  const payment = page.getByRole('dialog', {
    name: tr('BILLING.DOCUMENTS.PAYMENT.TITLE', { number: 'FT FTE2E/1' }),
  });
  const amount = payment.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.PAYMENT.AMOUNT') });
  await expect(amount).toHaveValue('246.00');
  await amount.fill('123,00');
  await payment.getByRole('button', { name: tr('BILLING.DOCUMENTS.PAYMENT.CONFIRM') }).click();
  await expect(payment).toBeHidden();
  await expect(detail.getByText(tr('BILLING.DOCUMENTS.STANDING.PARTLY_PAID'), { exact: true })).toBeVisible();
  await expect(detail.locator('[data-total="outstanding"]')).toHaveText('€123.00');

  // The other hour is credited: one of the two units of line 1.
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.CREDIT_NOTE') }).click();
  const credit = page.getByRole('dialog', {
    name: tr('BILLING.DOCUMENTS.CREDIT_NOTE.TITLE', { number: 'FT FTE2E/1' }),
  });
  await expect(credit.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.FIELDS.SERIES') })).toHaveValue(
    /NCE2E/,
  );
  await credit
    .getByRole('textbox', { name: tr('BILLING.DOCUMENTS.CREDIT_NOTE.REASON') })
    .fill('Uma hora não prestada');
  await credit
    .getByRole('textbox', { name: tr('BILLING.DOCUMENTS.CREDIT_NOTE.QUANTITY', { number: '1' }) })
    .fill('1');
  await expect(credit.locator('[data-total="credit"]')).toHaveText('€123.00');
  await credit.getByRole('button', { name: tr('BILLING.DOCUMENTS.CREDIT_NOTE.ISSUE') }).click();
  await expect(credit).toBeHidden();
  await expect(detail.getByRole('heading', { name: 'NC NCE2E/1' })).toBeVisible();
  await expect(detail).toContainText('Uma hora não prestada');

  // Back in the list: the invoice is paid, the note subtracts from what was invoiced.
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.FIELDS.OPEN_REFERENCE') }).click();
  await expect(detail.getByRole('heading', { name: 'FT FTE2E/1' })).toBeVisible();
  await expect(detail.getByText(tr('BILLING.DOCUMENTS.STANDING.PAID'), { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-total="invoiced"]')).toHaveText('€123.00');
  await expect(page.locator('[data-total="outstanding"]').first()).toHaveText('€0.00');
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
}

/** A quote issued through the API is converted on the page into a draft invoice, issued: the quote is invoiced. */
export async function convertQuoteJourney(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, 'billing-quote');
  const world = await billingWorld(request, token, organizationId);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
  await world.post('/api/v1/billing/documents', {
    seriesId: world.series.OR,
    partyId: world.partyId,
    documentDate: today,
    issue: true,
    lines: [{ productId: world.productId, quantity: 3000 }],
  });

  await page.goto(devicePath(testInfo, '/billing/documents'));
  await page.getByRole('button', { name: 'OR ORE2E/1' }).click();
  const detail = page.getByRole('dialog', { name: tr('BILLING.DOCUMENTS.DETAIL_TITLE'), exact: true });
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.CONVERT') }).click();
  const convert = page.getByRole('dialog', {
    name: tr('BILLING.DOCUMENTS.CONVERT.TITLE', { number: 'OR ORE2E/1' }),
  });
  await expect(convert.getByRole('textbox', { name: tr('BILLING.DOCUMENTS.FIELDS.SERIES') })).toHaveValue(
    /FTE2E/,
  );
  await convert.getByRole('button', { name: tr('BILLING.DOCUMENTS.CONVERT.CONFIRM') }).click();

  // The draft opens in the editor with the quote's line: 3 × 100,00 € + 23 %.
  const editor = page.getByRole('dialog', {
    name: tr('BILLING.DOCUMENTS.EDITOR.EDIT_TITLE', { type: tr('BILLING.DOCUMENTS.TYPES.FT') }),
  });
  await expect(editor.locator('[data-total="gross"]')).toHaveText('€369.00');
  await editor.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.ISSUE') }).click();
  await expect(detail.getByRole('heading', { name: 'FT FTE2E/1' })).toBeVisible();
  await detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.FIELDS.OPEN_REFERENCE') }).click();
  await expect(detail.getByRole('heading', { name: 'OR ORE2E/1' })).toBeVisible();
  await expect(detail.getByText(tr('BILLING.DOCUMENTS.STANDING.INVOICED'), { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: tr('BILLING.DOCUMENTS.ACTIONS.CONVERT') })).toHaveCount(0);
}

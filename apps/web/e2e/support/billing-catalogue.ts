import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath } from './session.ts';
import { apiToken, newUser } from './signed-in.ts';
import { expect } from './test.ts';

// The catalogue journey, the same on a desktop and a phone: create a customer (the NIF checked as it
// is typed, then looked up — the e2e server runs with VIES off, so Fluxo's own knowledge of a company
// registered in it answers) and a product, through the panels of /billing/documents.

const gb = (key: string, values?: Record<string, string>) => t('gb', key, values);

async function createOrganization(
  request: APIRequestContext,
  token: string,
  name: string,
  vatNumber: string,
) {
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, vatNumber, country: 'PT' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/** A company registered in Fluxo by someone else, and a new owner of another company, signed in. */
export async function signInForCatalogue(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
) {
  const other = await newUser(request, `${prefix}-known`);
  const knownNif = randomPtNif();
  const knownName = `Cliente Conhecido ${Date.now().toString(36)}, Lda`;
  await createOrganization(
    request,
    await apiToken(request, other.email, other.password),
    knownName,
    knownNif,
  );

  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const organizationId = await createOrganization(
    request,
    token,
    `Faturas ${Date.now().toString(36)}`,
    randomPtNif(),
  );
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new AppShell(page, 'gb').userMenuButton(user.name)).toBeVisible();
  await page.goto(devicePath(testInfo, '/billing/documents'));
  return { token, organizationId, knownNif, knownName };
}

export async function openCatalogueTab(page: Page, key: 'PARTIES' | 'PRODUCTS' | 'SERIES' | 'SETTINGS') {
  await page.getByRole('tab', { name: gb(`BILLING.TABS.${key}`) }).click();
}

/** Mantine's Select: open it by its label, pick the option by its text. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function createCustomerThroughForm(page: Page, known: { knownNif: string; knownName: string }) {
  await openCatalogueTab(page, 'PARTIES');
  await page.getByRole('button', { name: gb('BILLING.CATALOGUE.PARTIES.NEW') }).click();
  const dialog = page.getByRole('dialog', { name: gb('BILLING.CATALOGUE.PARTY.NEW_TITLE') });
  await expect(dialog).toBeVisible();
  const taxId = dialog.getByRole('textbox', { name: gb('BILLING.CATALOGUE.PARTY.TAX_ID') });
  // A wrong check digit is refused as it is typed.
  const wrong = `${known.knownNif.slice(0, 8)}${(Number(known.knownNif[8]) + 1) % 10}`;
  await taxId.fill(wrong);
  await expect(dialog.getByText(gb('BILLING.CATALOGUE.PARTY.TAX_ID_INVALID'))).toBeVisible();
  await taxId.fill(known.knownNif);
  await expect(dialog.getByText(gb('BILLING.CATALOGUE.PARTY.TAX_ID_INVALID'))).toHaveCount(0);
  await dialog.getByRole('button', { name: gb('BILLING.CATALOGUE.PARTY.LOOKUP') }).click();
  await expect(dialog.getByText(gb('BILLING.CATALOGUE.PARTY.FOUND_FLUXO'))).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: gb('BILLING.CATALOGUE.PARTY.NAME') })).toHaveValue(
    known.knownName,
  );
  await dialog
    .getByRole('textbox', { name: gb('BILLING.CATALOGUE.PARTY.EMAIL') })
    .fill('contas@cliente.example');
  await dialog.getByRole('button', { name: gb('BILLING.CATALOGUE.SAVE') }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: gb('BILLING.CATALOGUE.EDIT_NAMED', { name: known.knownName }) }),
  ).toBeVisible();
}

export async function createProductThroughForm(page: Page) {
  await openCatalogueTab(page, 'PRODUCTS');
  await page.getByRole('button', { name: gb('BILLING.CATALOGUE.PRODUCTS.NEW') }).click();
  const dialog = page.getByRole('dialog', { name: gb('BILLING.CATALOGUE.PRODUCT.NEW_TITLE') });
  await dialog.getByRole('textbox', { name: gb('BILLING.CATALOGUE.PRODUCT.CODE') }).fill('FORM-1');
  await dialog
    .getByRole('textbox', { name: gb('BILLING.CATALOGUE.PRODUCT.DESCRIPTION') })
    .fill('Formação (hora)');
  await dialog.getByRole('textbox', { name: gb('BILLING.CATALOGUE.PRODUCT.PRICE') }).fill('40,5');
  await dialog.getByRole('textbox', { name: gb('BILLING.CATALOGUE.PRODUCT.UNIT'), exact: true }).fill('H');
  // Exempt: the M-code becomes required.
  await choose(
    page,
    gb('BILLING.CATALOGUE.PRODUCT.VAT'),
    gb('BILLING.CATALOGUE.PRODUCT.TAX_OPTION', { name: gb('BILLING.CATALOGUE.TAX_CODES.ISE'), rate: '0' }),
  );
  await dialog.getByRole('button', { name: gb('BILLING.CATALOGUE.SAVE') }).click();
  await expect(dialog.getByText(gb('BILLING.CATALOGUE.PRODUCT.EXEMPTION_REQUIRED'))).toBeVisible();
  await choose(page, gb('BILLING.CATALOGUE.PRODUCT.EXEMPTION'), 'M07');
  await dialog.getByRole('button', { name: gb('BILLING.CATALOGUE.SAVE') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Formação (hora)')).toBeVisible();
  await expect(page.getByText(/€40\.50/)).toBeVisible();
}

/**
 * The real-time toasts of what was just created (CLIENT_SUPPLIER_CREATED, BILLING_PRODUCT_CREATED)
 * close by themselves after 4 s; their close buttons have no accessible name (a shared toast matter,
 * not these panels'), so the page is checked for accessibility once they are gone.
 */
export async function waitForToastsToClose(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

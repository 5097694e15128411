import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { api, devicePath } from './session.ts';
import { apiToken, newUser } from './signed-in.ts';

const say = (key: string, options?: Record<string, string>) => t('gb', key, options);

/**
 * A new owner of a new PT organization with, set up through the API, a customer, a product at
 * €49.90 and a registered training invoice series; signed in and on /billing/subscriptions.
 */
export async function signInWithBillingData(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
) {
  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const organization = await api<{ id: string }>(request, token, 'POST', '/api/v1/organizations', {
    data: { name: `Recorrente ${Date.now().toString(36)}`, vatNumber: randomPtNif(), country: 'PT' },
  });
  const organizationId = organization.id;
  const customer = `Cliente Avença ${randomUUID().slice(0, 6)}`;
  await api(request, token, 'POST', '/api/v1/billing/parties', {
    organizationId,
    data: { name: customer, taxId: '999999990', country: 'PT' },
  });
  await api(request, token, 'POST', '/api/v1/billing/products', {
    organizationId,
    data: {
      code: 'AVENCA',
      description: 'Avença mensal',
      productType: 'S',
      unitPrice: 499_000,
      taxCode: 'NOR',
    },
  });
  await api(request, token, 'POST', '/api/v1/billing/series', {
    organizationId,
    data: { documentType: 'FT', code: 'REC', seriesType: 'F', validationCode: 'AAJFJ2K6' },
  });
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new AppShell(page, 'gb').userMenuButton(user.name)).toBeVisible();
  await page.goto(devicePath(testInfo, '/billing/subscriptions'));
  return { customer };
}

/** Creates a monthly schedule in the browser, runs it now, and finds its invoice in the history. */
export async function createAndRunMonthlySchedule(page: Page, customer: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: say('MENU.BILLING.SUBSCRIPTIONS') }),
  ).toBeVisible();
  await expect(page.getByText(say('BILLING.SCHEDULES.EMPTY'))).toBeVisible();
  await page.getByRole('button', { name: say('BILLING.SCHEDULES.NEW') }).click();
  const form = page.getByRole('dialog', { name: say('BILLING.SCHEDULES.FORM.NEW_TITLE') });
  await form
    .getByRole('textbox', { name: say('BILLING.SCHEDULES.FORM.NAME') })
    .fill('Avença de contabilidade');
  await form.getByRole('textbox', { name: say('BILLING.SCHEDULES.FORM.CUSTOMER') }).click();
  await page.getByRole('option', { name: new RegExp(customer) }).click();
  await form.getByRole('textbox', { name: say('BILLING.SCHEDULES.FORM.SERIES') }).click();
  await page.getByRole('option', { name: 'FT REC' }).click();
  await form.getByRole('textbox', { name: say('BILLING.SCHEDULES.FORM.PRODUCT', { n: '1' }) }).click();
  await page.getByRole('option', { name: /AVENCA/ }).click();
  await expect(form.getByRole('radio', { name: say('BILLING.SCHEDULES.FREQUENCY.MONTHLY') })).toBeChecked();
  // A bad custom rule is refused with the translated message, then the monthly preset is kept.
  await form.getByRole('radio', { name: say('BILLING.SCHEDULES.FREQUENCY.CUSTOM') }).check();
  await form.getByRole('textbox', { name: say('BILLING.SCHEDULES.FORM.RRULE') }).fill('FREQ=HOURLY');
  await expect(form.getByRole('alert')).toContainText(say('ERRORS.SCHEDULE_RULE_INVALID'));
  await form.getByRole('radio', { name: say('BILLING.SCHEDULES.FREQUENCY.MONTHLY') }).check();
  await expect(form.getByText(say('BILLING.SCHEDULES.FORM.NEXT_DATES'))).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: say('BILLING.SCHEDULES.FORM.CREATE') }).click();
  await expect(form).toBeHidden();

  // The list (a table on desktop, cards on the phone) shows it: customer, amount, frequency, status.
  const list = page.getByRole(page.viewportSize()!.width < 768 ? 'list' : 'table', {
    name: say('BILLING.SCHEDULES.LIST_LABEL'),
  });
  await expect(list).toContainText(customer);
  await expect(list).toContainText('€49.90');
  await expect(list).toContainText(say('BILLING.SCHEDULES.FREQUENCY.MONTHLY'));
  await expect(list).toContainText(say('BILLING.SCHEDULES.STATUS.ACTIVE'));

  await list.getByRole('button', { name: 'Avença de contabilidade' }).click();
  const detail = page.getByRole('dialog', { name: 'Avença de contabilidade' });
  await expect(detail.getByText(say('BILLING.SCHEDULES.DETAIL.NO_RUNS'))).toBeVisible();
  await detail.getByRole('button', { name: say('BILLING.SCHEDULES.ACTIONS.RUN_NOW') }).click();
  // Issued at once: the history links the signed invoice, FT REC/1.
  const invoice = detail.getByRole('link', { name: 'FT REC/1' });
  await expect(invoice).toBeVisible();
  await expect(invoice).toHaveAttribute('href', /^\/printable\/billing\/documents\/[0-9a-f-]{36}$/);
  await detail.getByRole('button', { name: say('BILLING.SCHEDULES.ACTIONS.RUN_NOW') }).click();
  await expect(detail.getByRole('alert')).toContainText(say('ERRORS.SCHEDULE_ALREADY_RAN'));
  await detail.getByRole('button', { name: say('BILLING.SCHEDULES.ACTIONS.PAUSE') }).click();
  await expect(detail.getByText(say('BILLING.SCHEDULES.STATUS.PAUSED'), { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: say('DIALOGS.CLOSE') }).click();
  await expect(list).toContainText(say('BILLING.SCHEDULES.STATUS.PAUSED'));
}

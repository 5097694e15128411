import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { randomPtNif } from './data.ts';
import { t } from './i18n.ts';
import { devicePath, onPhone } from './session.ts';
import { apiToken, newUser } from './signed-in.ts';
import { expect } from './test.ts';

// The journal's journeys (issue 13 "Done when"): post a manual entry and find it in the journal; lock a
// period and see a back-dated manual entry refused with the translated message; reopen it. A new owner
// of a new PT organization each time, so that locks never meet another test's entries.

const tr = (key: string, values: Record<string, string> = {}) => t('gb', key, values);

async function signInOwner(page: Page, request: APIRequestContext, prefix: string) {
  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Diário ${Date.now().toString(36)}`, vatNumber: randomPtNif(), country: 'PT' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const organizationId = ((await created.json()) as { id: string }).id;
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new AppShell(page, 'gb').userMenuButton(user.name)).toBeVisible();
  const headers = { Authorization: `Bearer ${token}`, OrgId: organizationId };
  return { headers };
}

/** Picks an account of the chart in a line's searchable select. */
async function pickAccount(page: Page, line: Locator, code: string, name: string) {
  await line.getByRole('textbox', { name: tr('ACCOUNTING.LEDGER.ACCOUNT') }).fill(code);
  await page.getByRole('option', { name: `${code} — ${name}` }).click();
}

/** Fills the new entry form: two lines, 11 Caixa debited and 12 Depósitos à ordem credited. */
async function fillEntry(
  page: Page,
  dialog: Locator,
  values: { date: string; description: string; debit: string; credit: string },
) {
  await dialog.getByLabel(tr('ACCOUNTING.LEDGER.DATE')).fill(values.date);
  await dialog.getByLabel(tr('ACCOUNTING.LEDGER.DESCRIPTION')).fill(values.description);
  const first = dialog.getByRole('group', { name: tr('ACCOUNTING.LEDGER.FORM.LINE', { number: '1' }) });
  const second = dialog.getByRole('group', { name: tr('ACCOUNTING.LEDGER.FORM.LINE', { number: '2' }) });
  await pickAccount(page, first, '11', 'Caixa');
  await first.getByLabel(tr('ACCOUNTING.LEDGER.DEBIT')).fill(values.debit);
  await pickAccount(page, second, '12', 'Depósitos à ordem');
  await second.getByLabel(tr('ACCOUNTING.LEDGER.CREDIT')).fill(values.credit);
}

function entryDialog(page: Page) {
  return page.getByRole('dialog', { name: tr('ACCOUNTING.LEDGER.FORM.TITLE') });
}

export async function postManualEntry(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<void> {
  const { headers } = await signInOwner(page, request, prefix);
  await page.goto(devicePath(testInfo, '/accounting/entries?tab=journal'));
  await expect(page.getByRole('tab', { name: tr('ACCOUNTING.LEDGER.TABS.JOURNAL') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(tr('ACCOUNTING.LEDGER.EMPTY'))).toBeVisible();
  await page.getByRole('button', { name: tr('ACCOUNTING.LEDGER.NEW_ENTRY') }).click();
  const dialog = entryDialog(page);
  const year = new Date().getFullYear();
  await fillEntry(page, dialog, {
    date: `${year}-01-20`,
    description: 'Fundo de caixa',
    debit: '150,00',
    credit: '149.99',
  });
  // The running difference shows as it is typed, and an unbalanced entry is not sent.
  await expect(dialog.getByTestId('entry-difference')).toContainText('€0.01');
  await dialog.getByRole('button', { name: tr('ACCOUNTING.LEDGER.FORM.POST') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(tr('ERRORS.ENTRY_UNBALANCED'));
  const second = dialog.getByRole('group', { name: tr('ACCOUNTING.LEDGER.FORM.LINE', { number: '2' }) });
  await second.getByLabel(tr('ACCOUNTING.LEDGER.CREDIT')).fill('150');
  await expect(dialog.getByTestId('entry-difference')).toContainText('€0.00');
  await dialog.getByRole('button', { name: tr('ACCOUNTING.LEDGER.FORM.POST') }).click();
  await expect(dialog).toBeHidden();

  // In the journal, with its totals; its detail shows both lines.
  const reference = `${year}-01-20 DIV 1/1`;
  const listed = page.getByRole('button', { name: reference, exact: true });
  await expect(listed).toBeVisible();
  await expect(page.getByTestId('entries-totals')).toContainText('€150.00');
  await listed.click();
  const detail = page.getByRole('dialog', { name: reference });
  await expect(detail.getByRole('table')).toContainText('11 — Caixa');
  await expect(detail.getByRole('table')).toContainText('12 — Depósitos à ordem');

  const found = await request.get('/api/v1/accounting/entries?q=Fundo', { headers });
  const body = (await found.json()) as { items: { total: number; reference: string }[] };
  expect(body.items).toEqual([expect.objectContaining({ total: 15_000, reference })]);
}

export async function lockRefuseUnlock(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<void> {
  const { headers } = await signInOwner(page, request, prefix);
  const year = new Date().getFullYear();
  const phone = onPhone(testInfo);
  await page.goto(devicePath(testInfo, '/accounting/entries?tab=periods'));
  const january = phone
    ? page.getByRole('listitem', { name: 'January' })
    : page.getByRole('row', { name: 'January' });
  await expect(january).toContainText(tr('ACCOUNTING.LEDGER.PERIODS.OPEN'));
  await january.getByRole('button', { name: tr('ACCOUNTING.LEDGER.PERIODS.LOCK') }).click();
  const confirm = page.getByRole('dialog', { name: tr('ACCOUNTING.LEDGER.PERIODS.LOCK_TITLE') });
  await confirm.getByRole('button', { name: tr('ACCOUNTING.LEDGER.PERIODS.LOCK') }).click();
  await expect(confirm).toBeHidden();
  await expect(january).toContainText(tr('ACCOUNTING.LEDGER.PERIODS.LOCKED'));

  // A back-dated manual entry is refused with the translated message, and nothing is posted.
  await page.getByRole('tab', { name: tr('ACCOUNTING.LEDGER.TABS.JOURNAL') }).click();
  await page.getByRole('button', { name: tr('ACCOUNTING.LEDGER.NEW_ENTRY') }).click();
  const dialog = entryDialog(page);
  await fillEntry(page, dialog, {
    date: `${year}-01-15`,
    description: 'Esquecido',
    debit: '10',
    credit: '10',
  });
  await dialog.getByRole('button', { name: tr('ACCOUNTING.LEDGER.FORM.POST') }).click();
  await expect(dialog.getByRole('alert')).toContainText(tr('ERRORS.PERIOD_LOCKED'));
  await dialog.getByRole('button', { name: tr('DIALOGS.CANCEL') }).click();
  const none = await request.get('/api/v1/accounting/entries', { headers });
  expect(((await none.json()) as { totals: { count: number } }).totals.count).toBe(0);

  // Reopened, the month takes the entry.
  await page.getByRole('tab', { name: tr('ACCOUNTING.LEDGER.TABS.PERIODS') }).click();
  await january.getByRole('button', { name: tr('ACCOUNTING.LEDGER.PERIODS.UNLOCK') }).click();
  const reopen = page.getByRole('dialog', { name: tr('ACCOUNTING.LEDGER.PERIODS.UNLOCK_TITLE') });
  await reopen.getByRole('button', { name: tr('ACCOUNTING.LEDGER.PERIODS.UNLOCK') }).click();
  await expect(reopen).toBeHidden();
  await expect(january).toContainText(tr('ACCOUNTING.LEDGER.PERIODS.OPEN'));
  const journals = (await (await request.get('/api/v1/accounting/journals', { headers })).json()) as {
    items: { id: string; kind: string }[];
  };
  const posted = await request.post('/api/v1/accounting/entries', {
    headers: { ...headers, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      journalId: journals.items.find((journal) => journal.kind === 'general')?.id,
      date: `${year}-01-15`,
      description: 'Esquecido',
      lines: [
        { accountCode: '11', debit: 1000 },
        { accountCode: '12', credit: 1000 },
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

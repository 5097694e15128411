import { AppShell } from './pages/app-shell.ts';
import { RemoveOrganizationDialog } from './pages/remove-organization-dialog.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { DEMO_PASSWORD, randomPtNif } from './support/data.ts';
import { t } from './support/i18n.ts';
import { apiToken, newUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

const PT_COMPANY = 'Fluxo Demo, Lda';
const AO_COMPANY = 'Kwanza Comércio, Lda';

test('an owner deletes an organization only after typing its VAT number', async ({ page, request }) => {
  const user = await newUser(request, 'remove-org');
  const token = await apiToken(request, user.email, user.password);
  const name = `Remove Me ${Date.now().toString(36)}`;
  const vatNumber = randomPtNif();
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, vatNumber, country: 'PT' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  const shell = new AppShell(page, 'gb');
  await expect(shell.userMenuButton(user.name)).toBeVisible();

  await shell.openOrganizationMenu(name);
  await page.getByRole('menuitem', { name: t('gb', 'DIALOGS.REMOVE_ORGANIZATION.ACTION', { name }) }).click();
  const dialog = new RemoveOrganizationDialog(page, name);
  await expect(dialog.dialog).toBeVisible();

  await dialog.confirm.click();
  await expect(dialog.error('DIALOGS.REMOVE_ORGANIZATION.VAT_EMPTY')).toBeVisible();
  await dialog.input('vat').fill('123456789');
  await dialog.confirm.click();
  await expect(dialog.error('DIALOGS.REMOVE_ORGANIZATION.VAT_INVALID')).toBeVisible();
  await dialog.input('vat').fill(vatNumber);
  await expect(dialog.error('DIALOGS.REMOVE_ORGANIZATION.VAT_INVALID')).toHaveCount(0);
  await dialog.confirm.click();

  await expect(dialog.dialog).toBeHidden();
  await expect(page.getByText(t('gb', 'DIALOGS.REMOVE_ORGANIZATION.DONE', { name }))).toBeVisible();
  const list = await request.get('/api/v1/organizations/all', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(JSON.stringify(await list.json())).not.toContain(vatNumber);
});

test('the delete action is offered for owned organizations only', async ({ page }) => {
  // Ana owns Fluxo Demo and is a member of the Angolan company.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('demo@fluxo.example', DEMO_PASSWORD);
  const shell = new AppShell(page, 'pt');
  await expect(shell.userMenuButton('Ana Demo')).toBeVisible();
  const deleteAction = (name: string) =>
    page.getByRole('menuitem', { name: t('pt', 'DIALOGS.REMOVE_ORGANIZATION.ACTION', { name }) });

  await shell.openOrganizationMenu(PT_COMPANY);
  await expect(deleteAction(PT_COMPANY)).toBeVisible();
  await page.keyboard.press('Escape');
  await shell.switchOrganization(PT_COMPANY, AO_COMPANY);
  await shell.openOrganizationMenu(AO_COMPANY);
  await expect(page.getByRole('menuitem', { name: new RegExp(PT_COMPANY) })).toBeVisible();
  await expect(deleteAction(AO_COMPANY)).toHaveCount(0);
});

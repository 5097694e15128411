import { OrganizationsSettingsPage } from '../pages/organizations-settings-page.ts';
import { RemoveOrganizationDialog } from '../pages/remove-organization-dialog.ts';
import { seriousViolations } from '../support/axe.ts';
import { randomPtNif } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { signInAs } from '../support/session.ts';
import { apiToken, newUser } from '../support/signed-in.ts';
import { expect, test } from '../support/test.ts';

test.describe('My organizations (issue 15)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('an owner removes an organization through the VAT-number dialog, refused first with a wrong value', async ({
    page,
    request,
  }) => {
    // Made through the API: the user owns one organization and is a member of a colleague's.
    const user = await newUser(request, 'org-settings');
    const colleague = await newUser(request, 'org-colleague');
    const token = await apiToken(request, user.email, user.password);
    const colleagueToken = await apiToken(request, colleague.email, colleague.password);
    const keep = `Fica ${Date.now().toString(36)}, Lda`;
    const doomed = `Sai ${Date.now().toString(36)}, Lda`;
    const vatNumber = randomPtNif();
    const create = async (bearer: string, name: string, vat: string) => {
      const created = await request.post('/api/v1/organizations', {
        headers: { Authorization: `Bearer ${bearer}` },
        data: { name, vatNumber: vat, country: 'PT' },
      });
      expect(created.ok(), await created.text()).toBe(true);
      return ((await created.json()) as { id: string }).id;
    };
    const keepId = await create(colleagueToken, keep, randomPtNif());
    await create(token, doomed, vatNumber);
    const added = await request.post('/api/v1/organizations/permissions', {
      headers: { Authorization: `Bearer ${colleagueToken}`, OrgId: keepId },
      data: { email: user.email, permissions: ['treasury.cash.1'] },
    });
    expect(added.ok(), await added.text()).toBe(true);

    await signInAs(page, user.email, user.password);
    const settings = new OrganizationsSettingsPage(page, 'gb');
    await settings.goto();
    await expect(settings.card(doomed)).toContainText(t('gb', 'ORGANIZATIONS_SETTINGS.ROLE.OWNER'));
    await expect(settings.card(doomed)).toContainText(t('gb', 'ORGANIZATIONS_SETTINGS.DEFAULT'));
    await expect(settings.card(keep)).toContainText(t('gb', 'ORGANIZATIONS_SETTINGS.ROLE.MEMBER'));
    expect(await seriousViolations(page)).toEqual([]);

    await settings.removeButton(doomed).click();
    const dialog = new RemoveOrganizationDialog(page, doomed);
    await expect(dialog.dialog).toBeVisible();
    await dialog.confirm.click();
    await expect(dialog.error('DIALOGS.REMOVE_ORGANIZATION.VAT_EMPTY')).toBeVisible();
    await dialog.input('vat').fill(randomPtNif());
    await dialog.confirm.click();
    await expect(dialog.error('DIALOGS.REMOVE_ORGANIZATION.VAT_INVALID')).toBeVisible();
    await expect(settings.card(doomed)).toBeAttached();

    await dialog.input('vat').fill(vatNumber);
    await dialog.confirm.click();
    await expect(dialog.dialog).toBeHidden();
    await expect(page.getByText(t('gb', 'DIALOGS.REMOVE_ORGANIZATION.DONE', { name: doomed }))).toBeVisible();
    await expect(settings.card(doomed)).toHaveCount(0);
    await expect(settings.card(keep)).toBeVisible();

    const list = await request.get('/api/v1/organizations/all', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = JSON.stringify(await list.json());
    expect(body).not.toContain(vatNumber);
    expect(body).toContain(keep);
  });
});

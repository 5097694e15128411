import { OrganizationPage } from '../pages/organization-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { randomPtNif } from '../support/data.ts';
import { signInAs } from '../support/session.ts';
import { apiToken, newUser } from '../support/signed-in.ts';
import { expect, test } from '../support/test.ts';

test.describe('The organization page on the phone (issue 15)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop shares the screen; its journey is the removal');

  test("the owner edits the organization's identity and finds it after a reload", async ({
    page,
    request,
  }) => {
    const user = await newUser(request, 'org-phone');
    const token = await apiToken(request, user.email, user.password);
    const name = `Oficina ${Date.now().toString(36)}, Lda`;
    const created = await request.post('/api/v1/organizations', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, vatNumber: randomPtNif(), country: 'PT' },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await signInAs(page, user.email, user.password);
    await expect(page).toHaveURL(/\/m\//);
    const organization = new OrganizationPage(page, 'gb', '/m');
    await organization.goto();
    await expect(organization.field('ORGANIZATIONS.FIELDS.NAME')).toHaveValue(name);

    await organization.field('ORGANIZATIONS.FIELDS.NAME').fill(`${name} Renamed`);
    await organization.field('ORGANIZATION_PAGE.IDENTITY.ADDRESS').fill('Rua do Carmo, 7');
    await organization.field('ORGANIZATION_PAGE.IDENTITY.CITY').fill('Porto');
    await organization.saveIdentity();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(organization.identity).toBeVisible();
    await expect(organization.field('ORGANIZATIONS.FIELDS.NAME')).toHaveValue(`${name} Renamed`);
    await expect(organization.field('ORGANIZATION_PAGE.IDENTITY.ADDRESS')).toHaveValue('Rua do Carmo, 7');
    await expect(organization.field('ORGANIZATION_PAGE.IDENTITY.CITY')).toHaveValue('Porto');
  });
});

import { AppShell } from '../pages/app-shell.ts';
import { TeamsPage } from '../pages/teams-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { uniqueEmail } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { invitationLink } from '../support/outbox.ts';
import { apiToken, signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const ORG = 'Fluxo Demo, Lda';
const PASSWORD = 'a-long-secret-9';

test.describe('Teams on desktop (issue 15)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('the owner invites a bookkeeper, who signs up from the e-mail, is narrowed live and then removed', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('bookkeeper');
    const name = 'Beatriz Contas';

    // The demo owner (Portuguese) invites a colleague with the bookkeeper preset.
    await signInAs(page, 'demo@fluxo.example');
    const teams = new TeamsPage(page, 'pt');
    await teams.goto(ORG);
    await expect(teams.members.getByRole('row', { name: /demo@fluxo\.example/ })).toContainText(
      t('pt', 'TEAMS.OWNER'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await teams.invite(email, 'TEAMS.PRESETS.BOOKKEEPER');
    await expect(teams.invitations.getByRole('listitem').filter({ hasText: email })).toContainText(
      t('pt', 'TEAMS.PRESETS.BOOKKEEPER'),
    );

    // The colleague opens the link from the e-mail, signed out, and signs up through it.
    const colleagueContext = await browser.newContext({ locale: 'en-GB' });
    const colleague = await colleagueContext.newPage();
    await colleague.goto(await invitationLink(email));
    await expect(colleague.getByRole('heading', { name: t('gb', 'TEAMS.ACCEPT.TITLE') })).toBeVisible();
    await expect(colleague.getByText(ORG)).toBeVisible();
    expect(await seriousViolations(colleague)).toEqual([]);
    await colleague.getByRole('textbox', { name: t('gb', 'TEAMS.ACCEPT.NAME') }).fill(name);
    await colleague
      .getByRole('textbox', { name: t('gb', 'AUTH.FIELDS.PASSWORD'), exact: true })
      .fill(PASSWORD);
    await colleague.getByRole('button', { name: t('gb', 'TEAMS.ACCEPT.SIGN_UP') }).click();

    // In the organization, with the bookkeeper's menus only.
    const shell = new AppShell(colleague, 'gb');
    await expect(shell.organizationSwitcher(ORG)).toBeVisible();
    const accounting = await shell.menuGroup('MENU.ACCOUNTING.TITLE');
    await expect(accounting.getByRole('link', { name: t('gb', 'MENU.ACCOUNTING.SAFT') })).toBeVisible();
    const titles = await shell.groupTitles();
    expect(titles).toContain(t('gb', 'MENU.ACCOUNTING.TITLE'));
    expect(titles).not.toContain(t('gb', 'MENU.INTEGRATIONS.TITLE'));
    expect(titles).not.toContain(t('gb', 'MENU.PORTFOLIO.TITLE'));

    // The owner sees the new member (live), and takes away the SAF-T export.
    const row = teams.members.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toContainText(t('pt', 'TEAMS.PRESETS.BOOKKEEPER'));
    await expect(teams.invitations.getByText(email)).toBeHidden();
    await teams.removeGrant(
      name,
      t('pt', 'TEAMS.RESOURCE_IN_GROUP', {
        resource: t('pt', 'TEAMS.RESOURCES.accounting.saft'),
        group: t('pt', 'TEAMS.GROUPS.accounting'),
      }),
      'TEAMS.FLAGS.VIEW',
    );
    await expect(row).toContainText(t('pt', 'TEAMS.PRESETS.CUSTOM'));

    // The colleague's menu narrows without a reload.
    await expect(accounting.getByRole('link', { name: t('gb', 'MENU.ACCOUNTING.SAFT') })).toBeHidden();
    await expect(accounting.getByRole('link', { name: t('gb', 'MENU.ACCOUNTING.ENTRIES') })).toBeVisible();

    // Removed: the organization leaves the colleague's app, and the API refuses them at once.
    await teams.remove(name);
    await expect(shell.organizationSwitcher(ORG)).toBeHidden();
    const token = await apiToken(request, email, PASSWORD);
    const organizations = await request.get('/api/v1/organizations/all', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const list = (await organizations.json()) as { memberOrgs: { id: string; name: string }[] };
    expect(list.memberOrgs.map((o) => o.name)).not.toContain(ORG);
    await colleagueContext.close();
  });
});

import { MobileShell } from '../pages/mobile/mobile-shell.ts';
import { TeamsPage } from '../pages/teams-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { uniqueEmail } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { invitationLink } from '../support/outbox.ts';
import { apiToken, signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const ORG = 'Fluxo Demo, Lda';
const PASSWORD = 'a-long-secret-9';

test.describe('Teams on the phone (issue 15)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('the owner invites a bookkeeper from the phone, who signs up there and is then removed', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('phone-bookkeeper');
    const name = 'Bruno Livros';

    await signInAs(page, 'demo@fluxo.example');
    const teams = new TeamsPage(page, 'pt', '/m');
    await teams.goto(ORG);
    await teams.invite(email, 'TEAMS.PRESETS.BOOKKEEPER');
    expect(await seriousViolations(page)).toEqual([]);

    // The colleague opens the link on their phone, signed out, and signs up through it.
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: page.viewportSize() ?? undefined,
      isMobile: true,
      hasTouch: true,
    });
    const colleague = await context.newPage();
    await colleague.goto(await invitationLink(email));
    await expect(colleague).toHaveURL(/\/m\/invitations\/accept\?token=/);
    await colleague.getByRole('textbox', { name: t('gb', 'TEAMS.ACCEPT.NAME') }).fill(name);
    await colleague
      .getByRole('textbox', { name: t('gb', 'AUTH.FIELDS.PASSWORD'), exact: true })
      .fill(PASSWORD);
    await colleague.getByRole('button', { name: t('gb', 'TEAMS.ACCEPT.SIGN_UP') }).click();
    await expect(colleague).not.toHaveURL(/invitations/);

    const shell = new MobileShell(colleague, 'gb');
    await expect.poll(() => shell.groupTitles()).toContain(t('gb', 'MENU.ACCOUNTING.TITLE'));
    const titles = await shell.groupTitles();
    expect(titles).not.toContain(t('gb', 'MENU.INTEGRATIONS.TITLE'));
    await shell.closeMenu();

    // The owner's phone lists the new member; removing them takes the organization away at once.
    await expect(teams.members.getByRole('listitem').filter({ hasText: email })).toContainText(
      t('pt', 'TEAMS.PRESETS.BOOKKEEPER'),
    );
    await teams.remove(name);
    await expect.poll(() => shell.groupTitles()).not.toContain(t('gb', 'MENU.ACCOUNTING.TITLE'));
    const token = await apiToken(request, email, PASSWORD);
    const list = (await (
      await request.get('/api/v1/organizations/all', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { memberOrgs: { name: string }[] };
    expect(list.memberOrgs.map((o) => o.name)).not.toContain(ORG);
    await context.close();
  });
});

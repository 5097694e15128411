import { AppShell } from './pages/app-shell.ts';
import { signInOwnerOnWallets, userIdOf } from './support/connections.ts';
import { t } from './support/i18n.ts';
import { apiToken as demoToken } from './support/session.ts';
import { apiToken, signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

test.describe('events an Admin sends reach the open page', () => {
  test('FORCE_LOGOUT logs the user out to sign-in', async ({ page, request }) => {
    const { user } = await signInNewUser(page, request, 'rt-force-logout');
    const userId = userIdOf(await apiToken(request, user.email, user.password));
    const admin = await demoToken(request, 'admin@fluxo.example');
    // Give the socket a moment to be up; a message sent before is replayed on connection anyway.
    const sent = await request.post('/api/v1/admin/notifications', {
      headers: { Authorization: `Bearer ${admin}` },
      data: { userId, type: 'FORCE_LOGOUT', data: { Reason: 'e2e' } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(page).toHaveURL(/\/auth\/signin\?f=\d+$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('a user cannot send events (403)', async ({ request }) => {
    const token = await demoToken(request, 'demo@fluxo.example');
    const refused = await request.post('/api/v1/admin/notifications', {
      headers: { Authorization: `Bearer ${token}` },
      data: { userId: userIdOf(token), type: 'REFRESH_MENU', data: {} },
    });
    expect(refused.status()).toBe(403);
  });

  test('REMOVE_SUBMENU and ADD_SUBMENU change the menu in place', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name.startsWith('mobile'), 'the desktop menu shows every entry');
    const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, 'rt-submenu');
    const shell = new AppShell(page, 'gb');
    const treasury = await shell.menuGroup('MENU.TREASURY.TITLE');
    const wallets = treasury.getByRole('link', { name: t('gb', 'MENU.TREASURY.WALLETS') });
    await expect(wallets).toBeVisible();
    const admin = await demoToken(request, 'admin@fluxo.example');
    const send = async (type: string, data: unknown) => {
      const sent = await request.post('/api/v1/admin/notifications', {
        headers: { Authorization: `Bearer ${admin}` },
        data: { userId: userIdOf(token), type, data },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    };
    await send('REMOVE_SUBMENU', {
      OrganizationId: organizationId,
      MenuKey: 'treasury',
      SubMenuKey: 'wallets',
    });
    await expect(wallets).toBeHidden();
    await send('ADD_SUBMENU', {
      OrganizationId: organizationId,
      MenuKey: 'treasury',
      SubMenu: { key: 'wallets', title: 'MENU.TREASURY.WALLETS', path: '/treasury/wallets', order: 1 },
    });
    await expect(wallets).toBeVisible();
  });
});

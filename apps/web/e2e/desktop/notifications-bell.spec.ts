import { NotificationBell } from '../pages/notification-bell.ts';
import { t } from '../support/i18n.ts';
import { api, apiToken, signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('the notification bell on desktop (issue 15)', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop journey');

  test('an overdue document shows in the bell, opens its page once read, and read-all elsewhere empties it live', async ({
    page,
    request,
  }) => {
    // The demo seed runs the daily overdue check once: demo@ (pt) has the unpaid invoices of Fluxo Demo.
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/welcome');
    const bell = new NotificationBell(page, 'pt');
    await expect(bell.button).toBeVisible();
    await expect.poll(() => bell.unreadCount()).toBeGreaterThan(0);
    const before = await bell.unreadCount();

    const list = await bell.open();
    const first = bell.unreadItems().first();
    await expect(first).toContainText(t('pt', 'NOTIFICATIONS.UNREAD'));
    await expect(first).toContainText('Documento vencido');
    await first.click();
    await expect(page).toHaveURL(/\/billing\/current-account$/);
    await expect(list).toBeHidden();
    await bell.expectUnread(before - 1);

    // Read everywhere else (another tab, the phone): the bell follows through REFRESH_NOTIFICATIONS.
    const token = await apiToken(request, 'demo@fluxo.example');
    const organizations = await api<{ myOrgs: { id: string; name: string }[] }>(
      request,
      token,
      'GET',
      '/api/v1/organizations/all',
    );
    const demo = organizations.myOrgs.find((org) => org.name === 'Fluxo Demo, Lda')!;
    await api(request, token, 'POST', '/api/v1/notifications/read-all', { organizationId: demo.id });
    await bell.expectUnread(0);
    await bell.open();
    await expect(bell.unreadItems()).toHaveCount(0);
    await expect(
      bell.dialog.getByRole('button', { name: t('pt', 'NOTIFICATIONS.MARK_ALL_READ') }),
    ).toBeDisabled();
  });
});

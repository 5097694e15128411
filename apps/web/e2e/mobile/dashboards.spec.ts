import { DashboardsPage } from '../pages/dashboards-page.ts';
import { demoDashboard } from '../support/dashboards.ts';
import { api, signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('dashboards on a phone (issue 15)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('shows the widgets in a single column with the real total balance', async ({ page, request }) => {
    const { token, organizationId } = await demoDashboard(request);
    const wallets = await api<{ total: { balance: number } }>(
      request,
      token,
      'GET',
      '/api/v1/treasury/accounts',
      {
        organizationId,
      },
    );
    await signInAs(page, 'demo@fluxo.example');
    await page.goto('/m/dashboards');
    const dashboard = new DashboardsPage(page, 'pt');
    await expect(dashboard.grid).toHaveAttribute('data-columns', '1');
    await expect(dashboard.totalBalance).toBeVisible();
    expect((await dashboard.totalBalance.textContent())!.replace(/\D/g, '')).toBe(
      String(Math.abs(wallets.total.balance)),
    );
    const boxes = await Promise.all((await dashboard.widgets.all()).map((card) => card.boundingBox()));
    expect(boxes.length).toBeGreaterThan(3);
    for (const box of boxes) expect(box!.x).toBe(boxes[0]!.x);
    // A phone-wide card: no second column.
    expect(boxes[0]!.width).toBeGreaterThan((page.viewportSize()!.width * 3) / 4);
  });
});

import { DashboardsPage } from '../pages/dashboards-page.ts';
import { seriousViolations } from '../support/axe.ts';
import { demoDashboard } from '../support/dashboards.ts';
import { api, signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('dashboards on desktop (issue 15)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test("shows the demo company's real total balance, and a rearranged layout survives a reload", async ({
    page,
    request,
  }) => {
    const { token, organizationId, available } = await demoDashboard(request);
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
    // The wallets page's total, as treasury shows it…
    await page.goto('/treasury/wallets');
    const walletsTotal = (await page.getByTestId('wallets-total').textContent())!.trim();
    expect(walletsTotal.replace(/\D/g, '')).toBe(String(Math.abs(wallets.total.balance)));

    // …is the dashboard's, among two columns of widgets.
    await page.goto('/dashboards');
    const dashboard = new DashboardsPage(page, 'pt');
    await expect(dashboard.totalBalance).toHaveText(walletsTotal);
    expect(await dashboard.order()).toEqual(available);
    await expect(dashboard.widget('receivables')).toBeVisible();
    await expect(dashboard.widget('taxDeadlines')).toBeVisible();
    const [first, second] = await Promise.all([
      dashboard.widgets.nth(0).boundingBox(),
      dashboard.widgets.nth(1).boundingBox(),
    ]);
    expect(second!.x).toBeGreaterThan(first!.x);
    expect(await seriousViolations(page)).toEqual([]);

    await dashboard.arrange();
    await dashboard.remove('documentsToAttach');
    await dashboard.moveUp('taxDeadlines');
    await dashboard.done();
    const expected = available.filter((widget) => widget !== 'documentsToAttach');
    const tax = expected.indexOf('taxDeadlines');
    expected.splice(tax - 1, 0, ...expected.splice(tax, 1));
    expect(await dashboard.order()).toEqual(expected);

    await page.reload();
    await expect(dashboard.totalBalance).toHaveText(walletsTotal);
    expect(await dashboard.order()).toEqual(expected);
    await expect(dashboard.widget('documentsToAttach')).toHaveCount(0);

    await demoDashboard(request);
  });
});

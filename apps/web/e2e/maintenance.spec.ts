import { t } from './support/i18n.ts';
import { api, apiToken } from './support/session.ts';
import { devices, expect, test } from './support/test.ts';

/**
 * Spec §2: with the maintenance flag on, every route goes to /maintenance; off, /maintenance goes to
 * the root. The flag is global, so this file runs in its own project after the desktop and mobile
 * ones (see playwright.config.ts), serially, and always turns the flag back off.
 */
test.describe.configure({ mode: 'serial' });

async function setMaintenance(request: Parameters<typeof apiToken>[0], enabled: boolean) {
  const admin = await apiToken(request, 'admin@fluxo.example');
  await api(request, admin, 'PUT', '/api/v1/admin/featureflags/maintenanceFlag', { data: { enabled } });
}

test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

test('an Admin turns maintenance on: every route, desktop and phone, goes to /maintenance', async ({
  browser,
  request,
}) => {
  await setMaintenance(request, true);
  try {
    const flags = await (await request.get('/featureflags')).json();
    expect(flags.maintenanceFlag).toBe(true);

    const desktop = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: test.info().project.use.baseURL,
    });
    try {
      for (const context of [desktop, phone]) {
        const page = await context.newPage();
        for (const path of ['/', '/auth/signin', '/m/welcome', '/treasury/wallets', '/no/such/page']) {
          await page.goto(path);
          await expect(page).toHaveURL(/\/maintenance$/);
        }
        await expect(page.getByRole('heading', { name: t('gb', 'SHELL.MAINTENANCE.TITLE') })).toBeVisible();
      }
    } finally {
      await desktop.close();
      await phone.close();
    }
  } finally {
    await setMaintenance(request, false);
  }
});

test('with maintenance off, /maintenance goes to the root', async ({ browser, request }) => {
  await setMaintenance(request, false);
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  try {
    const page = await phone.newPage();
    await page.goto('/maintenance');
    await expect(page).toHaveURL(/\/m\/auth\/signin$/);
  } finally {
    await phone.close();
  }
});

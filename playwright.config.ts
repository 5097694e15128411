import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end suite: the real server (API, web build, demo data) on a free port with a fresh data
 * directory, driven through Debian's Chromium. The config is read by the runner and by each worker;
 * the port and data directory are chosen once and handed down through the environment.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const banner = '!'.repeat(78);
  console.error(
    `\n${banner}\n!! Chromium not found at ${CHROMIUM}: the browser suite DID NOT RUN.\n` +
      `!! Install it with: apt-get install -y chromium\n${banner}\n`,
  );
  if (process.env.CI) throw new Error(`Chromium is required under CI (looked for ${CHROMIUM}).`);
  process.exit(0);
}

function freePort(): string {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: 'utf8' },
  );
  const port = probe.stdout.trim();
  if (!/^\d+$/.test(port)) throw new Error(`Could not find a free port: ${probe.stderr}`);
  return port;
}

process.env.FLUXO_E2E_PORT ??= freePort();
process.env.FLUXO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'fluxo-e2e-'));
process.env.FLUXO_E2E_STRIPE_PORT ??= freePort();
const port = process.env.FLUXO_E2E_PORT;
const dataDir = process.env.FLUXO_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
const stripePort = process.env.FLUXO_E2E_STRIPE_PORT;
/**
 * Card payments are on for the whole run, against a local stand-in for Stripe's API and hosted
 * Checkout page (e2e/support/stripe-stand-in.ts); the webhook secret is shared so its events verify.
 */
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_fluxo_stand_in';

// Each run builds into its own data directory, so parallel runs never share a half-written build;
// E2E_SKIP_BUILD=1 serves the last build in apps/web/dist instead.
const webDist = process.env.E2E_SKIP_BUILD ? path.resolve('apps/web/dist') : path.join(dataDir, 'web');
const build = process.env.E2E_SKIP_BUILD
  ? []
  : [`npm run build -w @fluxo/web -- --outDir ${JSON.stringify(webDist)} --emptyOutDir`];

/** Toggles a server-wide flag, so it never runs beside the other specs. */
const MAINTENANCE_SPEC = /maintenance\.spec\.ts$/;
/** Specs written for one device only, under e2e/desktop/ and e2e/mobile/ (the others run on both). */
const DESKTOP_ONLY = /[\\/]e2e[\\/]desktop[\\/]/;
const MOBILE_ONLY = /[\\/]e2e[\\/]mobile[\\/]/;

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  globalTeardown: './apps/web/e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : 4,
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // `npm test` reads this report to repeat the failures in its summary.
    ...(process.env.FLUXO_E2E_JSON_REPORT
      ? [['json', { outputFile: process.env.FLUXO_E2E_JSON_REPORT }] as const]
      : []),
  ],
  use: {
    baseURL,
    // A returning visitor: cookies accepted and the first-time tour seen, so neither covers the page.
    // The specs of the cookie banner and the tour start from an empty state (e2e/support/fresh-visitor.ts).
    storageState: {
      cookies: [
        {
          name: 'cookies_consent',
          value: 'true',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [{ origin: baseURL, localStorage: [{ name: 'tour_completed_main-layout', value: 'true' }] }],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [MAINTENANCE_SPEC, MOBILE_ONLY],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testIgnore: [MAINTENANCE_SPEC, DESKTOP_ONLY],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
    // The maintenance flag is global to the server: its spec runs alone, after the others, and
    // drives a desktop and a phone context itself.
    {
      name: 'maintenance',
      testMatch: MAINTENANCE_SPEC,
      dependencies: ['desktop', 'mobile'],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/web/e2e/support/stripe-stand-in.ts',
      url: `http://127.0.0.1:${stripePort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { STRIPE_STAND_IN_PORT: stripePort, FLUXO_URL: baseURL, STRIPE_WEBHOOK_SECRET },
    },
    {
      // The server decides at start whether a web build exists, so the build comes first.
      command: [...build, 'node --import tsx apps/server/src/main.ts'].join(' && '),
      url: `${baseURL}/featureflags`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        // Embedded database, mail to DATA_DIR/outbox and one instance, whatever the calling shell has set.
        DATABASE_URL: '',
        SMTP_URL: '',
        REDIS_URL: '',
        DEMO: '1',
        SCRYPT_N: '1024',
        // Every spec signs up from the one loopback address; the per-client limit is tested on the server.
        SIGNUPS_PER_CLIENT_PER_HOUR: '1000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        STRIPE_KEY: 'pk_test_e2e_fluxo',
        STRIPE_SECRET_KEY: 'sk_test_e2e_fluxo',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        // The browser suite never reaches the EU's VIES: lookups answer from what Fluxo knows.
        VIES_URL: '',
      },
    },
  ],
});

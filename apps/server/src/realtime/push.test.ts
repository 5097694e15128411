import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import {
  connect,
  eventually,
  type Instance,
  type SharedDatabase,
  sharedDatabase,
  sleep,
  startInstance,
} from '../test/realtime-kit.ts';

// A local HTTPS "push service": web-push only speaks HTTPS, so the test makes a self-signed
// certificate with openssl and lets this process trust any certificate while it runs.
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!hasOpenssl) console.warn('push.test: openssl is not installed; the web push delivery tests are skipped');

interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

let shared: SharedDatabase;
let server: Instance;
let demo: { token: string; userId: string };
let admin: { token: string; userId: string };
let pushService: https.Server;
let pushUrl = '';
let certDir = '';
const requests: PushRequest[] = [];
const originalAgent = https.globalAgent;

const subscription = (endpointPath: string) => ({
  endpoint: `${pushUrl}${endpointPath}`,
  expirationTime: null,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

beforeAll(async () => {
  shared = await sharedDatabase();
  server = await startInstance(shared.database, shared.dataDir, {
    REALTIME_SWEEP_MS: '100',
    REALTIME_PUSH_DELAY_SECONDS: '1',
  });
  demo = await server.signin('demo@fluxo.example');
  admin = await server.signin('admin@fluxo.example');
  if (!hasOpenssl) return;
  certDir = mkdtempSync(path.join(tmpdir(), 'fluxo-push-'));
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  pushService = https.createServer(
    { key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) },
    (request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      request.on('end', () => {
        requests.push({ path: request.url ?? '', headers: request.headers, bytes });
        const status = request.url?.startsWith('/gone')
          ? 410
          : request.url?.startsWith('/broken')
            ? 500
            : 201;
        response.writeHead(status).end();
      });
    },
  );
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const address = pushService.address();
  pushUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  https.globalAgent = new https.Agent({ rejectUnauthorized: false });
});
afterAll(async () => {
  https.globalAgent = originalAgent;
  await new Promise((resolve) => (pushService ? pushService.close(resolve) : resolve(null)));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
  await server?.close();
  await shared?.close();
});

const save = (body: Record<string, unknown>, token = demo.token) =>
  server.call({ method: 'POST', url: '/api/v1/pushnotifications', token, payload: body });
const notify = (body: Record<string, unknown>) =>
  server.call({ method: 'POST', url: '/api/v1/admin/notifications', token: admin.token, payload: body });
const subscriptionsOf = async (userId: string) =>
  rows<{ endpoint: string; p256dh: string }>(
    shared.database.db,
    sql`SELECT endpoint, p256dh FROM push_subscriptions WHERE user_id = ${userId} ORDER BY endpoint`,
  );

describe('POST /api/v1/pushnotifications', () => {
  it('saves the browser subscription once per endpoint, and needs a signed-in user', async () => {
    const first = { ...subscription('/ok/save'), endpoint: 'https://push.example/save-1' };
    expect((await save(first)).statusCode).toBe(200);
    const renewed = { ...subscription('/ok/save'), endpoint: 'https://push.example/save-1' };
    expect((await save(renewed)).json()).toEqual({ saved: true });
    const stored = (await subscriptionsOf(demo.userId)).filter((s) => s.endpoint === first.endpoint);
    expect(stored).toEqual([{ endpoint: first.endpoint, p256dh: renewed.keys.p256dh }]);
    expect(
      (await server.call({ method: 'POST', url: '/api/v1/pushnotifications', payload: first })).statusCode,
    ).toBe(401);
    await shared.database.db.execute(sql`DELETE FROM push_subscriptions`);
  });

  it('refuses what is not an HTTPS push subscription', async () => {
    const plain = { ...subscription('/x'), endpoint: 'http://push.example/insecure' };
    expect((await save(plain)).statusCode).toBe(400);
    expect((await save({ endpoint: 'https://push.example/no-keys' })).statusCode).toBe(400);
  });
});

describe.skipIf(!hasOpenssl)('web push delivery', () => {
  it('pushes an unacknowledged push event to every subscription, dropping the ones that are gone', async () => {
    await save(subscription('/ok/a'));
    await save(subscription('/gone/b'));
    await save(subscription('/broken/c'));
    const sent = await notify({
      userId: demo.userId,
      type: 'SUBSCRIPTION_UNLOCKED',
      data: { SubscriptionId: 's-1' },
    });
    expect(sent.statusCode).toBe(201);
    await eventually(() => requests.length >= 3, 5_000);
    const ok = requests.find((r) => r.path === '/ok/a')!;
    expect(ok.headers['content-encoding']).toBe('aes128gcm');
    expect(String(ok.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(String(ok.headers.authorization)).toContain(server.secrets.vapid.publicKey);
    expect(Number(ok.headers.ttl)).toBe(86_400);
    expect(ok.bytes).toBeGreaterThan(100);
    // 410 deletes the subscription; 500 is logged and kept.
    await eventually(async () => (await subscriptionsOf(demo.userId)).length === 2);
    expect((await subscriptionsOf(demo.userId)).map((s) => new URL(s.endpoint).pathname)).toEqual([
      '/broken/c',
      '/ok/a',
    ]);
    expect(server.realtime.stats.pushesFailed).toBeGreaterThanOrEqual(2);
    // Once only.
    await sleep(1_500);
    expect(requests.filter((r) => r.path === '/ok/a')).toHaveLength(1);
  });

  it('pushes a waiting two-factor challenge for its countdown only, and nothing for other events', async () => {
    requests.length = 0;
    const base = {
      AuthType: 'token',
      ExtraData: {
        ConnectionName: 'Conta',
        InstitutionName: 'Fluxo Sandbox Bank',
        InstitutionCountry: 'PT',
        InstitutionCode: 'FLUXO_SANDBOX',
        ConnectionId: 'c-1',
        Timeout: 90,
      },
    };
    await notify({ userId: demo.userId, type: 'FORCE_LOGOUT', data: {} });
    await notify({ userId: demo.userId, type: 'REFRESH_MENU', data: {} });
    await notify({
      userId: demo.userId,
      type: 'CONNECTION_STATUS_CHANGED',
      data: { ...base, Status: 'connected' },
    });
    await notify({
      userId: demo.userId,
      type: 'CONNECTION_STATUS_CHANGED',
      data: { ...base, Status: 'waiting_authentication' },
    });
    await eventually(() => requests.some((r) => r.path === '/ok/a'), 5_000);
    await sleep(1_500);
    const toOk = requests.filter((r) => r.path === '/ok/a');
    expect(toOk).toHaveLength(1);
    expect(Number(toOk[0]!.headers.ttl)).toBe(90);
  });

  it('does not push what an open tab acknowledged in time', async () => {
    demo = await server.signin('demo@fluxo.example');
    const tab = await connect(server.url, demo);
    try {
      await sleep(300); // the FORCE_LOGOUT above is for the ended session, not this one
      requests.length = 0;
      await notify({ userId: demo.userId, type: 'ORGANIZATION_UNLOCKED', data: { OrganizationId: 'o-1' } });
      await eventually(() => {
        const unlocked = tab.received.find((m) => m.type === 'ORGANIZATION_UNLOCKED');
        return unlocked && tab.acked.has(unlocked.messageId);
      });
      await sleep(1_800);
      expect(requests).toEqual([]);
    } finally {
      tab.close();
    }
  });
});

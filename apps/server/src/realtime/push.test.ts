import { spawnSync } from 'node:child_process';
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PushPayload } from '@fluxo/domain';
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
import { vapidSubject } from './push.ts';

// A local HTTPS "push service": web-push only speaks HTTPS, so the test makes a self-signed
// certificate with openssl and lets this process trust any certificate while it runs.
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!hasOpenssl) console.warn('push.test: openssl is not installed; the web push delivery tests are skipped');

interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
  body: Buffer;
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

/** The browser's side of each subscription: its key pair and auth secret, to read what it is sent. */
const browserKeys = new Map<string, { ecdh: ECDH; auth: Buffer }>();

const subscription = (endpointPath: string) => {
  const ecdh = createECDH('prime256v1');
  const auth = randomBytes(16);
  const endpoint = `${pushUrl}${endpointPath}`;
  browserKeys.set(endpoint, { ecdh, auth });
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: auth.toString('base64url') },
  };
};

/** Decrypts a push body as the browser does (RFC 8291 over RFC 8188 aes128gcm, one record). */
function decryptPush(endpoint: string, body: Buffer): string {
  const keys = browserKeys.get(endpoint);
  if (!keys) throw new Error(`no keys for ${endpoint}`);
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const hkdf = (ikm: Buffer, hkdfSalt: Buffer, info: Buffer, length: number) =>
    Buffer.from(hkdfSync('sha256', ikm, hkdfSalt, info, length));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(keys.ecdh.computeSecret(serverPublicKey), keys.auth, keyInfo, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

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
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        requests.push({ path: request.url ?? '', headers: request.headers, bytes: body.length, body });
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

describe('VAPID', () => {
  it('takes the contact from MAIL_FROM', () => {
    expect(vapidSubject('Fluxo <no-reply@fluxo.example>')).toBe('mailto:no-reply@fluxo.example');
    expect(vapidSubject('ops@fluxo.example')).toBe('mailto:ops@fluxo.example');
  });
});

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

  it("renders the notification in the recipient's language, as the browser decrypts it", async () => {
    const [before] = await rows<{ language: string }>(
      shared.database.db,
      sql`SELECT language FROM users WHERE id = ${demo.userId}`,
    );
    await shared.database.db.execute(sql`UPDATE users SET language = 'es' WHERE id = ${demo.userId}`);
    try {
      demo = await server.signin('demo@fluxo.example'); // the FORCE_LOGOUT above ended the last session
      const target = subscription('/ok/language');
      expect((await save(target)).statusCode).toBe(200);
      requests.length = 0;
      const sent = await notify({
        userId: demo.userId,
        type: 'BILLING_DOCUMENT_CREATED',
        data: { DocumentId: 'd-7', Number: 'FT 2026/7' },
      });
      const [messageId] = (sent.json() as { messageIds: string[] }).messageIds;
      const delivered = await eventually(() => requests.find((r) => r.path === '/ok/language'), 5_000);
      const payload = JSON.parse(decryptPush(target.endpoint, delivered.body)) as PushPayload;
      expect(payload).toMatchObject({
        messageId,
        type: 'BILLING_DOCUMENT_CREATED',
        data: { DocumentId: 'd-7', Number: 'FT 2026/7' },
        notification: {
          title: 'Nuevo documento de facturación',
          body: 'Se ha creado el documento FT 2026/7.',
          url: '/',
          lang: 'es-ES',
        },
      });
    } finally {
      await shared.database.db.execute(
        sql`UPDATE users SET language = ${before!.language} WHERE id = ${demo.userId}`,
      );
    }
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

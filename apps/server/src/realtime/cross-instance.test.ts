import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../db/client.ts';
import { seedDemo } from '../modules/demo/seed.ts';
import {
  connect,
  eventually,
  type Instance,
  openPostgres,
  postgresForTest,
  sleep,
  startInstance,
  startRedis,
} from '../test/realtime-kit.ts';

// Several instances on one PostgreSQL and one Redis: a change made through one instance reaches a
// client connected to another. Needs PostgreSQL (DATABASE_URL, or initdb/pg_ctl for a throwaway
// cluster) and redis-server; without them this file is skipped, saying why.
const postgres = await postgresForTest().catch((error) => {
  console.warn(`cross-instance: no PostgreSQL (${error}); skipped`);
  return null;
});
const redis = postgres ? await startRedis() : null;
if (!postgres) console.warn('cross-instance: needs PostgreSQL (DATABASE_URL or initdb/pg_ctl); skipped');
else if (!redis) console.warn('cross-instance: needs redis-server (apt-get install redis-server); skipped');
const available = postgres !== null && redis !== null;
if (process.env.CI && !available)
  throw new Error('cross-instance: CI must provide PostgreSQL and redis-server (.ci/run installs them)');

const databases: Database[] = [];
const instances: Instance[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-cross-'));

/** An instance as a separate process would be: its own pool, LISTEN connection and Redis clients. */
async function instance(env: Record<string, string>): Promise<Instance> {
  const database = await openPostgres(postgres!.url, dataDir);
  databases.push(database);
  const started = await startInstance(database, dataDir, {
    REALTIME_SWEEP_MS: '100',
    // Long enough that only a live path, not a redelivery, can explain a prompt arrival.
    REALTIME_REDELIVER_SECONDS: '300',
    ...env,
  });
  instances.push(started);
  return started;
}

let a: Instance;
let b: Instance;
let demo: { token: string; userId: string };
let admin: { token: string; userId: string };

beforeAll(async () => {
  if (!available) return;
  // A works (dispatch, timers); B only serves sockets, so whatever B's clients get came from A via Redis.
  a = await instance({ REDIS_URL: redis!.url });
  await seedDemo(databases[0]!.db);
  b = await instance({ REDIS_URL: redis!.url, REALTIME_DISPATCH: '0' });
  demo = await a.signin('demo@fluxo.example');
  admin = await a.signin('admin@fluxo.example');
});
afterAll(async () => {
  for (const started of instances.reverse()) await started.close().catch(() => {});
  for (const database of databases) await database.close().catch(() => {});
  await redis?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const notify = (through: Instance, body: Record<string, unknown>) =>
  through.call({ method: 'POST', url: '/api/v1/admin/notifications', token: admin.token, payload: body });

describe.skipIf(!available)('fan-out across instances through Redis', () => {
  it('delivers a message enqueued on instance A to a client connected to instance B, in order', async () => {
    const client = await connect(b.url, demo);
    try {
      const started = Date.now();
      for (let n = 1; n <= 20; n++) {
        const sent = await notify(a, {
          userId: demo.userId,
          type: 'UPDATE_STATEMENT',
          data: { StatementId: String(n) },
        });
        expect(sent.statusCode).toBe(201);
      }
      const received = await client.waitFor(20, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(received.map((m) => (m.data as { StatementId: string }).StatementId)).toEqual(
        Array.from({ length: 20 }, (_, i) => String(i + 1)),
      );
      expect(b.realtime.stats.dispatched).toBe(0);
      expect(a.realtime.stats.dispatched).toBeGreaterThanOrEqual(20);
      // B recorded the acknowledgements in the shared database.
      await eventually(async () => {
        const [row] = await rows<{ count: number | string }>(
          databases[0]!.db,
          sql`SELECT count(*)::int AS count FROM realtime_messages WHERE user_id = ${demo.userId} AND acknowledged_at IS NULL`,
        );
        return Number(row?.count) === 0;
      });
    } finally {
      client.close();
    }
  });

  it('carries a two-factor flow started through A to the toast of a client on B', async () => {
    const [org] = await rows<{ id: string }>(
      databases[0]!.db,
      sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
    );
    const client = await connect(b.url, demo);
    try {
      const call = (url: string, payload?: unknown) =>
        a.call({ method: 'POST', url, token: demo.token, orgId: org!.id, ...(payload ? { payload } : {}) });
      const created = (
        await call('/api/v1/connections', {
          institutionCode: 'FLUXO_SANDBOX',
          name: 'Via A',
          authType: 'question',
        })
      ).json();
      await call(`/api/v1/connections/${created.id}/setup`);
      const waiting = await eventually(() =>
        client.received.find(
          (m) => m.type === 'CONNECTION_STATUS_CHANGED' && m.data.Status === 'waiting_authentication',
        ),
      );
      expect(waiting.data).toMatchObject({ AuthType: 'question', ExtraData: { ConnectionId: created.id } });
      await call(`/api/v1/bankonnector/connections/${created.id}/auth/question`, { value: 'fluxo' });
      await eventually(() =>
        client.received.some((m) => m.type === 'CONNECTION_STATUS_CHANGED' && m.data.Status === 'connected'),
      );
    } finally {
      client.close();
    }
  });

  it('forces the logout of a user connected to B: told, then disconnected', async () => {
    const victim = await a.signin('cash@fluxo.example');
    const client = await connect(b.url, victim);
    const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    await notify(a, { userId: victim.userId, type: 'FORCE_LOGOUT', data: {} });
    await eventually(() => client.received.some((m) => m.type === 'FORCE_LOGOUT'));
    expect(await disconnected).toBe('io server disconnect');
  });

  it('signing out through A closes the socket the same session has on B', async () => {
    const session = await a.signin('pos@fluxo.example');
    const other = await a.signin('pos@fluxo.example');
    const onB = await connect(b.url, session);
    const otherOnB = await connect(b.url, other);
    try {
      const closed = new Promise<string>((resolve) => onB.socket.once('disconnect', resolve));
      const signedOut = await a.call({ method: 'POST', url: '/api/v1/auth/signout', token: session.token });
      expect(signedOut.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      await sleep(200);
      expect(otherOnB.socket.connected).toBe(true);
    } finally {
      onB.close();
      otherOnB.close();
    }
  });

  it('without Redis, an instance does not hear the others: its client gets the message only on reconnection', async () => {
    const isolated = await instance({ REALTIME_DISPATCH: '0' });
    const client = await connect(isolated.url, demo);
    let messageId = '';
    try {
      await sleep(300); // whatever was pending arrives first
      const sent = await notify(a, { userId: demo.userId, type: 'REFRESH_ALERTS', data: {} });
      messageId = (sent.json() as { messageIds: string[] }).messageIds[0]!;
      await sleep(1_000);
      expect(client.received.filter((m) => m.messageId === messageId)).toEqual([]);
    } finally {
      client.close();
    }
    const again = await connect(isolated.url, demo);
    try {
      await eventually(() => again.received.some((m) => m.messageId === messageId));
    } finally {
      again.close();
    }
  });
});

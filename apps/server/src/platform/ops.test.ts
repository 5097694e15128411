import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { rows } from '../db/client.ts';
import { createTestApp, freshDatabase, type TestApp } from '../test/harness.ts';
import { eventually, startRedis } from '../test/realtime-kit.ts';
import { loadConfig } from './config.ts';
import { scheduleJob } from './jobs.ts';
import { isWellFormedRequestId, REQUEST_ID_HEADER } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'scrape-me-please';

// With redis-server installed, the app under test has REDIS_URL: /readyz then checks Redis too.
const redis = await startRedis();
if (!redis) console.warn('ops: redis-server is not installed: the Redis readiness check is not tested');
const redisCheck = redis ? { redis: 'ok' } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    env: { METRICS_TOKEN, ...(redis ? { REDIS_URL: redis.url } : {}) },
  });
});
let revivedRedis: ChildProcess | null = null;
afterAll(async () => {
  await t.close();
  await redis?.stop();
  revivedRedis?.kill('SIGTERM');
});

describe('GET /healthz and GET /readyz', () => {
  it('are public routes in the route table', () => {
    for (const url of ['/healthz', '/readyz']) {
      expect(t.app.routeTable.find((r) => r.method === 'GET' && r.url === url)?.access).toEqual({
        kind: 'public',
      });
    }
  });

  it('/healthz answers 200 while the process lives', async () => {
    const response = await t.call({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers and every shipped migration is applied', async () => {
    const response = await t.call({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', ...redisCheck, server: 'ok' },
      failed: [],
    });
  });

  it('/readyz answers 503 naming the migrations when one shipped with the build is not recorded as applied', async () => {
    const db = t.database.db;
    const [last] = await rows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const response = await t.call({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'pending', ...redisCheck, server: 'ok' },
        failed: ['migrations'],
      });
    } finally {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('accepts only well-formed ids: 1–128 of letters, digits and ._:-', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 200 }), (value) => {
        expect(isWellFormedRequestId(value)).toBe(/^[A-Za-z0-9._:-]{1,128}$/.test(value));
      }),
    );
    expect(isWellFormedRequestId('a'.repeat(128))).toBe(true);
    expect(isWellFormedRequestId('a'.repeat(129))).toBe(false);
    expect(isWellFormedRequestId('abc def')).toBe(false);
    expect(isWellFormedRequestId('abc\n{"level":60}')).toBe(false);
  });

  it('echoes a well-formed X-Request-Id and puts it in the error body', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/v1/token/refresh',
      headers: { [REQUEST_ID_HEADER]: 'lb-7f3a:42' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a:42');
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: 'lb-7f3a:42' });
  });

  it('replaces a malformed X-Request-Id with a fresh UUID, on success and on errors (404, 400)', async () => {
    const ok = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { [REQUEST_ID_HEADER]: 'no spaces "here"' },
    });
    expect(ok.headers[REQUEST_ID_HEADER]).toMatch(UUID);

    const missing = await t.call({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers[REQUEST_ID_HEADER]);
    expect(missing.headers[REQUEST_ID_HEADER]).toMatch(UUID);

    const malformed = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: 'x'.repeat(200) },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().requestId).toMatch(UUID);
    expect(malformed.json().requestId).toBe(malformed.headers[REQUEST_ID_HEADER]);
  });

  it('two requests without one get different ids', async () => {
    const a = await t.call({ method: 'GET', url: '/healthz' });
    const b = await t.call({ method: 'GET', url: '/healthz' });
    expect(a.headers[REQUEST_ID_HEADER]).not.toBe(b.headers[REQUEST_ID_HEADER]);
  });
});

describe('structured logs', () => {
  it('writes JSON lines, every line of a request carrying its id (reqId)', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-logs-'));
    const { database, drop } = await freshDatabase(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv, {
      webDist: path.join(dataDir, 'none'),
    });
    let app: FastifyInstance | null = null;
    try {
      ({ app } = await buildApp({ config, database, logger: { level: 'info', stream } }));
      await app.ready();
      lines.length = 0;
      await app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: 'trace-1' } });
      await app.inject({ method: 'GET', url: '/nowhere', headers: { [REQUEST_ID_HEADER]: 'trace-2' } });
      const ofRequest = (id: string) => lines.filter((line) => line.reqId === id);
      // Fastify logs the incoming request and its completion; neither without the id.
      expect(ofRequest('trace-1').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(ofRequest('trace-2').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(
        lines.filter((line) => line.req || line.res).every((line) => typeof line.reqId === 'string'),
      ).toBe(true);
      expect(lines.every((line) => typeof line.level === 'number' && typeof line.time === 'number')).toBe(
        true,
      );
    } finally {
      await app?.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /metrics', () => {
  const scrape = (token?: string) =>
    t.call({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const sample = (text: string, name: string, labels = ''): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || l === `${name}${labels}`);
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };

  it('is refused without the bearer token, or with another', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('wrong')).statusCode).toBe(401);
  });

  it('counts requests per route pattern and status class, times them, and counts 5xx', async () => {
    await t.call({ method: 'GET', url: '/healthz' });
    await t.call({ method: 'GET', url: '/api/v1/organizations/00000000-0000-4000-8000-000000000000' });
    await t.call({ method: 'POST', url: '/definitely/not/here' });
    const response = await scrape(METRICS_TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(
      sample(text, 'fluxo_http_requests_total', '{method="GET",route="/healthz",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(1);
    // The pattern, not the raw URL.
    expect(text).toContain('route="/api/v1/organizations/:id",status_class="4xx"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toContain('method="POST",route="(unmatched)",status_class="4xx"');
    expect(text).not.toContain('/definitely/not/here');
    expect(text).toMatch(
      /fluxo_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_class="2xx"\} \d+/,
    );
    expect(text).toContain('# TYPE fluxo_http_server_errors_total counter');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('reads the database pool, the outbox backlog and age, the job queue and the sockets on scrape', async () => {
    const db = t.database.db;
    // realtime_messages has no foreign key to users (see realtime/README.md).
    const user = { id: randomUUID() };
    // An undispatched message written a minute ago, and two due jobs (one overdue by an hour) and one later.
    await db.execute(
      sql`INSERT INTO realtime_messages (user_id, type, data, created_at)
          VALUES (${user.id}, 'REFRESH_MENU', '{}'::jsonb, now() - interval '60 seconds')`,
    );
    await scheduleJob(db, {
      kind: 'metrics.test',
      subjectId: user.id,
      dueAt: new Date(Date.now() - 3_600_000),
    });
    await scheduleJob(db, { kind: 'metrics.test', subjectId: user.id, dueAt: new Date(Date.now() - 1_000) });
    await scheduleJob(db, {
      kind: 'metrics.test',
      subjectId: user.id,
      dueAt: new Date(Date.now() + 3_600_000),
    });
    try {
      const text = (await scrape(METRICS_TOKEN)).body;
      expect(sample(text, 'fluxo_db_up')).toBe(1);
      expect(sample(text, 'fluxo_db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fluxo_db_size_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'fluxo_realtime_outbox_undispatched')).toBe(1);
      expect(sample(text, 'fluxo_realtime_outbox_undispatched_oldest_seconds')).toBeGreaterThanOrEqual(59);
      expect(sample(text, 'fluxo_realtime_outbox_unacknowledged')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fluxo_jobs', '{state="due"}')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'fluxo_jobs', '{state="waiting"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fluxo_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(3_599);
      expect(sample(text, 'fluxo_realtime_connected_sockets')).toBe(0);
      expect(sample(text, 'fluxo_db_scrape_duration_seconds')).toBeGreaterThan(0);
    } finally {
      await db.execute(sql`DELETE FROM scheduled_jobs WHERE kind = 'metrics.test'`);
      await db.execute(
        sql`DELETE FROM realtime_messages WHERE type = 'REFRESH_MENU' AND user_id = ${user.id}`,
      );
    }
  });

  it('serves the same exposition on METRICS_PORT, its own listener, and nothing else there', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-metrics-'));
    const { database, drop } = await freshDatabase(dataDir);
    const config = loadConfig(
      { DATA_DIR: dataDir, METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } as NodeJS.ProcessEnv,
      { webDist: path.join(dataDir, 'none') },
    );
    const built = await buildApp({ config, database, logger: false });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.metrics!.address()!;
      const base = `http://127.0.0.1:${address.port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('# TYPE fluxo_http_requests_total counter');
      expect((await fetch(`${base}/readyz`)).status).toBe(404);
      // Without METRICS_TOKEN the main port has no /metrics (404, not the web app's page).
      const appPort = (built.app.server.address() as { port: number }).port;
      expect((await fetch(`http://127.0.0.1:${appPort}/metrics`)).status).toBe(404);
    } finally {
      await built.app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Last: it stops the Redis the app under test uses.
describe.skipIf(!redis)('GET /readyz with REDIS_URL', () => {
  it('answers 503 naming redis while Redis is down, the database still ok; 200 once it is back', async () => {
    await redis!.stop();
    const down = await t.call({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', redis: 'fail', server: 'ok' },
      failed: ['redis'],
    });
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Back on the same port: the readiness client (and the hub's) reconnect by themselves.
    const port = new URL(redis!.url).port;
    revivedRedis = spawn(
      'redis-server',
      ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(
      async () => (await t.call({ method: 'GET', url: '/readyz' })).statusCode === 200,
      15_000,
    );
  }, 30_000);
});

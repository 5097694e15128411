import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, rows } from '../db/client.ts';
import type { RealtimeHub } from '../realtime/realtime.plugin.ts';
import { type Access, PUBLIC } from './access.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { bearer } from './tokens.ts';

/** A scrape's database queries give up after this; the gauges then say so (`fluxo_db_up 0`). */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

export interface Metrics {
  readonly registry: Registry;
  /** The text a scrape gets, and its content type. */
  exposition(): Promise<{ contentType: string; body: string }>;
  /** Where the METRICS_PORT listener listens, once the app listens (null without one). */
  address(): AddressInfo | null;
  /** The real-time hub whose sockets are counted (it is created after the metrics). */
  watchRealtime(hub: RealtimeHub): void;
}

interface OutboxAndJobs {
  undispatched: number | string;
  undispatched_age: number | string | null;
  unacknowledged: number | string;
  jobs_due: number | string;
  jobs_waiting: number | string;
  jobs_failed: number | string;
  jobs_oldest_due_age: number | string | null;
  db_size: number | string;
}

/**
 * One scrape's worth of database gauges, in one round trip of cheap indexed queries: counts on the
 * outbox's partial indexes (undispatched, unacknowledged), the oldest undispatched row by its seq
 * index, the job queue by its (status, due_at) index.
 */
const scrapeQuery = sql`SELECT
  (SELECT count(*) FROM realtime_messages WHERE dispatched_at IS NULL) AS undispatched,
  (SELECT extract(epoch FROM now() - created_at)::float8 FROM realtime_messages
     WHERE dispatched_at IS NULL ORDER BY seq LIMIT 1) AS undispatched_age,
  (SELECT count(*) FROM realtime_messages WHERE acknowledged_at IS NULL) AS unacknowledged,
  (SELECT count(*) FROM scheduled_jobs WHERE status = 'pending' AND due_at <= now()) AS jobs_due,
  (SELECT count(*) FROM scheduled_jobs WHERE status = 'pending' AND due_at > now()) AS jobs_waiting,
  (SELECT count(*) FROM scheduled_jobs WHERE status = 'failed') AS jobs_failed,
  (SELECT extract(epoch FROM now() - min(due_at))::float8 FROM scheduled_jobs
     WHERE status = 'pending' AND due_at <= now()) AS jobs_oldest_due_age,
  pg_database_size(current_database()) AS db_size`;

/** Compares a presented token with the configured one in constant time (both hashed to one length). */
function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The request counters' route label: the route's pattern, never the raw URL (bounded cardinality). */
function routeLabel(url: string | undefined): string {
  return url ?? '(unmatched)';
}

/**
 * Prometheus metrics (prom-client). Off unless METRICS_TOKEN or METRICS_PORT is set: then every
 * request is counted and timed per route pattern and status class, and a scrape reads the database
 * pool, the real-time outbox, the job queue and the connected sockets at that moment (gauges computed
 * on scrape, not polled). Served at GET /metrics on the main port to a bearer of METRICS_TOKEN, and/or
 * by a listener of their own on METRICS_PORT (METRICS_HOST), which also asks for the token when one is
 * set. See README.md for every metric.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { database: Database; config: Pick<Config, 'metrics'> },
): Metrics | null {
  const { token, port, host } = deps.config.metrics;
  if (!token && port === null) return null;
  const { database } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'fluxo_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx…).',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'fluxo_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status class.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'fluxo_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'fluxo_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered.',
    registers: [registry],
  });
  const open = new WeakSet<object>();
  const settle = (request: { raw: object }) => {
    if (open.delete(request.raw)) inFlight.dec();
  };
  app.addHook('onRequest', async (request) => {
    open.add(request.raw);
    inFlight.inc();
  });
  app.addHook('onRequestAbort', async (request) => settle(request));
  app.addHook('onResponse', async (request, reply) => {
    settle(request);
    const route = routeLabel(request.routeOptions.url);
    const status = reply.statusCode;
    const labels = { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (status >= 500) serverErrors.inc({ method: request.method, route });
  });

  // ── Gauges read on scrape. ──
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  new Gauge({
    name: 'fluxo_db_pool_connections',
    help:
      'PostgreSQL pool connections by state: total (open), idle, waiting (queries queued for a connection). ' +
      'PGlite runs in process on one session: total 1.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (client instanceof pg.Pool) {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  // Every database gauge is fed by one query per scrape: prom-client collects the metrics side by side,
  // so each gauge's collect awaits the same run of the query.
  let running: Promise<void> | null = null;
  const refresh = () => {
    running ??= readDatabaseGauges().finally(() => {
      running = null;
    });
    return running;
  };
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry], collect: refresh });
  const dbUp = gauge(
    'fluxo_db_up',
    '1 when the scrape could query the database, 0 when it could not (the database gauges are then absent).',
  );
  const scrapeDuration = gauge(
    'fluxo_db_scrape_duration_seconds',
    'Time the scrape spent on its database query.',
  );
  const dbSize = gauge('fluxo_db_size_bytes', 'Size of the database on disk (pg_database_size).');
  const undispatched = gauge(
    'fluxo_realtime_outbox_undispatched',
    'Real-time messages written and not yet sent out by any instance (should stay near 0).',
  );
  const undispatchedAge = gauge(
    'fluxo_realtime_outbox_undispatched_oldest_seconds',
    'Age of the oldest real-time message not yet sent out (0 when there is none).',
  );
  const unacknowledged = gauge(
    'fluxo_realtime_outbox_unacknowledged',
    'Real-time messages not yet acknowledged by their recipient (includes those of users now offline).',
  );
  const jobs = gauge(
    'fluxo_jobs',
    'Scheduled jobs by state: due (pending and due now: the queue depth), waiting (pending, due later), failed.',
    ['state'],
  );
  const jobsAge = gauge(
    'fluxo_jobs_oldest_due_seconds',
    'How long the oldest due job has been due (0 when none is).',
  );
  const databaseGauges = [dbSize, undispatched, undispatchedAge, unacknowledged, jobs, jobsAge];
  async function readDatabaseGauges(): Promise<void> {
    const started = process.hrtime.bigint();
    let timer: NodeJS.Timeout | undefined;
    try {
      const [row] = await Promise.race([
        rows<OutboxAndJobs>(database.db, scrapeQuery),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('scrape query timed out')), SCRAPE_QUERY_TIMEOUT_MS);
        }),
      ]);
      dbUp.set(1);
      dbSize.set(Number(row!.db_size));
      undispatched.set(Number(row!.undispatched));
      undispatchedAge.set(Math.max(0, Number(row!.undispatched_age ?? 0)));
      unacknowledged.set(Number(row!.unacknowledged));
      jobs.set({ state: 'due' }, Number(row!.jobs_due));
      jobs.set({ state: 'waiting' }, Number(row!.jobs_waiting));
      jobs.set({ state: 'failed' }, Number(row!.jobs_failed));
      jobsAge.set(Math.max(0, Number(row!.jobs_oldest_due_age ?? 0)));
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: database gauges unavailable');
      dbUp.set(0);
      for (const g of databaseGauges) g.reset();
    } finally {
      clearTimeout(timer);
      scrapeDuration.set(Number(process.hrtime.bigint() - started) / 1e9);
    }
  }
  let hub: RealtimeHub | null = null;
  new Gauge({
    name: 'fluxo_realtime_connected_sockets',
    help: 'Socket.IO connections open on this instance.',
    registers: [registry],
    collect() {
      this.set(hub?.stats.connections ?? 0);
    },
  });

  const exposition = async () => ({ contentType: registry.contentType, body: await registry.metrics() });

  let metricsServer: Server | null = null;
  if (port !== null) {
    app.addHook('onReady', async () => {
      const server = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        if (token && !sameToken(bearer(request.headers.authorization), token)) {
          response.writeHead(401, { 'content-type': 'text/plain' }).end('bearer token required\n');
          return;
        }
        exposition().then(
          ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
          (error) => {
            app.log.error({ err: error }, 'metrics exposition failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      metricsServer = server;
      app.log.info({ address: server.address() }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const listening = metricsServer;
      metricsServer = null;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  }

  return {
    registry,
    exposition,
    address: () => (metricsServer?.address() as AddressInfo | null) ?? null,
    watchRealtime(given) {
      hub = given;
    },
  };
}

/**
 * GET /metrics on the main port (after the guard, so the route table has it): with METRICS_TOKEN, the
 * exposition to a bearer of the token; without, a 404 — also when metrics are served on METRICS_PORT
 * only — rather than the web app's page that would answer an unknown path.
 */
export function metricsRoute(
  app: FastifyInstance,
  metrics: Metrics | null,
  config: Pick<Config, 'metrics'>,
): void {
  const { token } = config.metrics;
  const access: Access = {
    ...PUBLIC,
    detail: 'the bearer METRICS_TOKEN; without METRICS_TOKEN the route answers 404',
  };
  app.get('/metrics', { config: { access }, schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) throw new AppError('NOT_FOUND', 'No route GET /metrics');
    if (!sameToken(bearer(request.headers.authorization), token))
      throw new AppError('UNAUTHENTICATED', 'The metrics need their bearer token (METRICS_TOKEN).');
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

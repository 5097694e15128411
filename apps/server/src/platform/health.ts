import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createClient } from 'redis';
import { z } from 'zod';
import { type Database, migrationsFolder, rows } from '../db/client.ts';
import { PUBLIC } from './access.ts';
import type { Config } from './config.ts';

/** How long one readiness check may take before it counts as failed (a hung connection, a full pool). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/**
 * Readiness checks, each `ok` or what is wrong: `database` (a query answers), `migrations` (every
 * migration shipped with this build is recorded as applied; `unknown` while the database is down),
 * `redis` (only when REDIS_URL is set: it answers PING) and `server` (`stopping` once a shutdown began).
 */
const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'fail']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    redis: z.enum(['ok', 'fail']).optional(),
    server: z.enum(['ok', 'stopping']),
  }),
  /** The names of the checks that are not `ok`. */
  failed: z.array(z.string()),
});
export type Readiness = z.infer<typeof readySchema>;

export interface Health {
  readiness(): Promise<Readiness>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz` (the process is alive and serving: no database involved, for a liveness probe) and
 * `GET /readyz` (this instance can do its work: for a readiness probe or a load balancer). Both are
 * public and answer a small JSON body; /readyz answers 503 naming the failed checks.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: {
    database: Database;
    config: Pick<Config, 'redisUrl'>;
    /** Whether a shutdown has begun: /readyz then answers 503 (`server: stopping`). */
    stopping: () => boolean;
  },
): Health {
  const { db } = deps.database;
  // What this build ships, read once: the hashes drizzle records in its journal table when it applies them.
  const shipped = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);

  // Its own connection, failing fast while Redis is away (no offline queue), reconnecting by itself.
  let redis: ReturnType<typeof createClient> | null = null;
  if (deps.config.redisUrl) {
    const client = createClient({
      url: deps.config.redisUrl,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
    });
    let reported = false;
    client.on('error', (error) => {
      // Once per outage: the client retries every 2 s, and /readyz says the rest.
      if (!reported) app.log.warn({ err: error }, 'readiness: Redis unreachable');
      reported = true;
    });
    client.on('ready', () => {
      reported = false;
    });
    client.connect().catch(() => {});
    redis = client;
    app.addHook('onClose', async () => {
      client.destroy();
    });
  }

  const checkDatabase = async (): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> => {
    let applied: { hash: string }[];
    try {
      applied = await withTimeout(
        rows<{ hash: string }>(db, sql`SELECT hash FROM drizzle.__drizzle_migrations`),
        READY_CHECK_TIMEOUT_MS,
      );
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: database check failed');
      return { database: 'fail', migrations: 'unknown' };
    }
    const done = new Set(applied.map((row) => row.hash));
    return { database: 'ok', migrations: shipped.every((hash) => done.has(hash)) ? 'ok' : 'pending' };
  };

  const checkRedis = async (): Promise<'ok' | 'fail'> => {
    if (!redis) return 'ok';
    try {
      await withTimeout(redis.ping(), READY_CHECK_TIMEOUT_MS);
      return 'ok';
    } catch {
      return 'fail';
    }
  };

  const readiness = async (): Promise<Readiness> => {
    const [database, redisCheck] = await Promise.all([checkDatabase(), checkRedis()]);
    const checks: Readiness['checks'] = {
      ...database,
      ...(redis ? { redis: redisCheck } : {}),
      server: deps.stopping() ? 'stopping' : 'ok',
    };
    const failed = Object.entries(checks)
      .filter(([, value]) => value !== 'ok')
      .map(([name]) => name);
    return { status: failed.length === 0 ? 'ok' : 'unavailable', checks, failed };
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is alive and serving (no database involved).',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: database reachable, migrations applied, Redis (when configured), not stopping.',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const report = await readiness();
      reply.header('cache-control', 'no-store').status(report.status === 'ok' ? 200 : 503);
      return report;
    },
  );

  return { readiness };
}

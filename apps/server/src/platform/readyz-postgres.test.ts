import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { startThrowawayPostgres } from '../test/local-services.ts';
import { eventually } from '../test/realtime-kit.ts';
import { loadConfig } from './config.ts';

// /readyz on PostgreSQL follows the database: 503 while the server is stopped, 200 again once it is back,
// the same server process throughout (its pool and LISTEN connection recover by themselves). It stops
// the database, so it runs on a throwaway cluster of its own (initdb/pg_ctl), never on DATABASE_URL's
// server, which other test files share.
const cluster = await startThrowawayPostgres();
if (!cluster) {
  console.warn(
    '\n*** readyz-postgres: initdb/pg_ctl are not on PATH (apt-get install postgresql): SKIPPED — ' +
      '/readyz following a PostgreSQL outage is NOT tested ***\n',
  );
  if (process.env.CI) throw new Error('readyz-postgres: CI must provide initdb/pg_ctl (.ci/run uses them)');
}

const METRICS_TOKEN = 'readyz-test';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-readyz-'));
let database: Database;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  if (!cluster) return;
  const env = { DATA_DIR: dataDir, DATABASE_URL: cluster.url, METRICS_TOKEN } as NodeJS.ProcessEnv;
  const config = loadConfig(env, { webDist: path.join(dataDir, 'none') });
  database = await openDatabase(config);
  ({ app } = await buildApp({ config, database, logger: false }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const readyz = async () => {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const dbUp = async () => {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^fluxo_db_up (\d)$/m.exec(text)?.[1]);
};

describe.skipIf(!cluster)('GET /readyz across a PostgreSQL outage (no restart of the server)', () => {
  it('answers 200, then 503 naming the database while PostgreSQL is stopped, then 200 once it is back', async () => {
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', server: 'ok' }, failed: [] },
    });
    expect((await fetch(`${url}/featureflags`)).status).toBe(200);

    await cluster!.halt();
    const down = await readyz();
    expect(down).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        checks: { database: 'fail', migrations: 'unknown', server: 'ok' },
        failed: ['database', 'migrations'],
      },
    });
    // Alive all the same: a liveness probe must not restart an instance for a database outage.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await dbUp()).toBe(0);

    await cluster!.resume();
    await eventually(async () => (await readyz()).status === 200, 20_000);
    expect((await readyz()).body).toMatchObject({ status: 'ok', failed: [] });
    // The pool serves the routes again, and the scrape reads the database again.
    expect((await fetch(`${url}/featureflags`)).status).toBe(200);
    expect(await dbUp()).toBe(1);
  }, 90_000);
});

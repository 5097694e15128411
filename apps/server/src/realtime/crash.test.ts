import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../db/client.ts';
import { DEMO_PASSWORD } from '../modules/demo/seed.ts';
import { connect, eventually, openPostgres, postgresForTest, type TestClient } from '../test/realtime-kit.ts';
import { httpSignin, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { enqueue } from './outbox.ts';

// A server process killed outright (SIGKILL) in the middle of a stream of messages, and started again
// on the same database: every message whose write was confirmed, and every message committed at all,
// reaches the user; nothing acknowledged comes back. Needs PostgreSQL (DATABASE_URL, or initdb/pg_ctl
// for a throwaway cluster): the embedded PGlite lives inside the server process it would kill.

const postgres = await postgresForTest().catch((error) => {
  console.warn(`crash: no PostgreSQL (${error}); skipped`);
  return null;
});
if (process.env.CI && !postgres) throw new Error('crash: CI must provide PostgreSQL (.ci/run starts one)');

const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-crash-'));
const servers: ServerProcess[] = [];
let database: Database;

/** A server process on the shared database; the redelivery is far off, so only the replay explains an arrival. */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(
    {
      DATABASE_URL: postgres!.url,
      REALTIME_SWEEP_MS: '100',
      REALTIME_REDELIVER_SECONDS: '300',
      LOG_LEVEL: 'error',
    },
    { dataDir, output: 'ignore' },
  );
  servers.push(server);
  return server;
}

const seqOf = (client: TestClient) =>
  client.distinct
    .filter((m) => m.type === 'UPDATE_STATEMENT')
    .map((m) => Number((m.data as { StatementId: string }).StatementId));

beforeAll(async () => {
  if (postgres) database = await openPostgres(postgres.url, dataDir);
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.close();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!postgres)('a server process killed mid-stream (SIGKILL) and started again', () => {
  it('delivers every message committed before, during and after the crash, in order, and never one acknowledged', async () => {
    const first = await startServer();
    const signin = await httpSignin(first.url);
    const admin = await signin('admin@fluxo.example', DEMO_PASSWORD);
    const demo = await signin('demo@fluxo.example', DEMO_PASSWORD);
    const send = async (server: ServerProcess, n: number) => {
      const response = await fetch(`${server.url}/api/v1/admin/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({
          userId: demo.userId,
          type: 'UPDATE_STATEMENT',
          data: { StatementId: String(n) },
        }),
      });
      return response.status === 201;
    };

    // 1–80 through the first server, four requests at a time, while its client receives and
    // acknowledges; the process is killed once 40 are confirmed, with writes, deliveries and
    // acknowledgements in flight.
    const before = await connect(first.url, demo);
    const confirmed: number[] = [];
    let next = 1;
    let killed: Promise<void> | null = null;
    const writer = async () => {
      while (next <= 80) {
        const n = next++;
        const ok = await send(first, n).catch(() => false);
        if (ok) confirmed.push(n);
        if (confirmed.length >= 40) killed ??= first.kill();
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await killed;
    before.close();
    expect(confirmed.length).toBeGreaterThanOrEqual(40);

    // 101–120 are written while no server runs (another writer, a job…).
    for (let n = 101; n <= 120; n++) {
      await enqueue(database.db, {
        userId: demo.userId,
        type: 'UPDATE_STATEMENT',
        data: { StatementId: String(n) },
      });
    }

    // Everything that was committed, confirmed or not: the crash may have come between a commit and
    // its answer. And what is still pending: an acknowledgement may have been written without its answer.
    const committed = await rows<{ id: string; type: string; n: string | null; acknowledged: boolean }>(
      database.db,
      sql`SELECT id, type, data->>'StatementId' AS n, acknowledged_at IS NOT NULL AS acknowledged
          FROM realtime_messages WHERE user_id = ${demo.userId} ORDER BY seq`,
    );
    const committedNumbers = committed
      .filter((row) => row.type === 'UPDATE_STATEMENT')
      .map((row) => Number(row.n));
    expect(committedNumbers).toEqual(expect.arrayContaining([...confirmed, ...range(101, 120)]));
    const pending = committed.filter((row) => !row.acknowledged).map((row) => row.id);
    expect(pending.filter((id) => before.acked.has(id))).toEqual([]);

    // The same user, same token, on a server started again on the same database.
    const second = await startServer();
    const after = await connect(second.url, demo);
    try {
      // The replay: every pending message, in order, and nothing the first client had acknowledged.
      await after.waitFor(pending.length, 15_000);
      expect(after.distinct.map((m) => m.messageId)).toEqual(pending);

      // The stream goes on through the new process.
      for (let n = 201; n <= 210; n++) expect(await send(second, n)).toBe(true);
      await eventually(() => seqOf(after).includes(210), 10_000);

      const seen = new Set([...seqOf(before), ...seqOf(after)]);
      expect([...seen].sort((a, b) => a - b)).toEqual(
        [...committedNumbers, ...range(201, 210)].sort((a, b) => a - b),
      );
      await eventually(async () => {
        const [row] = await rows<{ count: number | string }>(
          database.db,
          sql`SELECT count(*)::int AS count FROM realtime_messages WHERE user_id = ${demo.userId} AND acknowledged_at IS NULL`,
        );
        return Number(row?.count) === 0;
      }, 10_000);
    } finally {
      after.close();
    }
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../db/client.ts';
import { heldForCommit, registerDispatcher } from '../realtime/held-batches.ts';
import { enqueue, OUTBOX_CHANNEL, releaseHeld } from '../realtime/outbox.ts';
import { freshDatabase } from '../test/harness.ts';
import { runDueJobs, scheduleJob, startJobRunner } from './jobs.ts';

// What a shutdown hands back or finishes: outbox rows claimed here and not yet sent, and jobs.

const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-release-'));
let database: Database;
let drop: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase(dataDir));
  [{ id: userId }] = (await rows<{ id: string }>(
    database.db,
    sql`INSERT INTO users (email, name, password_hash, profile, country, language)
        VALUES ('release@fluxo.example', 'R', 'x', 2, 'PT', 'pt') RETURNING id`,
  )) as [{ id: string }];
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('releaseHeld (at shutdown)', () => {
  it('hands back rows written claimed here whose commit was not heard: unclaimed, with a NOTIFY; rolled-back ones are not there', async () => {
    const db = database.db;
    // A dispatching hub "runs here": rows are written already claimed and held for their commit's NOTIFY,
    // which nobody hears (the hub has stopped).
    const unregister = registerDispatcher();
    let committed: string;
    try {
      const written = await db.transaction((tx) =>
        enqueue(tx as never, { userId, type: 'REFRESH_PAGE', data: {} }),
      );
      committed = written[0]!.messageId;
      await db
        .transaction(async (tx) => {
          await enqueue(tx as never, { userId, type: 'REFRESH_PAGE', data: {} });
          throw new Error('roll back');
        })
        .catch(() => {});
    } finally {
      unregister();
    }
    const [before] = await rows<{ dispatched: boolean }>(
      db,
      sql`SELECT dispatched_at IS NOT NULL AS dispatched FROM realtime_messages WHERE id = ${committed}`,
    );
    expect(before!.dispatched).toBe(true);
    expect(heldForCommit.size).toBeGreaterThanOrEqual(1);

    const heard: string[] = [];
    const client = (db as unknown as { $client: PGlite | { listen?: never } }).$client;
    const unlisten =
      'listen' in client && typeof client.listen === 'function'
        ? await (client as PGlite).listen(OUTBOX_CHANNEL, (payload) => heard.push(payload))
        : null;

    expect(await releaseHeld(db)).toBe(1);
    expect(heldForCommit.size).toBe(0);
    const after = await rows<{ id: string; dispatched: boolean }>(
      db,
      sql`SELECT id, dispatched_at IS NOT NULL AS dispatched FROM realtime_messages WHERE user_id = ${userId}`,
    );
    expect(after).toEqual([{ id: committed, dispatched: false }]);
    if (unlisten) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toContain('');
      await unlisten();
    }
    // Nothing left: a second call does nothing.
    expect(await releaseHeld(db)).toBe(0);
  });
});

describe('jobs at shutdown', () => {
  it('a run that is told to stop finishes the job in hand and claims no more', async () => {
    const db = database.db;
    for (const minutes of [3, 2, 1])
      await scheduleJob(db, {
        kind: 'shutdown.test',
        subjectId: userId,
        dueAt: new Date(Date.now() - minutes * 60_000),
      });
    const ran: string[] = [];
    const result = await runDueJobs(
      db,
      { 'shutdown.test': async (_tx, job) => void ran.push(job.id) },
      { stopping: () => ran.length >= 1 },
    );
    expect(result).toEqual({ ran: 1, failed: 0 });
    const [counts] = await rows<{ done: number; pending: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'done')::int AS done,
                 count(*) FILTER (WHERE status = 'pending')::int AS pending
          FROM scheduled_jobs WHERE kind = 'shutdown.test'`,
    );
    expect(counts).toEqual({ done: 1, pending: 2 });
    await db.execute(sql`DELETE FROM scheduled_jobs WHERE kind = 'shutdown.test'`);
  });

  it("the runner's stop waits for the job it holds to commit, then claims nothing more", async () => {
    const db = database.db;
    for (const minutes of [2, 1])
      await scheduleJob(db, {
        kind: 'shutdown.slow',
        subjectId: userId,
        dueAt: new Date(Date.now() - minutes * 60_000),
      });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const runner = startJobRunner(
      db,
      {
        'shutdown.slow': async () => {
          runs++;
          started();
          await gate;
        },
      },
      { intervalMs: 20 },
    );
    await running;
    const stopped = runner.stop();
    setTimeout(release, 100);
    await stopped;
    expect(runs).toBe(1);
    const statuses = await rows<{ status: string }>(
      db,
      sql`SELECT status FROM scheduled_jobs WHERE kind = 'shutdown.slow' ORDER BY due_at`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['done', 'pending']);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../db/client.ts';

/**
 * Durable jobs without an extra service: rows in `scheduled_jobs` with a due time. `runDueJobs`
 * claims one due row at a time with `SELECT … FOR UPDATE SKIP LOCKED` and runs its handler inside
 * the same transaction that marks it done — so a crash rolls the work back and leaves the job
 * pending (it survives restarts), and two instances never run the same job (the second skips the
 * locked row, and finds it done afterwards). See docs/jobs.md.
 */
export type JobTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface JobRow {
  id: string;
  kind: string;
  subject_id: string;
  due_at: Date;
  payload: Record<string, unknown>;
  attempts: number;
}
export type JobHandler = (tx: JobTx, job: JobRow, now: Date) => Promise<void>;

/** A job that fails this many times is set aside as failed (and logged) instead of retried. */
export const MAX_JOB_ATTEMPTS = 5;

/**
 * Schedules a job; the same kind, subject and due time is scheduled only once. Returns the job's id
 * (the existing one's when it was scheduled already).
 */
export async function scheduleJob(
  db: Db | JobTx,
  job: { kind: string; subjectId: string; dueAt: Date; payload?: Record<string, unknown> },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db as Db,
    sql`INSERT INTO scheduled_jobs (kind, subject_id, due_at, payload)
        VALUES (${job.kind}, ${job.subjectId}, ${job.dueAt.toISOString()}, ${JSON.stringify(job.payload ?? {})}::jsonb)
        ON CONFLICT (kind, subject_id, due_at) DO UPDATE SET kind = excluded.kind
        RETURNING id`,
  );
  return row!.id;
}

async function claimAndRun(
  db: Db,
  handlers: Record<string, JobHandler>,
  now: Date,
  worker: string,
): Promise<'ran' | 'failed' | 'none'> {
  const kinds = Object.keys(handlers);
  let failure: unknown = null;
  let claimed: JobRow | null = null;
  try {
    await db.transaction(async (tx) => {
      const [job] = await rows<JobRow>(
        tx as unknown as Db,
        sql`SELECT id, kind, subject_id, due_at, payload, attempts FROM scheduled_jobs
            WHERE status = 'pending' AND due_at <= ${now.toISOString()}
              AND kind IN (${sql.join(
                kinds.map((k) => sql`${k}`),
                sql`, `,
              )})
            ORDER BY due_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED`,
      );
      if (!job) return;
      claimed = job;
      await handlers[job.kind]!(tx, job, now);
      await tx.execute(sql`
        UPDATE scheduled_jobs SET status = 'done', done_at = now(), done_by = ${worker},
               attempts = attempts + 1, last_error = NULL
        WHERE id = ${job.id}`);
    });
  } catch (error) {
    failure = error;
  }
  const job = claimed as JobRow | null;
  if (!job) {
    if (failure) throw failure;
    return 'none';
  }
  if (!failure) return 'ran';
  // The work rolled back; count the attempt outside it so a poisonous job cannot block the queue.
  const message = failure instanceof Error ? failure.message : String(failure);
  await db.execute(sql`
    UPDATE scheduled_jobs
    SET attempts = attempts + 1, last_error = ${message},
        status = CASE WHEN attempts + 1 >= ${MAX_JOB_ATTEMPTS} THEN 'failed' ELSE 'pending' END,
        due_at = CASE WHEN attempts + 1 >= ${MAX_JOB_ATTEMPTS} THEN due_at
                      ELSE ${now.toISOString()}::timestamptz + make_interval(secs => 60 * (attempts + 1)) END
    WHERE id = ${job.id} AND status = 'pending'`);
  return 'failed';
}

/** Runs every job due at `now`, one transaction each; returns how many ran and how many failed. */
export async function runDueJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  options: {
    now?: Date;
    worker?: string;
    limit?: number;
    log?: FastifyBaseLogger;
    /** Asked before each claim: true stops the run (a shutdown lets the job in hand finish, claims no more). */
    stopping?: () => boolean;
  } = {},
): Promise<{ ran: number; failed: number }> {
  const now = options.now ?? new Date();
  const worker = options.worker ?? `pid-${process.pid}`;
  const limit = options.limit ?? 500;
  let ran = 0;
  let failed = 0;
  for (let i = 0; i < limit && !options.stopping?.(); i++) {
    const outcome = await claimAndRun(db, handlers, now, worker);
    if (outcome === 'none') break;
    if (outcome === 'ran') ran++;
    else {
      failed++;
      options.log?.warn({ worker }, 'a scheduled job failed; it will be retried');
    }
  }
  return { ran, failed };
}

/** Polls for due jobs every `intervalMs` until stopped; one poll at a time per instance. */
export function startJobRunner(
  db: Db,
  handlers: Record<string, JobHandler>,
  options: { intervalMs: number; log?: FastifyBaseLogger; beforePoll?: () => Promise<void> },
): { stop: () => Promise<void> } {
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const stopping = () => stopped;
  const timer = setInterval(() => {
    if (running) return;
    running = (options.beforePoll?.() ?? Promise.resolve())
      .then(() =>
        runDueJobs(db, handlers, { worker, stopping, ...(options.log ? { log: options.log } : {}) }),
      )
      .catch((error) => options.log?.error({ err: error }, 'job runner poll failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    /** Finishes the job in hand (its transaction commits), claims no more. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { runDueJobs } from '../../../platform/jobs.ts';
import { ensureSyncJobs, type SyncDeps, syncJobHandlers } from './sync.service.ts';

/**
 * Runs the bank feed's jobs: polls every `intervalMs` (after scheduling the connected accounts that have
 * no sync pending) and, on `kick`, at once — so "refresh now" does not wait for the next poll.
 */
export function startSyncRunner(
  db: Db,
  deps: SyncDeps,
  options: { intervalMs: number; log?: FastifyBaseLogger },
): { kick: () => void; stop: () => Promise<void> } {
  const handlers = syncJobHandlers(deps);
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const poll = (ensure: boolean) => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (ensure ? ensureSyncJobs(db).then(() => undefined) : Promise.resolve())
      .then(() =>
        runDueJobs(db, handlers, { stopping: () => stopped, ...(options.log ? { log: options.log } : {}) }),
      )
      .catch((error) => options.log?.error({ err: error }, 'bank sync poll failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          poll(false);
        }
      });
  };
  const timer = setInterval(() => poll(true), options.intervalMs);
  timer.unref();
  return {
    kick: () => poll(false),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

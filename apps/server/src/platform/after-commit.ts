import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client.ts';

/**
 * Work a transaction hands on to run once it has committed, before the request answers: with
 * `withAfterCommit(db, work)` around a transaction, code inside it calls `afterCommit(task)` and the
 * task runs after `work` resolves (its transaction committed), with the root `db`. A failed `work`
 * (rolled back) drops its tasks. Outside such a scope `afterCommit` answers false and the caller does
 * the work inline — so a task must never be something the transaction itself depends on.
 *
 * Used by the money mutations (platform/idempotency.ts's once): billing's issuing hands the accounting
 * entry of the document it issued to the posting queue instead of posting under the series lock.
 */
export type AfterCommitTask = (db: Db) => Promise<void>;

const scope = new AsyncLocalStorage<AfterCommitTask[]>();

export async function withAfterCommit<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const tasks: AfterCommitTask[] = [];
  const result = await scope.run(tasks, work);
  // Tasks registered by other tasks (none today) run in the same pass.
  for (let i = 0; i < tasks.length; i++) await (tasks[i] as AfterCommitTask)(db);
  return result;
}

/** Registers `task` to run after the enclosing scope's transaction commits; false when there is none. */
export function afterCommit(task: AfterCommitTask): boolean {
  const tasks = scope.getStore();
  if (!tasks) return false;
  tasks.push(task);
  return true;
}

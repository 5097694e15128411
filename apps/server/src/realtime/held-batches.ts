import { sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../db/client.ts';
import type { OutboxRow } from './outbox.ts';

/**
 * Rows written by this process, held until their transaction commits. The commit's NOTIFY carries the
 * batch id; the hub that hears it emits the rows from here, so a message written where a dispatcher runs
 * costs no claim query and no second write. Such rows are written already claimed (`dispatched_at` set):
 * if this process dies before the commit's NOTIFY comes, they are exactly the rows of a claim whose
 * instance died before emitting, which the redelivery and the replay on reconnection take care of.
 * A batch is held from before its statement runs: written outside a transaction, it commits with the
 * statement, and the NOTIFY may be heard before the statement's own answer. A batch whose transaction
 * rolled back is never notified; it is forgotten after ten minutes.
 */
interface Held {
  /** The rows, once the statement has answered. */
  rows: OutboxRow[] | null;
  heldAt: number;
  /** Who sends the rows, when the commit was heard before they were known. */
  send?: (rows: OutboxRow[]) => void;
}

/** Batches written here and not yet sent, by batch id; whichever of "written" and "committed" comes last sends. */
export class HeldBatches {
  private readonly held = new Map<string, Held>();
  private lastForget: number;

  constructor(
    private readonly forgetAfterMs = 10 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {
    this.lastForget = clock();
  }

  /** Before the statement that writes the batch runs. */
  hold(batchId: string): void {
    const now = this.clock();
    if (now - this.lastForget > Math.min(this.forgetAfterMs, 60_000)) {
      this.lastForget = now;
      for (const [id, held] of this.held) if (now - held.heldAt > this.forgetAfterMs) this.held.delete(id);
    }
    this.held.set(batchId, { rows: null, heldAt: now });
  }

  /** The statement answered with these rows (none: nothing to send). */
  written(batchId: string, rows: OutboxRow[]): void {
    const held = this.held.get(batchId);
    if (!held) return;
    if (rows.length === 0) this.held.delete(batchId);
    else if (held.send) {
      this.held.delete(batchId);
      held.send(rows);
    } else {
      held.rows = rows;
    }
  }

  /** The statement failed: its transaction will not commit. */
  drop(batchId: string): void {
    this.held.delete(batchId);
  }

  /**
   * The commit of a batch was heard: if it was written here, `send` gets its rows (now, or as soon as the
   * statement that wrote them answers) and the answer is true; another writer's batch is not ours.
   */
  committed(batchId: string, send: (rows: OutboxRow[]) => void): boolean {
    const held = this.held.get(batchId);
    if (!held) return false;
    if (held.rows) {
      this.held.delete(batchId);
      send(held.rows);
    } else {
      held.send = send;
    }
    return true;
  }

  /** Batches whose rows are known and not yet sent: the id of one row of each (they commit together). */
  writtenBatches(): { batchId: string; messageId: string }[] {
    return [...this.held]
      .filter(([, held]) => held.rows !== null)
      .map(([batchId, held]) => ({ batchId, messageId: held.rows![0]!.messageId }));
  }

  /** Forgets every batch and answers the ids of the rows that were written and not sent (at shutdown). */
  takeUnsent(): string[] {
    const ids = [...this.held.values()].flatMap((held) => held.rows?.map((row) => row.messageId) ?? []);
    this.held.clear();
    return ids;
  }

  get size(): number {
    return this.held.size;
  }
}

/** This process's batches. */
export const heldForCommit = new HeldBatches();
let dispatchersHere = 0;

/** Whether a dispatching hub runs in this process (rows written here are then claimed as written). */
export function dispatcherHere(): boolean {
  return dispatchersHere > 0;
}

/**
 * A hub that dispatches registers itself while it runs: rows written in this process are then claimed
 * at write time and emitted by it. Returns the unregistration.
 */
export function registerDispatcher(): () => void {
  dispatchersHere++;
  let registered = true;
  return () => {
    if (registered) dispatchersHere--;
    registered = false;
  };
}

/**
 * While the LISTEN connection was down, commits of batches written here went unheard: those whose rows
 * are now visible did commit, and are sent (a batch still in its transaction stays held; its commit
 * comes on the new connection).
 */
export async function sendCommittedUnheard(db: Db, send: (rows: OutboxRow[]) => void): Promise<void> {
  const batches = heldForCommit.writtenBatches();
  if (batches.length === 0) return;
  const visible = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM realtime_messages
        WHERE id IN ${uuidList(batches.map((b) => b.messageId))}`,
  );
  const committed = new Set(visible.map((row) => row.id));
  for (const batch of batches) {
    if (committed.has(batch.messageId)) heldForCommit.committed(batch.batchId, send);
  }
}

import { randomUUID } from 'node:crypto';
import {
  isPushEvent,
  parseRealtimeEvent,
  type RealtimeEvent,
  type RealtimeEventType,
  type RealtimeMessage,
} from '@fluxo/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BY_TEXT, type Db, preparedRows, rows, uuidList, writesPrefix } from '../db/client.ts';
import { dispatcherHere, heldForCommit } from './held-batches.ts';

/**
 * The outbox's SQL. Every message is a row per recipient, written in the transaction of the change that
 * causes it; the NOTIFY in that transaction is heard by every instance once the change commits (and is
 * dropped with it on rollback): it names the batch, which the writing process then sends from memory
 * (`held-batches.ts`), or it is empty and an instance claims the rows.
 */

/** The channel instances LISTEN on to learn of new outbox rows. */
export const OUTBOX_CHANNEL = 'fluxo_realtime_outbox';

/** A transaction (or the database itself, for a one-statement change). */
export type Executor = Db;

export type Recipient =
  | { userId: string; organizationId?: never }
  | { organizationId: string; userId?: never };
export type EnqueueInput = RealtimeEvent & Recipient;

export interface EnqueuedMessage {
  messageId: string;
  userId: string;
}

/** A row on its way to a client. */
export interface OutboxRow {
  messageId: string;
  userId: string;
  seq: number;
  message: RealtimeMessage;
}

/**
 * Queues an event for one user, or for every member of an organization, inside the caller's transaction.
 * Nothing is sent before the transaction commits; if it rolls back, the messages never existed. The data
 * is checked against the event map: a malformed event is a bug and throws.
 */
export async function enqueue(
  tx: Executor,
  input: EnqueueInput,
  /** Writes of the caller sent along with the message's statement (db/client.ts writesPrefix). */
  along: readonly SQLWrapper[] = [],
): Promise<EnqueuedMessage[]> {
  const parsed = parseRealtimeEvent(input.type, input.data);
  if (!parsed.success) {
    throw new Error(`Real-time event ${input.type} has invalid data: ${z.prettifyError(parsed.error)}`);
  }
  const recipients: SQL = input.organizationId
    ? sql`SELECT user_id FROM organization_members WHERE organization_id = ${input.organizationId}`
    : sql`SELECT id FROM users WHERE id = ${input.userId}`;
  const pushFrom = isPushEvent(input.type, parsed.data) ? sql`now()` : sql`NULL`;
  const claimHere = dispatcherHere();
  const batchId = claimHere ? randomUUID() : '';
  if (claimHere) heldForCommit.hold(batchId);
  // One statement writes the rows and queues the NOTIFY (sent at the commit, once however many times
  // the planner evaluates it: identical notifications of a transaction are folded into one).
  let inserted: Omit<RawRow, 'type' | 'data'>[];
  try {
    // Planned once per connection and shape (recipients, push, claim, the caller's writes along).
    inserted = await preparedRows(
      tx,
      BY_TEXT,
      sql`WITH ${writesPrefix(along)} written AS (
            INSERT INTO realtime_messages (user_id, type, data, push_requested_at, dispatched_at)
            SELECT r.user_id, ${input.type}, ${JSON.stringify(parsed.data)}::jsonb, ${pushFrom},
                   ${claimHere ? sql`now()` : sql`NULL`}
            FROM (${recipients}) AS r(user_id)
            RETURNING id, user_id, seq, created_at)
          SELECT ${placeColumns} FROM written, (SELECT pg_notify(${OUTBOX_CHANNEL}, ${batchId})) AS notified`,
    );
  } catch (error) {
    heldForCommit.drop(batchId);
    throw error;
  }
  if (claimHere) {
    heldForCommit.written(
      batchId,
      inserted.map((row) => toOutboxRow({ ...row, type: input.type, data: parsed.data })).sort(bySeq),
    );
  }
  return inserted.map((row) => ({ messageId: row.id, userId: row.user_id }));
}

/**
 * Several events for the same recipients in one statement — a bulk change touching many records — with
 * the same guarantees and order as calling `enqueue` for each in turn (one message per event and
 * recipient), at the cost of one round trip instead of one per event.
 */
export async function enqueueMany(
  tx: Executor,
  recipient: Recipient,
  events: readonly RealtimeEvent[],
): Promise<EnqueuedMessage[]> {
  if (events.length === 0) return [];
  const checked = events.map((event, index) => {
    const parsed = parseRealtimeEvent(event.type, event.data);
    if (!parsed.success) {
      throw new Error(`Real-time event ${event.type} has invalid data: ${z.prettifyError(parsed.error)}`);
    }
    return { n: index, type: event.type, data: parsed.data, push: isPushEvent(event.type, parsed.data) };
  });
  const recipients: SQL = recipient.organizationId
    ? sql`SELECT user_id FROM organization_members WHERE organization_id = ${recipient.organizationId}`
    : sql`SELECT id FROM users WHERE id = ${recipient.userId}`;
  const claimHere = dispatcherHere();
  const batchId = claimHere ? randomUUID() : '';
  if (claimHere) heldForCommit.hold(batchId);
  let inserted: RawRow[];
  try {
    inserted = await rows(
      tx,
      sql`WITH written AS (
            INSERT INTO realtime_messages (user_id, type, data, push_requested_at, dispatched_at)
            SELECT r.user_id, e.type, e.data, CASE WHEN e.push THEN now() END,
                   ${claimHere ? sql`now()` : sql`NULL`}
            FROM jsonb_to_recordset(${JSON.stringify(checked)}::jsonb) AS e(n int, type text, data jsonb, push boolean)
            CROSS JOIN (${recipients}) AS r(user_id)
            ORDER BY e.n, r.user_id
            RETURNING id, user_id, seq, created_at, type, data)
          SELECT ${columns} FROM written, (SELECT pg_notify(${OUTBOX_CHANNEL}, ${batchId})) AS notified`,
    );
  } catch (error) {
    heldForCommit.drop(batchId);
    throw error;
  }
  if (claimHere) heldForCommit.written(batchId, inserted.map(toOutboxRow).sort(bySeq));
  return inserted.sort(bySeq).map((row) => ({ messageId: row.id, userId: row.user_id }));
}

interface RawRow {
  id: string;
  user_id: string;
  seq: number | string;
  type: RealtimeEventType;
  data: unknown;
  created_ms: number | string;
}

/** A row's id, recipient and place; `enqueue` knows the type and data it wrote and reads only these. */
const placeColumns = sql`id, user_id, seq::float8 AS seq, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms`;
const columns = sql`${placeColumns}, type, data`;
const bySeq = (a: { seq: number | string }, b: { seq: number | string }) => Number(a.seq) - Number(b.seq);

function toOutboxRow(row: RawRow): OutboxRow {
  return {
    messageId: row.id,
    userId: row.user_id,
    seq: Number(row.seq),
    message: {
      messageId: row.id,
      type: row.type,
      data: row.data,
      createdAt: new Date(Number(row.created_ms)).toISOString(),
    } as RealtimeMessage,
  };
}

/**
 * Claims up to `limit` messages nobody has dispatched yet, oldest first. SKIP LOCKED lets instances claim
 * side by side without taking the same row twice.
 */
export async function claimUndispatched(db: Db, limit: number): Promise<OutboxRow[]> {
  const claimed = await rows<RawRow>(
    db,
    sql`UPDATE realtime_messages SET dispatched_at = now()
        WHERE id IN (SELECT id FROM realtime_messages WHERE dispatched_at IS NULL
                     ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${columns}`,
  );
  return claimed.sort(bySeq).map(toOutboxRow);
}

/**
 * A user's unacknowledged messages after `afterSeq`, in order. The dispatch time of those already
 * dispatched is refreshed (they were just sent); those not yet dispatched are left to the dispatcher,
 * which sends them to every socket of the user, not only to the one now connecting.
 */
export async function takePending(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<OutboxRow[]> {
  const pending = await rows<RawRow>(
    db,
    sql`UPDATE realtime_messages
        SET dispatched_at = CASE WHEN dispatched_at IS NULL THEN NULL ELSE now() END
        WHERE id IN (SELECT id FROM realtime_messages
                     WHERE user_id = ${userId} AND acknowledged_at IS NULL AND seq > ${afterSeq}
                     ORDER BY seq LIMIT ${limit})
        RETURNING ${columns}`,
  );
  return pending.sort(bySeq).map(toOutboxRow);
}

/**
 * Messages dispatched to users connected here but still unacknowledged after `olderThanSeconds`: the
 * socket may have dropped them. They go out again (clients drop duplicates by messageId).
 */
export async function claimStale(
  db: Db,
  userIds: readonly string[],
  olderThanSeconds: number,
  limit: number,
): Promise<OutboxRow[]> {
  if (userIds.length === 0) return [];
  const stale = await rows<RawRow>(
    db,
    sql`UPDATE realtime_messages SET dispatched_at = now()
        WHERE id IN (SELECT id FROM realtime_messages
                     WHERE user_id IN ${uuidList(userIds)}
                       AND acknowledged_at IS NULL
                       AND dispatched_at < now() - make_interval(secs => ${olderThanSeconds})
                     ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${columns}`,
  );
  return stale.sort(bySeq).map(toOutboxRow);
}

/**
 * Records acknowledgements, each only for the user it was received from. Returns the ids that exist for
 * their user (acknowledging twice is harmless).
 */
export async function acknowledge(
  db: Db,
  acks: readonly { userId: string; messageId: string }[],
): Promise<Set<string>> {
  if (acks.length === 0) return new Set();
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE realtime_messages m
        SET acknowledged_at = coalesce(m.acknowledged_at, now()), push_requested_at = NULL
        FROM jsonb_to_recordset(${JSON.stringify(acks)}::jsonb) AS a("messageId" uuid, "userId" uuid)
        WHERE m.id = a."messageId" AND m.user_id = a."userId"
        RETURNING m.id`,
  );
  return new Set(done.map((row) => row.id));
}

/**
 * A FORCE_LOGOUT older than the session that now connects was meant for an earlier session (already
 * ended); it is acknowledged rather than replayed, or it would log the user out again.
 */
export async function acknowledgeStaleLogouts(db: Db, userId: string, sessionId: string): Promise<void> {
  await db.execute(
    sql`UPDATE realtime_messages SET acknowledged_at = now(), push_requested_at = NULL
        WHERE user_id = ${userId} AND type = 'FORCE_LOGOUT' AND acknowledged_at IS NULL
          AND created_at < (SELECT created_at FROM sessions WHERE id = ${sessionId})`,
  );
}

/** Push events unacknowledged `delaySeconds` after they were written: claimed once, for one push each. */
export async function claimDuePushes(db: Db, delaySeconds: number, limit: number): Promise<OutboxRow[]> {
  const due = await rows<RawRow>(
    db,
    sql`UPDATE realtime_messages SET pushed_at = now(), push_requested_at = NULL
        WHERE id IN (SELECT id FROM realtime_messages
                     WHERE push_requested_at IS NOT NULL
                       AND push_requested_at <= now() - make_interval(secs => ${delaySeconds})
                       AND acknowledged_at IS NULL
                     ORDER BY push_requested_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${columns}`,
  );
  return due.sort(bySeq).map(toOutboxRow);
}

/** Deletes acknowledged messages older than the retention period; returns how many went. */
export async function pruneAcknowledged(db: Db, retentionHours: number, limit: number): Promise<number> {
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM realtime_messages
        WHERE id IN (SELECT id FROM realtime_messages
                     WHERE acknowledged_at < now() - make_interval(hours => ${retentionHours})
                     LIMIT ${limit})
        RETURNING id`,
  );
  return deleted.length;
}

/**
 * At shutdown, after the hub has stopped: rows written here already claimed (held to be sent from
 * memory) whose commit was not heard in time are handed back — unclaimed, with a NOTIFY — so any instance
 * sends them now rather than leaving them to the redelivery or the recipient's next connection. Rows of
 * a transaction that rolled back do not exist and are not touched. Returns how many were handed back.
 */
export async function releaseHeld(db: Db): Promise<number> {
  const ids = heldForCommit.takeUnsent();
  if (ids.length === 0) return 0;
  const released = await rows<{ id: string }>(
    db,
    sql`WITH released AS (
          UPDATE realtime_messages SET dispatched_at = NULL
          WHERE id IN ${uuidList(ids)} AND acknowledged_at IS NULL
          RETURNING id)
        SELECT id FROM released, (SELECT pg_notify(${OUTBOX_CHANNEL}, '')) AS notified`,
  );
  return released.length;
}

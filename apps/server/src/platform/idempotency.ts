import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../db/client.ts';
import { withAfterCommit } from './after-commit.ts';
import { AppError } from './errors.ts';
import type { JobTx } from './jobs.ts';

export type Tx = JobTx;

/** The `Idempotency-Key` header: 8 to 100 visible ASCII characters (a UUID per click is typical). */
export function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Purchases need an Idempotency-Key header (8 to 100 characters, one per purchase attempt).',
    );
  }
  return key;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface PendingAnswer {
  userId: string;
  key: string;
  requestHash: string;
  /** The key's row is still to be written by the work's first write (keyAlong), not yet sent. */
  keyAlong: boolean;
  /** The response whose storing the work sent along with its own last write (answerAlong). */
  sent?: unknown;
}

/**
 * Thrown inside the transaction when the key's row, written along with the work's first write, was there
 * already (a repeat, or a twin that committed first): the transaction rolls back and `once` answers what
 * is stored.
 */
class KeyTaken extends Error {}

/** The Idempotency-Key a transaction runs under (once's work), by transaction. */
const pendingAnswers = new WeakMap<object, PendingAnswer>();

/**
 * The write that stores `response` as the answer of the Idempotency-Key `tx` runs under, for the work to
 * send along with its own last statement (db/client.ts writesPrefix) — one round trip fewer, under whatever
 * lock the work holds; null outside `once`. The work must then return this very `response`: `once`
 * stores the answer itself only when the work returned something else.
 */
export function answerAlong(tx: Db, response: unknown): SQL | null {
  const pending = pendingAnswers.get(tx);
  if (!pending) return null;
  pending.sent = response;
  return storeAnswer(pending, response);
}

/**
 * For work run by `once` with `keyAlong`: the insert of the key's row, for the work to send along with its
 * first write (a CTE: db/client.ts insertReturning); it returns one row when the key was free, and the work
 * then calls `keyAlongWritten` with whether it did. Null outside such a `once`, or once the key was sent.
 * The work must send it before it takes any lock a twin could wait on while holding the key (the key is
 * what a twin must wait on first, as it does on `once`'s own insert).
 */
export function keyAlong(tx: Db): SQL | null {
  const pending = pendingAnswers.get(tx);
  if (!pending?.keyAlong) return null;
  pending.keyAlong = false;
  return insertKey(pending);
}

/** What the work's first write said of `keyAlong`'s insert: whether it wrote the key's row. */
export function keyAlongWritten(inserted: boolean): void {
  if (!inserted) throw new KeyTaken();
}

function insertKey(scope: { userId: string; key: string; requestHash: string }): SQL {
  return sql`INSERT INTO idempotency_keys (user_id, key, request_hash)
    VALUES (${scope.userId}, ${scope.key}, ${scope.requestHash})
    ON CONFLICT (user_id, key) DO NOTHING RETURNING key`;
}

/** The update that stores a key's answer (status 201). */
function storeAnswer(scope: { userId: string; key: string }, response: unknown): SQL {
  return sql`UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb, status_code = 201
    WHERE user_id = ${scope.userId} AND key = ${scope.key}`;
}

/**
 * Runs `work` once per (user, key): the key row is inserted in the same transaction as the work. A
 * repeat after commit finds the row and gets the stored answer; a concurrent twin blocks on the
 * unique key until the first commits, then does the same. If the work fails, the transaction — key
 * row included — rolls back, so the client may retry with the same key.
 */
export async function once<T>(
  db: Db,
  scope: { userId: string; key: string; endpoint: string; body: unknown },
  work: (tx: Tx) => Promise<T>,
  /**
   * The work sends the key's insert along with its first write (`keyAlong`), one round trip fewer — used
   * by the hottest mutation, issuing a new document. Work that never sends it gets it written after it.
   */
  options: { keyAlong?: boolean } = {},
): Promise<{ response: T; replayed: boolean }> {
  const requestHash = createHash('sha256')
    .update(`${scope.endpoint}\n${canonical(scope.body)}`)
    .digest('hex');
  const keyScope = { userId: scope.userId, key: scope.key, requestHash };
  const stored = async (tx: Db): Promise<{ response: T; replayed: boolean }> => {
    const [row] = await rows<{ request_hash: string; response: T | null }>(
      tx,
      sql`SELECT request_hash, response FROM idempotency_keys WHERE user_id = ${scope.userId} AND key = ${scope.key}`,
    );
    if (!row || row.request_hash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    if (row.response === null) throw new AppError('INTERNAL', 'The first request left no answer.');
    return { response: row.response, replayed: true };
  };
  try {
    // Work handed on by the transaction (the accounting entry of a document issued) runs once it commits.
    return await withAfterCommit(db, () =>
      db.transaction(async (tx) => {
        if (!options.keyAlong) {
          const inserted = await rows<{ key: string }>(tx as unknown as Db, insertKey(keyScope));
          if (inserted.length === 0) return stored(tx as unknown as Db);
        }
        const pending: PendingAnswer = { ...keyScope, keyAlong: options.keyAlong === true };
        pendingAnswers.set(tx, pending);
        const response = await work(tx);
        pendingAnswers.delete(tx);
        if (pending.keyAlong) {
          const inserted = await rows<{ key: string }>(tx as unknown as Db, insertKey(keyScope));
          keyAlongWritten(inserted.length > 0);
        }
        if (pending.sent === response) return { response, replayed: false };
        await tx.execute(storeAnswer(scope, response));
        return { response, replayed: false };
      }),
    );
  } catch (error) {
    // The key was taken: everything the work wrote rolled back; the stored answer is the answer.
    if (!(error instanceof KeyTaken)) throw error;
    return stored(db);
  }
}

import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, preparedRows, rows } from '../../../db/client.ts';
import { BatchPoster } from './batch-poster.ts';
import { type PostingContext, postingContext, prefetchDocuments, syncDocument } from './sync.ts';

// The posting queue: a sales document issued through the API is posted right after its issuing
// transaction commits, not inside it — issuing holds its series' row lock (gapless numbering), and an
// entry (journal lock, numbering, hash chain, accounts) under that lock would cap a series at a few
// dozen documents a second. The issuing transaction writes one queue row; after the commit the request
// drains its organization's queue and answers once its entry is written, so what a client reads next
// is already posted. Concurrent requests of one organization share one drain (group posting: one
// journal lock, the documents and their lines read in two statements, the entries written in two, for
// every document that arrived meanwhile). A row left by a crash between commit and drain is posted by
// the sweeper (sweepPostingQueue). See docs/accounting-posting.md.

/** Rows posted per transaction. */
const DRAIN_BATCH = 500;

/**
 * Queues a just-issued document for posting after its transaction commits: the queue row's insert, sent
 * along with billing's issuing statement (hooks.ts queueIssuedDocument).
 */
export function enqueuePostingWrite(organizationId: string, documentId: string): SQL {
  return sql`INSERT INTO accounting_posting_queue (organization_id, source_kind, source_id)
    VALUES (${organizationId}, 'document', ${documentId})`;
}

/**
 * Takes a source out of the queue before it is posted inline (a cancellation, a payment): true when it
 * was still waiting, i.e. it has no entry yet. Waits for a drain that holds the row, so the entry that
 * drain posts is seen.
 */
export async function takeQueued(tx: Db, organizationId: string, sourceId: string): Promise<boolean> {
  const taken = await rows<{ id: number }>(
    tx,
    sql`DELETE FROM accounting_posting_queue
        WHERE organization_id = ${organizationId} AND source_id = ${sourceId} AND failed_at IS NULL
        RETURNING id`,
  );
  return taken.length > 0;
}

/** Posts one claimed source; a cancelled document gets its entry and, at once, its reversal. */
async function postSource(context: PostingContext, sourceId: string, cancelled: boolean) {
  if (cancelled) await syncDocument(context, sourceId, { asIssued: true });
  await syncDocument(context, sourceId);
}

interface Claimed {
  id: number;
  source_id: string;
  cancelled: boolean;
  posted: boolean;
}

/**
 * Takes queue rows out of the queue inside the caller's transaction (SKIP LOCKED: instances share the
 * work): the organization's oldest `limit`, or the row `id`. With each, whether its document is cancelled
 * and whether it already has an entry.
 */
function claim(tx: Db, organizationId: string, which: { limit: number } | { id: number }) {
  return preparedRows<Claimed>(
    tx,
    'id' in which ? 'posting_claim_one' : 'posting_claim_oldest',
    sql`WITH taken AS (
          DELETE FROM accounting_posting_queue WHERE id IN (
            SELECT id FROM accounting_posting_queue
            WHERE organization_id = ${organizationId} AND failed_at IS NULL
              ${'id' in which ? sql`AND id = ${which.id}` : sql`ORDER BY id LIMIT ${which.limit}`}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, source_id)
        SELECT t.id, t.source_id, coalesce(d.status = 'A', false) AS cancelled,
               EXISTS (SELECT 1 FROM accounting_entries e WHERE e.organization_id = ${organizationId}
                         AND e.source_type = 'billing_document' AND e.source_id = t.source_id) AS posted
        FROM taken t LEFT JOIN billing_documents d ON d.id = t.source_id ORDER BY t.id`,
  );
}

/**
 * One transaction: claims up to DRAIN_BATCH rows and posts them together (one journal lock, the
 * documents and their lines read in two statements, the entries written in two).
 * 'failed' when one of them could not be posted: the whole batch rolled back, its rows back in the queue.
 */
async function drainBatch(db: Db, organizationId: string): Promise<number | 'failed'> {
  try {
    return await db.transaction(async (tx) => {
      const claimed = await claim(tx, organizationId, { limit: DRAIN_BATCH });
      if (claimed.length === 0) return 0;
      const base = await postingContext(tx, organizationId);
      // postingContext has set the ledger up: the poster need not check it again.
      const poster = new BatchPoster(tx, organizationId, { ledgerReady: true });
      base.accounts.beforeRead = () => poster.write();
      const context: PostingContext = {
        ...base,
        poster,
        // Sources without any entry skip the live-entry lookup, so their entries are written together.
        unposted: new Set(claimed.filter((row) => !row.posted).map((row) => row.source_id)),
      };
      const sources = [...new Set(claimed.map((row) => row.source_id))];
      await prefetchDocuments(context, sources);
      const seen = new Set<string>();
      for (const row of claimed) {
        if (seen.has(row.source_id)) continue;
        seen.add(row.source_id);
        await postSource(context, row.source_id, row.cancelled);
      }
      await poster.flush();
      return claimed.length;
    });
  } catch {
    // drainOneByOne finds which (or that the database itself is failing, and stops there).
    return 'failed';
  }
}

/** Posts each source in its own transaction; one that fails stays in the queue with its error. */
async function drainOneByOne(db: Db, organizationId: string, log?: FastifyBaseLogger): Promise<void> {
  const pending = await rows<{ id: number; source_id: string }>(
    db,
    sql`SELECT id, source_id FROM accounting_posting_queue
        WHERE organization_id = ${organizationId} AND failed_at IS NULL ORDER BY id LIMIT ${DRAIN_BATCH}`,
  );
  for (const row of pending) {
    try {
      await db.transaction(async (tx) => {
        const [taken] = await claim(tx, organizationId, { id: row.id });
        if (!taken) return;
        await postSource(await postingContext(tx, organizationId), taken.source_id, taken.cancelled);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log?.warn({ err: error, organizationId, sourceId: row.source_id }, 'automatic posting failed');
      await db.execute(sql`
        UPDATE accounting_posting_queue SET failed_at = now(), error = ${message.slice(0, 500)}
        WHERE id = ${row.id}`);
    }
  }
}

/** Drains every row of the organization's queue committed before the call. Never throws. */
async function drainAll(db: Db, organizationId: string, log?: FastifyBaseLogger): Promise<void> {
  try {
    for (;;) {
      const claimed = await drainBatch(db, organizationId);
      // One source could not be posted: each is posted alone, and the one that fails is set aside.
      if (claimed === 'failed') await drainOneByOne(db, organizationId, log);
      else if (claimed < DRAIN_BATCH) return;
    }
  } catch (error) {
    // The database is unreachable or the like: the rows stay queued for the sweeper.
    log?.error({ err: error, organizationId }, 'the posting queue could not be drained');
  }
}

/** The drain running for an organization, and the one that will follow it (shared by later callers). */
interface Drains {
  running: Promise<void>;
  next?: Promise<void>;
}

const drains = new WeakMap<Db, Map<string, Drains>>();
/** Every drain running or waiting to run, in any database (settlePostingQueue awaits them). */
const inFlight = new Set<Promise<void>>();

/**
 * Drains the organization's queue. Calls that overlap share drains: a call made while one runs waits
 * for the next (which starts when the running one ends and takes everything queued meanwhile), so every
 * caller's committed rows are posted when its promise resolves, and N concurrent callers cost two drains.
 */
export function drainPostingQueue(db: Db, organizationId: string, log?: FastifyBaseLogger): Promise<void> {
  let byOrg = drains.get(db);
  if (!byOrg) {
    byOrg = new Map();
    drains.set(db, byOrg);
  }
  const organizations = byOrg;
  const start = (): Promise<void> => {
    const slot: Drains = { running: Promise.resolve() };
    organizations.set(organizationId, slot);
    slot.running = drainAll(db, organizationId, log).finally(() => {
      inFlight.delete(slot.running);
      // With a next drain waiting, the slot stays until that one takes it over.
      if (!slot.next && organizations.get(organizationId) === slot) organizations.delete(organizationId);
    });
    inFlight.add(slot.running);
    return slot.running;
  };
  const slot = organizations.get(organizationId);
  if (!slot) return start();
  if (!slot.next) {
    const next = slot.running.then(start);
    slot.next = next;
    inFlight.add(next);
    void next.finally(() => inFlight.delete(next));
  }
  return slot.next;
}

/**
 * Waits until no drain runs or waits, in any database (the server's onClose, before the database closes:
 * the sweeper's drains run behind any request).
 */
export async function settlePostingQueue(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Posts what a crash left in the queue: every organization with rows older than `olderThanSeconds`
 * that are not marked failed. Run at start-up and every minute by the accounting routes.
 */
export async function sweepPostingQueue(
  db: Db,
  olderThanSeconds: number,
  log?: FastifyBaseLogger,
): Promise<number> {
  const organizations = await rows<{ organization_id: string }>(
    db,
    sql`SELECT DISTINCT organization_id FROM accounting_posting_queue
        WHERE failed_at IS NULL AND created_at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
  for (const { organization_id } of organizations) await drainPostingQueue(db, organization_id, log);
  return organizations.length;
}

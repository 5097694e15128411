import { sql } from 'drizzle-orm';
import { type Db, rows, uuidValues } from '../../../db/client.ts';
import { afterCommit } from '../../../platform/after-commit.ts';
import {
  type BillingIssuedAlongHook,
  type BillingSourceChangedHook,
  onBillingSourceChanged,
} from '../../billing/index.ts';
import {
  onTransactionsClassified,
  onTransactionsCreated,
  type TransactionsClassifiedHook,
  type TransactionsCreatedHook,
} from '../../treasury/index.ts';
import { drainPostingQueue, enqueuePostingWrite, takeQueued } from './queue.ts';
import {
  DEFER_POSTING_SETTING,
  postingContext,
  syncDocument,
  syncMovement,
  syncPayment,
  syncPurchase,
} from './sync.ts';

/**
 * Billing's hook: the document, payment or purchase that changed is posted (or re-posted) at once. A
 * document issued through the API never comes here: queueIssuedDocument queues it instead.
 */
export const postBillingSource: BillingSourceChangedHook = async (
  tx,
  { organizationId, kind, id, issued },
) => {
  const context = await postingContext(tx, organizationId, { forHook: true });
  if (context.deferred) return;
  // A document still waiting in the queue has no entry yet: a cancellation posts it and its reversal.
  const waiting = kind === 'document' && !issued && (await takeQueued(tx, organizationId, id));
  if (kind === 'document') {
    if (waiting) await syncDocument(context, id, { asIssued: true });
    await syncDocument(context, id);
  } else if (kind === 'payment') await syncPayment(context, id);
  else await syncPurchase(context, id);
};

/**
 * A document issued through the API: its queue row is written by the issuing statement itself, and the
 * queue is drained right after the commit, in a group with the documents issued meanwhile (the request
 * answers once its entry is written: queue.ts). Null without an after-commit scope (the seed, jobs):
 * postBillingSource then posts it inline.
 */
export const queueIssuedDocument: BillingIssuedAlongHook = (_tx, { organizationId, id }) =>
  afterCommit((db) => drainPostingQueue(db, organizationId)) ? enqueuePostingWrite(organizationId, id) : null;

async function postMovements(tx: Db, organizationId: string, ids: readonly string[]): Promise<void> {
  const context = await postingContext(tx, organizationId, { forHook: true });
  if (context.deferred) return;
  for (const id of ids) await syncMovement(context, id);
}

/** New movements: only those that arrive categorised (by hand or by a rule) call for an entry. */
export const postNewMovements: TransactionsCreatedHook = async (tx, created) => {
  const categorised = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM treasury_transactions
        WHERE organization_id = ${created.organizationId} AND id IN (${uuidValues(created.transactionIds)}) AND (category_id IS NOT NULL OR is_split)`,
  );
  if (categorised.length > 0)
    await postMovements(
      tx,
      created.organizationId,
      categorised.map((row) => row.id),
    );
};

export const postClassifiedMovements: TransactionsClassifiedHook = (tx, changed) =>
  postMovements(tx, changed.organizationId, changed.transactionIds);

/**
 * Subscribes automatic posting to billing's and treasury's hooks (idempotent). Called at start-up by
 * the accounting routes; after the treasury routes, so that movements arrive with their rules applied.
 */
export function subscribePosting(): void {
  onBillingSourceChanged(postBillingSource, { issuedAlong: queueIssuedDocument });
  onTransactionsCreated(postNewMovements);
  onTransactionsClassified(postClassifiedMovements);
}

/**
 * Defers automatic posting until the end of the caller's transaction (SET LOCAL): the hooks then post
 * nothing, and the caller runs postPending before it commits. The demo seed does this, so that its
 * year of data is posted once, in date order, by the batch path.
 */
export async function deferPosting(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT set_config(${DEFER_POSTING_SETTING}, 'on', true)`);
}

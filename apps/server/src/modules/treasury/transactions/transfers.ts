import type { Transaction } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';
import { filterConditions, type MovementScope, whereClause } from './transaction-query.ts';
import { findTransaction, lockMovements } from './transactions.repository.ts';
import { type MovementsDeps, notifyChanged, scopeOf, transactionsInOrder } from './transactions.service.ts';

// Transfers between the organization's own accounts: two movements linked to each other, one out of an
// account and one into another. Linked movements count neither as income nor as expense.

/** How far apart the two sides' booking dates may be (banks book a transfer on different days). */
export const TRANSFER_WINDOW_DAYS = 5;
const MAX_CANDIDATES = 20;

const notFound = () => new AppError('NOT_FOUND', 'No such movement in this organization.');
const notPossible = (message: string) => new AppError('TRANSFER_NOT_POSSIBLE', message);

/**
 * The other side a transfer could have: an unlinked movement of the opposite sign on another account the
 * viewer sees, booked within TRANSFER_WINDOW_DAYS. In the same currency it must be the exact opposite
 * amount; in another currency any amount (the rate is unknown), ranked after the same-currency ones.
 * Nearest date first.
 */
export async function transferCandidates(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
): Promise<Transaction[]> {
  const scope = await scopeOf(deps.db, viewer);
  const movement = await findTransaction(deps.db, scope, id);
  if (!movement) throw notFound();
  if (movement.transferTransactionId) return [];
  const found = await rows<{ id: string }>(
    deps.db,
    sql`SELECT t.id FROM treasury_transactions t
        WHERE ${whereClause(filterConditions(scope, {}))}
          AND t.account_id <> ${movement.accountId}
          AND t.transfer_transaction_id IS NULL
          AND sign(t.amount) = ${-Math.sign(movement.amount)}
          AND t.booking_date BETWEEN ${movement.bookingDate}::date - ${TRANSFER_WINDOW_DAYS}::int
                                 AND ${movement.bookingDate}::date + ${TRANSFER_WINDOW_DAYS}::int
          AND (t.currency <> ${movement.currency} OR t.amount = ${-movement.amount})
        ORDER BY (t.currency = ${movement.currency}) DESC,
                 abs(t.booking_date - ${movement.bookingDate}::date), t.seq
        LIMIT ${MAX_CANDIDATES}`,
  );
  return transactionsInOrder(
    deps.db,
    scope,
    found.map((row) => row.id),
  );
}

export async function linkTransfer(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
  counterpartId: string,
): Promise<Transaction> {
  if (id === counterpartId) throw notPossible('A movement cannot be a transfer to itself.');
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, viewer);
    const locked = await lockMovements(tx, scope, [id, counterpartId]);
    const movement = locked.find((row) => row.id === id);
    const counterpart = locked.find((row) => row.id === counterpartId);
    if (!movement || !counterpart) throw notFound();
    if (
      movement.transferTransactionId === counterpart.id &&
      counterpart.transferTransactionId === movement.id
    )
      return readBack(tx, scope, id);
    if (movement.accountId === counterpart.accountId)
      throw notPossible('The two sides of a transfer must be on different accounts.');
    if (Math.sign(movement.amount) === Math.sign(counterpart.amount))
      throw notPossible('One side of a transfer leaves an account and the other enters one: opposite signs.');
    if (movement.currency === counterpart.currency && movement.amount !== -counterpart.amount)
      throw notPossible('In the same currency, the two sides of a transfer have exactly opposite amounts.');
    if (movement.transferTransactionId || counterpart.transferTransactionId)
      throw notPossible('One of the movements is already a transfer with another movement.');
    await tx.execute(sql`
      UPDATE treasury_transactions
      SET transfer_transaction_id = CASE WHEN id = ${id}::uuid THEN ${counterpartId}::uuid ELSE ${id}::uuid END,
          updated_at = now()
      WHERE organization_id = ${viewer.organizationId} AND id IN (${id}::uuid, ${counterpartId}::uuid)`);
    await notifyChanged(tx, viewer.organizationId, [movement, counterpart]);
    return readBack(tx, scope, id);
  });
}

/** Undoes the link on both sides (the other side may be on an account the viewer does not see). */
export async function unlinkTransfer(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
): Promise<Transaction> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, viewer);
    const seen = await findTransaction(tx, scope, id);
    if (!seen) throw notFound();
    if (!seen.transferTransactionId) return seen;
    const orgWide: MovementScope = { organizationId: viewer.organizationId, visible: null };
    // Both rows, in id order, before changing either (as linkTransfer locks them).
    await lockMovements(tx, orgWide, [id, seen.transferTransactionId]);
    const unlinked = await rows<{ id: string; account_id: string }>(
      tx,
      sql`UPDATE treasury_transactions SET transfer_transaction_id = NULL, updated_at = now()
          WHERE organization_id = ${viewer.organizationId}
            AND (id = ${id} OR transfer_transaction_id = ${id})
          RETURNING id, account_id`,
    );
    await notifyChanged(
      tx,
      viewer.organizationId,
      unlinked.map((row) => ({ id: row.id, accountId: row.account_id })),
    );
    return readBack(tx, scope, id);
  });
}

async function readBack(tx: Db, scope: MovementScope, id: string): Promise<Transaction> {
  const found = await findTransaction(tx, scope, id);
  if (!found) throw notFound();
  return found;
}

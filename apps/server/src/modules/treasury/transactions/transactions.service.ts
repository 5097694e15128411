import { randomUUID } from 'node:crypto';
import type { Transaction, TransactionFilters } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganizationMany } from '../../../realtime/notify.ts';
import { type TreasuryViewer, visibleAccountIds } from '../accounts/account-scope.ts';
import { transactionsClassified } from './classified-hooks.ts';
import { insertEntries, lockAccount, normaliseText, recomputeRunningBalances } from './ingest.ts';
import { decodeCursor, encodeCursor, type MovementScope, type TransactionSort } from './transaction-query.ts';
import {
  type CurrencyTotals,
  existingIds,
  findTransaction,
  findTransactions,
  type LockedMovement,
  listPage,
  lockMovements,
  totals,
} from './transactions.repository.ts';

// Movements: the list, one movement, manual entry and deletion, and classification (category,
// merchant, notes), alone or in bulk. Every write tells the organization (UPDATE_TRANSACTION) from
// inside its transaction.

export interface MovementsDeps {
  db: Db;
}

export async function scopeOf(db: Db, viewer: TreasuryViewer): Promise<MovementScope> {
  return { organizationId: viewer.organizationId, visible: await visibleAccountIds(db, viewer) };
}

const notFound = () => new AppError('NOT_FOUND', 'No such movement in this organization.');

export async function notifyChanged(
  tx: Db,
  organizationId: string,
  movements: { id: string; accountId: string }[],
): Promise<void> {
  await notifyOrganizationMany(
    tx,
    organizationId,
    'UPDATE_TRANSACTION',
    movements.map((movement) => ({ TransactionId: movement.id, AccountId: movement.accountId })),
  );
}

export interface ListQuery extends TransactionFilters {
  sort: TransactionSort;
  cursor?: string | undefined;
  limit: number;
}

export async function listTransactions(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  query: ListQuery,
): Promise<{ items: Transaction[]; nextCursor: string | null; totals: CurrencyTotals[] }> {
  const { sort, cursor, limit, ...filters } = query;
  const keyset = cursor ? decodeCursor(cursor, sort) : null;
  const scope = await scopeOf(deps.db, viewer);
  // The page and the totals are independent reads: on PostgreSQL they run on two connections at once.
  const [page, sums] = await Promise.all([
    listPage(deps.db, scope, filters, sort, keyset, limit + 1),
    totals(deps.db, scope, filters),
  ]);
  const items = page.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    page.length > limit && last
      ? encodeCursor({
          sort,
          key: sort.startsWith('date') ? last.transaction.bookingDate : last.transaction.amount,
          seq: last.seq,
        })
      : null;
  return { items: items.map((row) => row.transaction), nextCursor, totals: sums };
}

export async function getTransaction(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
): Promise<Transaction> {
  const found = await findTransaction(deps.db, await scopeOf(deps.db, viewer), id);
  if (!found) throw notFound();
  return found;
}

interface Classification {
  categoryId?: string | null | undefined;
  merchantId?: string | null | undefined;
  notes?: string | null | undefined;
}

/** The category and merchant named must be the organization's own. */
export async function checkClassification(
  tx: Db,
  organizationId: string,
  classification: { categoryIds: (string | null | undefined)[]; merchantId?: string | null | undefined },
): Promise<void> {
  const categoryIds = [...new Set(classification.categoryIds.filter((id): id is string => Boolean(id)))];
  const known = await existingIds(tx, 'treasury_categories', organizationId, categoryIds);
  const details = categoryIds
    .filter((id) => !known.has(id))
    .map(() => ({
      path: 'categoryId',
      messageKey: 'VALIDATION.INVALID_VALUE',
      message: 'Not a category of this organization.',
    }));
  if (classification.merchantId) {
    const merchants = await existingIds(tx, 'treasury_merchants', organizationId, [
      classification.merchantId,
    ]);
    if (!merchants.has(classification.merchantId))
      details.push({
        path: 'merchantId',
        messageKey: 'VALIDATION.INVALID_VALUE',
        message: 'Not a merchant of this organization.',
      });
  }
  if (details.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'The category or merchant is not one of this organization.',
      details,
    );
}

export interface CreateMovementInput extends Classification {
  accountId: string;
  bookingDate: string;
  amount: number;
  description: string;
}

/** A movement entered by hand: only cash wallets and POS terminals take them (banks send their own). */
export async function createTransaction(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  input: CreateMovementInput,
): Promise<Transaction> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, viewer);
    if (scope.visible !== null && !scope.visible.includes(input.accountId))
      throw new AppError('NOT_FOUND', 'No such account in this organization.');
    const account = await lockAccount(tx, viewer.organizationId, input.accountId);
    if (account.kind !== 'cash' && account.kind !== 'pos')
      throw new AppError(
        'MANUAL_MOVEMENTS_ONLY',
        'Only cash wallets and POS terminals take manual movements; bank and card movements come from the bank.',
      );
    if (account.archived) throw new AppError('ACCOUNT_ARCHIVED', 'The account is archived.');
    await checkClassification(tx, viewer.organizationId, {
      categoryIds: [input.categoryId],
      merchantId: input.merchantId,
    });
    const { insertedIds } = await insertEntries(tx, {
      account,
      source: 'manual',
      createdBy: viewer.userId,
      entries: [
        {
          line: 1,
          bookingDate: input.bookingDate,
          valueDate: input.bookingDate,
          amount: input.amount,
          currency: account.currency,
          description: input.description,
          counterpartyName: null,
          counterpartyIban: null,
          remittanceInfo: null,
          endToEndId: null,
          bankReference: null,
          providerTransactionId: null,
          balanceAfter: null,
          // Two equal cash movements on one day are two movements: each gets its own identity.
          dedupeKey: `m:${randomUUID()}`,
        },
      ],
      classify: () => ({
        categoryId: input.categoryId ?? null,
        merchantId: input.merchantId ?? null,
        notes: input.notes ?? null,
      }),
    });
    const id = insertedIds[0];
    if (!id) throw new Error('A manual movement with a fresh key was not inserted');
    await notifyChanged(tx, viewer.organizationId, [{ id, accountId: account.id }]);
    const created = await findTransaction(tx, scope, id);
    if (!created) throw new Error('The movement just created is not readable');
    return created;
  });
}

/** Only manual movements are deleted (imported ones are the bank's record); a transfer's other side is unlinked. */
export async function deleteTransaction(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, viewer);
    const seen = await findTransaction(tx, scope, id);
    if (!seen) throw notFound();
    if (seen.source !== 'manual')
      throw new AppError('MANUAL_MOVEMENTS_ONLY', 'Only manual movements can be deleted.');
    // The account first, then the rows: the order every writer of movements follows.
    const account = await lockAccount(tx, viewer.organizationId, seen.accountId);
    const orgWide: MovementScope = { organizationId: viewer.organizationId, visible: null };
    const locked = await lockMovements(
      tx,
      orgWide,
      [id, seen.transferTransactionId].filter((value): value is string => Boolean(value)),
    );
    const movement = locked.find((row) => row.id === id);
    if (!movement) throw notFound();
    const unlinked = await rows<{ id: string; account_id: string }>(
      tx,
      sql`UPDATE treasury_transactions SET transfer_transaction_id = NULL, updated_at = now()
          WHERE organization_id = ${viewer.organizationId} AND transfer_transaction_id = ${id}
          RETURNING id, account_id`,
    );
    await tx.execute(
      sql`DELETE FROM treasury_transactions WHERE id = ${id} AND organization_id = ${viewer.organizationId}`,
    );
    await recomputeRunningBalances(tx, account, movement.bookingDate);
    await transactionsClassified(tx, viewer.organizationId, [id]);
    await notifyChanged(tx, viewer.organizationId, [
      { id, accountId: movement.accountId },
      ...unlinked.map((row) => ({ id: row.id, accountId: row.account_id })),
    ]);
  });
}

/** search_text follows the notes (they are part of what the text filter reads). */
function searchText(movement: LockedMovement, notes: string | null): string {
  return normaliseText(movement.description, movement.counterpartyName, movement.remittanceInfo, notes);
}

/**
 * Sets category, merchant and notes of the movements; a split movement keeps its parts' categories
 * (its own category is not set). All or nothing: an id the viewer cannot see fails the whole call.
 */
async function classify(
  tx: Db,
  viewer: TreasuryViewer,
  ids: string[],
  set: Classification,
  options: { refuseCategoryOnSplit: boolean },
): Promise<number> {
  const unique = [...new Set(ids)];
  const scope = await scopeOf(tx, viewer);
  const locked = await lockMovements(tx, scope, unique);
  if (locked.length !== unique.length) throw notFound();
  if (options.refuseCategoryOnSplit && set.categoryId !== undefined && locked.some((row) => row.isSplit))
    throw new AppError('VALIDATION_FAILED', 'A split movement is categorised by its parts.', [
      {
        path: 'categoryId',
        messageKey: 'VALIDATION.INVALID',
        message: 'A split movement is categorised by its parts.',
      },
    ]);
  await checkClassification(tx, viewer.organizationId, {
    categoryIds: [set.categoryId],
    merchantId: set.merchantId,
  });
  if (set.categoryId === undefined && set.merchantId === undefined && set.notes === undefined) return 0;
  const assignments = [sql`updated_at = now()`];
  if (set.categoryId !== undefined)
    assignments.push(
      sql`category_id = CASE WHEN t.is_split THEN t.category_id ELSE ${set.categoryId}::uuid END`,
    );
  if (set.merchantId !== undefined) assignments.push(sql`merchant_id = ${set.merchantId}`);
  if (set.notes !== undefined) {
    const notes = set.notes === '' ? null : set.notes;
    assignments.push(sql`notes = ${notes}`, sql`search_text = v.search_text`);
  }
  const values = locked.map((row) => ({
    id: row.id,
    search_text: set.notes === undefined ? null : searchText(row, set.notes === '' ? null : set.notes),
  }));
  await tx.execute(sql`
    UPDATE treasury_transactions t SET ${sql.join(assignments, sql`, `)}
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id uuid, search_text text)
    WHERE t.id = v.id AND t.organization_id = ${viewer.organizationId}`);
  if (set.categoryId !== undefined)
    await transactionsClassified(
      tx,
      viewer.organizationId,
      locked.map((row) => row.id),
    );
  await notifyChanged(tx, viewer.organizationId, locked);
  return locked.length;
}

export async function updateTransaction(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
  set: Classification,
): Promise<Transaction> {
  return deps.db.transaction(async (tx) => {
    await classify(tx, viewer, [id], set, { refuseCategoryOnSplit: true });
    const updated = await findTransaction(tx, await scopeOf(tx, viewer), id);
    if (!updated) throw notFound();
    return updated;
  });
}

export async function bulkUpdateTransactions(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  ids: string[],
  set: Classification,
): Promise<number> {
  return deps.db.transaction((tx) => classify(tx, viewer, ids, set, { refuseCategoryOnSplit: false }));
}

/** The movements as the API shows them, in the order of `ids`. */
export async function transactionsInOrder(
  tx: Db,
  scope: MovementScope,
  ids: string[],
): Promise<Transaction[]> {
  const found = new Map((await findTransactions(tx, scope, ids)).map((row) => [row.id, row]));
  return ids.map((id) => found.get(id)).filter((row): row is Transaction => Boolean(row));
}

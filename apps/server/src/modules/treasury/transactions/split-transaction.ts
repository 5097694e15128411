import type { Transaction } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';
import { transactionsClassified } from './classified-hooks.ts';
import { findTransaction, type LockedMovement, lockMovements } from './transactions.repository.ts';
import { checkClassification, type MovementsDeps, notifyChanged, scopeOf } from './transactions.service.ts';

// Sub-transactions: a movement split into parts, each with its own category. The parts always sum
// exactly to the movement, each has the movement's sign, and while split the movement's own category
// is empty (the parts carry it).

export const SUB_TRANSACTIONS_FLAG = 'subTransactionsFeature';

export interface SplitPart {
  amount: number;
  categoryId: string | null;
  description?: string | null | undefined;
}

async function flagEnabled(db: Db, name: string): Promise<boolean> {
  const [flag] = await rows<{ enabled: boolean }>(
    db,
    sql`SELECT enabled FROM feature_flags WHERE name = ${name}`,
  );
  return Boolean(flag?.enabled);
}

const mismatch = (message: string, path = 'parts') =>
  new AppError('SPLIT_MISMATCH', message, [{ path, messageKey: 'ERRORS.SPLIT_MISMATCH', message }]);

/** Why these parts cannot split the movement, or nothing. Sums in BigInt: 50 safe integers can overflow. */
export function checkParts(amount: number, parts: readonly SplitPart[]): void {
  if (parts.length === 0) return;
  if (parts.length < 2) throw mismatch('A split needs at least two parts; send none to undo the split.');
  parts.forEach((part, index) => {
    if (part.amount === 0 || Math.sign(part.amount) !== Math.sign(amount))
      throw mismatch('Each part must be non-zero with the sign of the movement.', `parts.${index}.amount`);
  });
  const sum = parts.reduce((total, part) => total + BigInt(part.amount), 0n);
  if (sum !== BigInt(amount))
    throw mismatch(`The parts add up to ${sum}, the movement is ${amount} (minor units).`);
}

/**
 * Replaces the movement's parts inside the caller's transaction (the movement's row locked). Also what
 * the rules' split action uses. An empty list un-splits: the movement takes back the parts' category
 * when they all had the same one.
 */
export async function replaceParts(
  tx: Db,
  organizationId: string,
  movement: Pick<LockedMovement, 'id' | 'amount'>,
  parts: readonly SplitPart[],
): Promise<void> {
  checkParts(movement.amount, parts);
  const previous = await rows<{ category_id: string | null }>(
    tx,
    sql`DELETE FROM treasury_transaction_parts
        WHERE transaction_id = ${movement.id} AND organization_id = ${organizationId} RETURNING category_id`,
  );
  if (parts.length === 0) {
    const categories = new Set(previous.map((row) => row.category_id));
    const [only] = categories;
    const restored = categories.size === 1 ? (only ?? null) : null;
    await tx.execute(sql`
      UPDATE treasury_transactions
      SET is_split = false, updated_at = now(),
          category_id = CASE WHEN is_split THEN ${restored}::uuid ELSE category_id END
      WHERE id = ${movement.id} AND organization_id = ${organizationId}`);
    await transactionsClassified(tx, organizationId, [movement.id]);
    return;
  }
  const values = parts.map((part, position) => ({
    position,
    amount: part.amount,
    category_id: part.categoryId,
    description: part.description ?? null,
  }));
  await tx.execute(sql`
    INSERT INTO treasury_transaction_parts (organization_id, transaction_id, position, amount, category_id, description)
    SELECT ${organizationId}, ${movement.id}, v.position, v.amount, v.category_id, v.description
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      AS v(position int, amount bigint, category_id uuid, description text)`);
  await tx.execute(sql`
    UPDATE treasury_transactions SET is_split = true, category_id = NULL, updated_at = now()
    WHERE id = ${movement.id} AND organization_id = ${organizationId}`);
  await transactionsClassified(tx, organizationId, [movement.id]);
}

export async function splitTransaction(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  id: string,
  parts: SplitPart[],
): Promise<Transaction> {
  if (!(await flagEnabled(deps.db, SUB_TRANSACTIONS_FLAG)))
    throw new AppError('FEATURE_DISABLED', 'Sub-transactions are not enabled on this server.');
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, viewer);
    const [movement] = await lockMovements(tx, scope, [id]);
    if (!movement) throw new AppError('NOT_FOUND', 'No such movement in this organization.');
    checkParts(movement.amount, parts);
    await checkClassification(tx, viewer.organizationId, {
      categoryIds: parts.map((part) => part.categoryId),
    });
    await replaceParts(tx, viewer.organizationId, movement, parts);
    await notifyChanged(tx, viewer.organizationId, [movement]);
    const split = await findTransaction(tx, scope, id);
    if (!split) throw new AppError('NOT_FOUND', 'No such movement in this organization.');
    return split;
  });
}

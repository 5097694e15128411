import type { Transaction } from '@fluxo/domain';
import type { SQL } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { findTransactions } from '../transactions/transactions.repository.ts';

// Movements as the API shows them, for the parts of treasury that answer with a few of them (a rule's
// preview sample, a POS batch's settlement candidates): the movements part's own mapper, in the order
// the caller ranked them.

/**
 * The organization's movements with these ids, in the order given, with their parts. The caller has
 * already limited `ids` to what the viewer may see.
 */
export async function loadTransactions(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Transaction[]> {
  const found = await findTransactions(db, { organizationId, visible: null }, [...ids]);
  const byId = new Map(found.map((transaction) => [transaction.id, transaction]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The `id` column of a query's rows. */
export async function selectIds(db: Db, query: SQL): Promise<string[]> {
  return (await rows<{ id: string }>(db, query)).map((row) => row.id);
}

import type { Db } from '../../../db/client.ts';

/**
 * Runs inside the writing transaction once movements' classification changed: category set, changed or
 * cleared, split or un-split (by hand, in bulk, or by a rule applied to existing movements), or a manual
 * movement deleted. Same shape as onTransactionsCreated; accounting re-posts the movements from it.
 */
export type TransactionsClassifiedHook = (
  tx: Db,
  changed: { organizationId: string; transactionIds: string[] },
) => Promise<void>;

const classifiedHooks = new Set<TransactionsClassifiedHook>();

/** Registered once at start-up (a second registration of the same function is ignored). */
export function onTransactionsClassified(hook: TransactionsClassifiedHook): void {
  classifiedHooks.add(hook);
}

export async function transactionsClassified(
  tx: Db,
  organizationId: string,
  transactionIds: readonly string[],
): Promise<void> {
  if (transactionIds.length === 0) return;
  for (const hook of classifiedHooks) await hook(tx, { organizationId, transactionIds: [...transactionIds] });
}

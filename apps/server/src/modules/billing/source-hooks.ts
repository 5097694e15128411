import type { Db } from '../../db/client.ts';

/**
 * What billing tells the modules above it (accounting) about the documents it keeps: a sales document
 * or receipt issued or cancelled, a payment recorded or cancelled, a supplier document recorded, changed
 * or cancelled. The hooks run inside the writing transaction, after the change, so whatever they write
 * commits or rolls back with it. Billing never imports accounting: accounting subscribes at start-up.
 */
export type BillingSourceKind = 'document' | 'payment' | 'purchase';

export interface BillingSourceChange {
  organizationId: string;
  kind: BillingSourceKind;
  id: string;
  /** A document just issued (not changed afterwards): nothing was posted for it before. */
  issued?: boolean;
}

export type BillingSourceChangedHook = (tx: Db, changed: BillingSourceChange) => Promise<void>;

const changedHooks = new Set<BillingSourceChangedHook>();

/** Registered once at start-up (a second registration of the same function is ignored). */
export function onBillingSourceChanged(hook: BillingSourceChangedHook): void {
  changedHooks.add(hook);
}

/** Runs every registered hook in the caller's transaction. */
export async function billingSourceChanged(
  tx: Db,
  organizationId: string,
  kind: BillingSourceKind,
  id: string,
  options: { issued?: boolean } = {},
): Promise<void> {
  for (const hook of changedHooks) await hook(tx, { organizationId, kind, id, ...options });
}

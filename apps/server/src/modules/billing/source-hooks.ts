import type { SQLWrapper } from 'drizzle-orm';
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

/**
 * A subscriber's write for a document being issued, sent along with the issuing transaction's last
 * statement (one round trip fewer under the series lock); null: call the subscriber's changed hook
 * instead, once the document is written.
 */
export type BillingIssuedAlongHook = (tx: Db, changed: BillingSourceChange) => SQLWrapper | null;

const changedHooks = new Set<BillingSourceChangedHook>();
const alongHooks = new Map<BillingSourceChangedHook, BillingIssuedAlongHook>();

/** Registered once at start-up (a second registration of the same function is ignored). */
export function onBillingSourceChanged(
  hook: BillingSourceChangedHook,
  options: { issuedAlong?: BillingIssuedAlongHook } = {},
): void {
  changedHooks.add(hook);
  if (options.issuedAlong) alongHooks.set(hook, options.issuedAlong);
}

/**
 * A document being issued: the writes its subscribers send along with the issuing statement, and
 * `written()`, to call once the document is written, which tells the other subscribers.
 */
export function documentIssued(
  tx: Db,
  organizationId: string,
  id: string,
): { writes: SQLWrapper[]; written: () => Promise<void> } {
  const changed: BillingSourceChange = { organizationId, kind: 'document', id, issued: true };
  const writes: SQLWrapper[] = [];
  const rest: BillingSourceChangedHook[] = [];
  for (const hook of changedHooks) {
    const write = alongHooks.get(hook)?.(tx, changed) ?? null;
    if (write) writes.push(write);
    else rest.push(hook);
  }
  return {
    writes,
    written: async () => {
      for (const hook of rest) await hook(tx, changed);
    },
  };
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

import type { RealtimeEvent, RealtimeEventInput, RealtimeEventType } from '@fluxo/domain';
import type { SQLWrapper } from 'drizzle-orm';
import { type EnqueuedMessage, type Executor, enqueue, enqueueMany } from './outbox.ts';

/**
 * What feature modules call to tell users about a change: inside the transaction that makes the change,
 * so the message exists exactly when the change does. Delivery follows the commit.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(subscriptions)…;
 *     await notifyOrganization(tx, organizationId, 'ORGANIZATION_UNLOCKED', { OrganizationId: organizationId });
 *   });
 */
export function notifyUser<T extends RealtimeEventType>(
  tx: Executor,
  userId: string,
  type: T,
  data: RealtimeEventInput<T>,
): Promise<EnqueuedMessage[]> {
  return enqueue(tx, { userId, ...({ type, data } as RealtimeEvent) });
}

/** The same event to every member of an organization (one message each). */
export function notifyOrganization<T extends RealtimeEventType>(
  tx: Executor,
  organizationId: string,
  type: T,
  data: RealtimeEventInput<T>,
  /** Writes of the caller sent along in the same statement (one round trip for all). */
  along: readonly SQLWrapper[] = [],
): Promise<EnqueuedMessage[]> {
  return enqueue(tx, { organizationId, ...({ type, data } as RealtimeEvent) }, along);
}

/** One event per record changed, to every member of an organization, in one statement (bulk changes). */
export function notifyOrganizationMany<T extends RealtimeEventType>(
  tx: Executor,
  organizationId: string,
  type: T,
  data: readonly RealtimeEventInput<T>[],
): Promise<EnqueuedMessage[]> {
  return enqueueMany(
    tx,
    { organizationId },
    data.map((one) => ({ type, data: one }) as RealtimeEvent),
  );
}

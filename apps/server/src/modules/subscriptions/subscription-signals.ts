import type { SubscriptionSignal } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query, type Tx } from '../../platform/tx.ts';
import { notifyUser } from '../../realtime/notify.ts';

/** One real-time message for one user, written in the transaction of the change that causes it. */
export interface OutboxMessage {
  userId: string;
  type: SubscriptionSignal;
  /** The event's payload, in the real-time event map's wire names. */
  data: Record<string, unknown>;
}
export type BillingEventSink = (tx: Tx, messages: OutboxMessage[]) => Promise<void>;

/** Queues the messages in the real-time outbox (realtime/notify.ts), inside the caller's transaction. */
export const writeToOutbox: BillingEventSink = async (tx, messages) => {
  for (const message of messages) {
    await notifyUser(tx as unknown as Db, message.userId, message.type, message.data as never);
  }
};

/**
 * The messages a subscription's signals become: its owner and every member of its organizations
 * hear SUBSCRIPTION_UNLOCKED / SUBSCRIPTION_CHANGED; ORGANIZATION_UNLOCKED goes to each member of
 * each organization, naming it.
 */
export async function announceSubscriptionSignals(
  tx: Tx,
  sink: BillingEventSink,
  subscription: { id: string; ownerId: string; status: number; planName: string },
  signals: readonly SubscriptionSignal[],
): Promise<OutboxMessage[]> {
  if (signals.length === 0) return [];
  const members = await query<{ organization_id: string; user_id: string }>(
    tx,
    sql`SELECT m.organization_id, m.user_id FROM organization_members m
        JOIN organizations o ON o.id = m.organization_id
        WHERE o.subscription_id = ${subscription.id}
        ORDER BY m.organization_id, m.user_id`,
  );
  const everyone = [...new Set([subscription.ownerId, ...members.map((m) => m.user_id)])];
  const organizationIds = [...new Set(members.map((m) => m.organization_id))];
  const messages: OutboxMessage[] = [];
  for (const signal of signals) {
    if (signal === 'ORGANIZATION_UNLOCKED') {
      for (const m of members) {
        messages.push({ userId: m.user_id, type: signal, data: { OrganizationId: m.organization_id } });
      }
    } else {
      for (const userId of everyone) {
        const data =
          signal === 'SUBSCRIPTION_UNLOCKED'
            ? { SubscriptionId: subscription.id, OrganizationIds: organizationIds }
            : {
                SubscriptionId: subscription.id,
                PlanName: subscription.planName,
                Status: subscription.status,
              };
        messages.push({ userId, type: signal, data });
      }
    }
  }
  await sink(tx, messages);
  return messages;
}

import { type PushSubscriptionInput, pushPayload, type RealtimeMessage } from '@fluxo/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { pushSubscriptions, users } from '../db/schema.ts';
import type { OutboxRow } from './outbox.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends one push; rejects with an error carrying the push service's `statusCode` when it refuses. */
export type PushSender = (
  target: PushTarget,
  payload: string,
  options: { ttlSeconds: number },
) => Promise<void>;

/** The `mailto:` contact that VAPID requires, from MAIL_FROM (`Name <address>` or a bare address). */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The production sender: the web-push library with the server's VAPID keys. */
export function webPushSender(vapid: { publicKey: string; privateKey: string }, subject: string): PushSender {
  return async (target, payload, { ttlSeconds }) => {
    await webpush.sendNotification(target, payload, {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: ttlSeconds,
      urgency: 'high',
      timeout: 10_000,
    });
  };
}

/** Saves the caller's subscription; an endpoint seen before moves to the caller with its new keys. */
export async function savePushSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  const expiresAt = input.expirationTime ? new Date(input.expirationTime) : null;
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, expiresAt })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, expiresAt, updatedAt: new Date() },
    });
}

function ttlFor(message: RealtimeMessage): number {
  // A two-factor challenge is worthless once its countdown ends.
  if (message.type === 'CONNECTION_STATUS_CHANGED') return message.data.ExtraData.Timeout;
  return 24 * 3600;
}

/**
 * Sends each message to every push subscription of its recipient, its notification in the recipient's
 * language as it is now (`pushPayload`). Failures are logged and never thrown; subscriptions the push
 * service says are gone (404, 410) are deleted.
 */
export async function sendPushes(
  db: Db,
  sender: PushSender,
  log: FastifyBaseLogger,
  messages: readonly OutboxRow[],
): Promise<{ sent: number; failed: number; removed: number }> {
  const result = { sent: 0, failed: 0, removed: 0 };
  if (messages.length === 0) return result;
  const userIds = [...new Set(messages.map((m) => m.userId))];
  const targets = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: users.language,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      sql`${inArray(pushSubscriptions.userId, userIds)} AND (${pushSubscriptions.expiresAt} IS NULL OR ${pushSubscriptions.expiresAt} > now())`,
    );
  const gone = new Set<string>();
  await Promise.all(
    messages.flatMap((row) =>
      targets
        .filter((target) => target.userId === row.userId)
        .map(async (target) => {
          try {
            await sender(
              { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
              pushPayload(row.message, target.language),
              { ttlSeconds: ttlFor(row.message) },
            );
            result.sent++;
          } catch (error) {
            result.failed++;
            const statusCode = (error as { statusCode?: number }).statusCode;
            if (statusCode === 404 || statusCode === 410) gone.add(target.id);
            log.warn(
              { err: error, statusCode, messageId: row.messageId, subscription: target.id },
              'web push failed',
            );
          }
        }),
    ),
  );
  for (const id of gone) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    result.removed++;
  }
  return result;
}

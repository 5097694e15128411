import type { PushSubscriptionInput, RealtimeMessage } from '@fluxo/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { OutboxRow } from './outbox.ts';

/** Push services refuse payloads past about 4 KB; what does not fit goes as the bare envelope. */
const MAX_PAYLOAD_BYTES = 3_000;

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

/** The push body: the message envelope, without what a notification cannot show (the QR image). */
export function pushPayload(message: RealtimeMessage): string {
  const full = JSON.stringify(message, (key, value) => (key === 'QrCode' ? undefined : value));
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES) return full;
  return JSON.stringify({
    messageId: message.messageId,
    type: message.type,
    data: {},
    createdAt: message.createdAt,
  });
}

function ttlFor(message: RealtimeMessage): number {
  // A two-factor challenge is worthless once its countdown ends.
  if (message.type === 'CONNECTION_STATUS_CHANGED') return message.data.ExtraData.Timeout;
  return 24 * 3600;
}

/**
 * Sends each message to every push subscription of its recipient. Failures are logged and never thrown;
 * subscriptions the push service says are gone (404, 410) are deleted.
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
    .select()
    .from(pushSubscriptions)
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
              pushPayload(row.message),
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

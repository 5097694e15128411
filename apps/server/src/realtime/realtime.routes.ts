import {
  type RealtimeEvent,
  savePushSubscriptionContract,
  sendAdminNotificationContract,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rows } from '../db/client.ts';
import { ADMIN, USER } from '../platform/access.ts';
import { AppError } from '../platform/errors.ts';
import { requireSession } from '../platform/guard.ts';
import { addRoute } from '../platform/route.ts';
import { enqueue, type Recipient } from './outbox.ts';
import { savePushSubscription } from './push.ts';

/**
 * Sends an event as an Admin. FORCE_LOGOUT also ends every session of its recipients, in the same
 * transaction as the message, so the user cannot keep working with an old token.
 */
export async function sendAdminNotification(db: Db, input: RealtimeEvent & Recipient) {
  const [target] = input.userId
    ? await rows<{ ok: boolean }>(db, sql`SELECT true AS ok FROM users WHERE id = ${input.userId}`)
    : await rows<{ ok: boolean }>(
        db,
        sql`SELECT true AS ok FROM organizations WHERE id = ${input.organizationId}`,
      );
  if (!target) throw new AppError('NOT_FOUND', input.userId ? 'Unknown user.' : 'Unknown organization.');
  const write = async (tx: Db) => {
    const messages = await enqueue(tx, input);
    return { messageIds: messages.map((m) => m.messageId), recipients: messages.length };
  };
  // Any other event is one statement, atomic by itself.
  if (input.type !== 'FORCE_LOGOUT') return write(db);
  return db.transaction(async (tx) => {
    const users = input.userId
      ? sql`SELECT ${input.userId}::uuid`
      : sql`SELECT user_id FROM organization_members WHERE organization_id = ${input.organizationId}`;
    await tx.execute(
      sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND user_id IN (${users})`,
    );
    return write(tx);
  });
}

export function realtimeRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, sendAdminNotificationContract, ADMIN, async ({ body }) => {
    const { userId, organizationId, ...event } = body;
    const recipient: Recipient = userId ? { userId } : { organizationId: organizationId! };
    return sendAdminNotification(deps.db, { ...(event as RealtimeEvent), ...recipient });
  });

  addRoute(app, savePushSubscriptionContract, USER, async ({ body, request }) => {
    await savePushSubscription(deps.db, requireSession(request).userId, body);
    return { saved: true as const };
  });
}

import {
  getNotificationPreferencesContract,
  listNotificationsContract,
  readAllNotificationsContract,
  readNotificationContract,
  saveNotificationPreferencesContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, USER, withDetail } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as notifications from './notifications.service.ts';

/** The caller's own notifications: with OrgId, those of that organization (a member's) and of none. */
const OWN: Access = withDetail(
  { kind: 'member', optional: true, allowLocked: true },
  "the caller's own notifications only",
);
const OWN_PREFERENCES: Access = withDetail(USER, "the caller's own preferences");

export function notificationsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  addRoute(app, listNotificationsContract, OWN, async ({ query, request }) =>
    notifications.listNotifications(db, requireSession(request).userId, request.org?.id ?? null, query),
  );

  addRoute(app, readAllNotificationsContract, OWN, async ({ request }) =>
    notifications.markAllRead(db, requireSession(request).userId, request.org?.id ?? null),
  );

  addRoute(
    app,
    readNotificationContract,
    withDetail(USER, "the caller's own notifications only"),
    async ({ params, request }) => notifications.markRead(db, requireSession(request).userId, params.id),
  );

  addRoute(app, getNotificationPreferencesContract, OWN_PREFERENCES, async ({ request }) => ({
    preferences: await notifications.getPreferences(db, requireSession(request).userId),
  }));

  addRoute(app, saveNotificationPreferencesContract, OWN_PREFERENCES, async ({ body, request }) =>
    notifications.savePreferences(db, requireSession(request).userId, body.preferences),
  );
}

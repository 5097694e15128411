import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';

export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

export const ZNotification = z.object({
  id: z.string(),
  kind: z.string(),
  organizationId: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  /** An app path (starts with `/`) the bell opens, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof ZNotification>;

export const NOTIFICATIONS_PAGE_MAX = 100;

/** The caller's notifications: of the OrgId organization (when sent) and those of no organization. */
export const listNotificationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/notifications',
  query: z.object({
    cursor: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
  }),
  response: z.object({
    items: z.array(ZNotification),
    unread: z.number().int().nonnegative(),
    nextCursor: z.string().nullable(),
  }),
});

export const readNotificationContract = defineContract({
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
  params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({ read: z.boolean() }),
});

export const readAllNotificationsContract = defineContract({
  method: 'POST',
  path: '/api/v1/notifications/read-all',
  response: z.object({ read: z.number().int().nonnegative() }),
});

export const ZNotificationPreference = z.object({
  kind: ZNotificationKind,
  inApp: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof ZNotificationPreference>;

export const getNotificationPreferencesContract = defineContract({
  method: 'GET',
  path: '/api/v1/notifications/preferences',
  response: z.object({ preferences: z.array(ZNotificationPreference) }),
});

export const saveNotificationPreferencesContract = defineContract({
  method: 'PUT',
  path: '/api/v1/notifications/preferences',
  body: z.object({ preferences: z.array(ZNotificationPreference).max(NOTIFICATION_KINDS.length) }),
  response: z.object({ preferences: z.array(ZNotificationPreference) }),
});

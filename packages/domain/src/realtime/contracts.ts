import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  REALTIME_EVENT_TYPES,
  REALTIME_EVENTS,
  type RealtimeEvent,
  type RealtimeEventType,
} from './events.ts';

/** A browser PushSubscription as `subscription.toJSON()` gives it (spec §3: saved as given). */
export const ZPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_\-+/=]+$/),
    auth: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_\-+/=]+$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof ZPushSubscription>;

/** Saves the caller's push subscription; the same endpoint again replaces the stored one. */
export const savePushSubscriptionContract = defineContract({
  method: 'POST',
  path: '/api/v1/pushnotifications',
  body: ZPushSubscription,
  response: z.object({ saved: z.literal(true) }),
});

/** An event addressed to one user or to every member of one organization. */
export type AdminNotificationRequest = RealtimeEvent & { userId?: string; organizationId?: string };

const recipient = { userId: z.uuid().optional(), organizationId: z.uuid().optional() };
const eventMembers = REALTIME_EVENT_TYPES.map((type: RealtimeEventType) =>
  z.strictObject({ type: z.literal(type), data: REALTIME_EVENTS[type], ...recipient }),
);

/**
 * The admin's body: `type` picks the payload schema that `data` must match; exactly one of `userId` and
 * `organizationId` names the recipients.
 */
export const ZAdminNotificationRequest = z
  .discriminatedUnion('type', eventMembers as unknown as [(typeof eventMembers)[number]])
  .refine((body) => (body.userId === undefined) !== (body.organizationId === undefined), {
    message: 'Give exactly one of userId and organizationId.',
    path: ['userId'],
  });

/**
 * Sends an event through the real-time channel (Admin only). FORCE_LOGOUT also ends every session of
 * its recipients.
 */
export const sendAdminNotificationContract = defineContract({
  method: 'POST',
  path: '/api/v1/admin/notifications',
  body: ZAdminNotificationRequest,
  response: z.object({ messageIds: z.array(z.string()), recipients: z.number().int() }),
  status: 201,
});

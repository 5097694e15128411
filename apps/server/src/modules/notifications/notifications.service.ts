import {
  type AppNotification,
  isNotificationKind,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type Executor, iso, query } from '../../platform/tx.ts';
import { notifyUser } from '../../realtime/notify.ts';

/**
 * Notifications (docs/audit-and-notifications.md). Modules create them with `notify`, inside the
 * transaction of what they are about; the recipient's bell learns it through REFRESH_NOTIFICATIONS
 * (and, for the important kinds the user wants pushed, a web push when no tab is open).
 */
export interface NotifyInput {
  userId: string;
  /** The organization it is about (the bell of that organization shows it); null for the user alone. */
  orgId: string | null;
  kind: NotificationKind;
  /** Values of the kind's `{placeholders}` (NOTIFICATION_TEXTS): short strings and numbers only. */
  params: Record<string, string | number>;
  /** An app path the bell opens (`/billing/current-account`). */
  link?: string | null;
  /** "Once": a user never gets two notifications with the same key (a job that runs daily). */
  dedupeKey?: string;
}

/**
 * Stores a notification for one user by their preferences for its kind, and tells their open tabs.
 * Returns the notification's id, or null when the user wants it nowhere or already has its key.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<string | null> {
  if (input.link && !/^\/[^/\\]/.test(input.link))
    throw new Error(`notify: ${input.link} is not an app path`);
  const channels = await preferenceOf(tx, input.userId, input.kind);
  if (!channels.inApp && !channels.email && !channels.push) return null;
  const [row] = await query<{ id: string }>(
    tx,
    sql`INSERT INTO notifications (user_id, organization_id, kind, params, link, in_app, email, dedupe_key)
        SELECT ${input.userId}, ${input.orgId}, ${input.kind}, ${JSON.stringify(input.params)}::jsonb,
               ${input.link ?? null}, ${channels.inApp}, ${channels.email}, ${input.dedupeKey ?? null}
        WHERE EXISTS (SELECT 1 FROM users WHERE id = ${input.userId})
        ON CONFLICT (user_id, dedupe_key) DO NOTHING
        RETURNING id::text`,
  );
  if (!row) return null;
  const important = NOTIFICATION_DEFAULTS[input.kind].important;
  await notifyUser(tx, input.userId, 'REFRESH_NOTIFICATIONS', {
    ...(input.orgId ? { OrganizationId: input.orgId } : {}),
    NotificationId: row.id,
    Kind: input.kind,
    Params: Object.fromEntries(
      Object.entries(input.params).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 300) : v]),
    ),
    ...(input.link ? { Link: input.link } : {}),
    Push: important && channels.push,
  });
  return row.id;
}

async function preferenceOf(tx: Executor, userId: string, kind: NotificationKind) {
  const [row] = await query<{ in_app: boolean; push: boolean; email: boolean }>(
    tx,
    sql`SELECT in_app, push, email FROM notification_preferences WHERE user_id = ${userId} AND kind = ${kind}`,
  );
  const defaults = NOTIFICATION_DEFAULTS[kind];
  return row
    ? { inApp: row.in_app, push: row.push, email: row.email }
    : { inApp: defaults.inApp, push: defaults.push, email: defaults.email };
}

interface NotificationRow {
  id: string;
  kind: string;
  organization_id: string | null;
  params: Record<string, unknown>;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  organizationId: row.organization_id,
  params: row.params,
  link: row.link,
  createdAt: iso(row.created_at)!,
  readAt: iso(row.read_at),
});

/** Which of the user's notifications the bell shows: those of the organization in use and of none. */
const scope = (userId: string, orgId: string | null) =>
  orgId
    ? sql`user_id = ${userId} AND in_app AND (organization_id = ${orgId} OR organization_id IS NULL)`
    : sql`user_id = ${userId} AND in_app AND organization_id IS NULL`;

export async function listNotifications(
  db: Db,
  userId: string,
  orgId: string | null,
  page: { cursor?: string | undefined; limit: number },
) {
  const items = await query<NotificationRow>(
    db,
    sql`SELECT id::text, kind, organization_id, params, link, created_at, read_at FROM notifications
        WHERE ${scope(userId, orgId)} ${page.cursor ? sql`AND id < ${page.cursor}` : sql``}
        ORDER BY notifications.id DESC LIMIT ${page.limit + 1}`,
  );
  const [count] = await query<{ unread: number }>(
    db,
    sql`SELECT count(*)::int AS unread FROM notifications WHERE ${scope(userId, orgId)} AND read_at IS NULL`,
  );
  const more = items.length > page.limit;
  const shown = items.slice(0, page.limit);
  return {
    items: shown.map(toNotification),
    unread: count?.unread ?? 0,
    nextCursor: more ? shown.at(-1)!.id : null,
  };
}

/** Marks one of the caller's notifications read; another user's is NOT_FOUND (it does not exist for them). */
export async function markRead(db: Db, userId: string, id: string): Promise<{ read: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await query<{ id: string }>(
      tx,
      sql`UPDATE notifications SET read_at = coalesce(read_at, now())
          WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
    );
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND', 'There is no such notification.');
    await notifyUser(tx, userId, 'REFRESH_NOTIFICATIONS', {});
    return { read: true };
  });
}

export async function markAllRead(db: Db, userId: string, orgId: string | null): Promise<{ read: number }> {
  return db.transaction(async (tx) => {
    const changed = await query<{ id: string }>(
      tx,
      sql`UPDATE notifications SET read_at = now() WHERE ${scope(userId, orgId)} AND read_at IS NULL RETURNING id`,
    );
    if (changed.length > 0) await notifyUser(tx, userId, 'REFRESH_NOTIFICATIONS', {});
    return { read: changed.length };
  });
}

export async function getPreferences(db: Executor, userId: string): Promise<NotificationPreference[]> {
  const saved = await query<{ kind: string; in_app: boolean; push: boolean; email: boolean }>(
    db,
    sql`SELECT kind, in_app, push, email FROM notification_preferences WHERE user_id = ${userId}`,
  );
  return NOTIFICATION_KINDS.map((kind) => {
    const row = saved.find((s) => s.kind === kind);
    const defaults = NOTIFICATION_DEFAULTS[kind];
    return row
      ? { kind, inApp: row.in_app, push: row.push, email: row.email }
      : { kind, inApp: defaults.inApp, push: defaults.push, email: defaults.email };
  });
}

export async function savePreferences(
  db: Db,
  userId: string,
  preferences: readonly NotificationPreference[],
) {
  const kinds = preferences.map((p) => p.kind);
  if (new Set(kinds).size !== kinds.length || !kinds.every(isNotificationKind)) {
    throw new AppError('DUPLICATE_NOTIFICATION_KIND', 'Each kind of notification at most once.');
  }
  await db.transaction(async (tx) => {
    for (const p of preferences) {
      await tx.execute(sql`
        INSERT INTO notification_preferences (user_id, kind, in_app, push, email)
        VALUES (${userId}, ${p.kind}, ${p.inApp}, ${p.push}, ${p.email})
        ON CONFLICT (user_id, kind) DO UPDATE
        SET in_app = excluded.in_app, push = excluded.push, email = excluded.email, updated_at = now()`);
    }
  });
  return { preferences: await getPreferences(db, userId) };
}

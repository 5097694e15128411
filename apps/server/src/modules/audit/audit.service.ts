import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditFilters,
  DEFAULT_AUDIT_RETENTION_DAYS,
} from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type Executor, iso, query } from '../../platform/tx.ts';

/** The organization setting (organization_settings) that holds the retention in days. */
export const RETENTION_SETTING = 'audit.retentionDays';

interface AuditRow {
  id: string;
  at: Date | string;
  organization_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  method: string;
  route: string;
  status: number;
  fields: string[];
  changes: AuditEntry['changes'];
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: iso(row.at)!,
  organizationId: row.organization_id,
  actorId: row.actor_id,
  actorName: row.actor_name,
  actorEmail: row.actor_email,
  action: row.action,
  entity: row.entity,
  entityId: row.entity_id,
  method: row.method,
  route: row.route,
  status: row.status,
  fields: row.fields ?? [],
  changes: row.changes ?? null,
});

function where(organizationId: string, filters: AuditFilters): SQL {
  const parts = [sql`a.organization_id = ${organizationId}`];
  if (filters.from) parts.push(sql`a.at >= ${filters.from}::date`);
  if (filters.to) parts.push(sql`a.at < ${filters.to}::date + 1`);
  if (filters.entity) {
    const prefix = filters.entity.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`(a.entity = ${filters.entity} OR a.entity LIKE ${`${prefix}.%`})`);
  }
  if (filters.actor) parts.push(sql`a.actor_id = ${filters.actor}`);
  return sql.join(parts, sql` AND `);
}

const SELECT = sql`SELECT a.id::text, a.at, a.organization_id, a.actor_id, u.name AS actor_name,
                          u.email AS actor_email, a.action, a.entity, a.entity_id, a.method, a.route,
                          a.status, a.fields, a.changes
                   FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`;

/** Newest first, keyset-paginated on the row id (ids grow with time). */
export async function listAudit(
  db: Db,
  organizationId: string,
  filters: AuditFilters & { cursor?: string | undefined; limit: number },
) {
  const found = await query<AuditRow>(
    db,
    sql`${SELECT} WHERE ${where(organizationId, filters)} ${filters.cursor ? sql`AND a.id < ${filters.cursor}` : sql``}
        ORDER BY a.id DESC LIMIT ${filters.limit + 1}`,
  );
  const more = found.length > filters.limit;
  const items = found.slice(0, filters.limit).map(toEntry);
  return { items, nextCursor: more ? items.at(-1)!.id : null };
}

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // A cell a spreadsheet would run as a formula is prefixed with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const AUDIT_CSV_HEADER = [
  'at',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'entity',
  'entity_id',
  'method',
  'route',
  'status',
  'fields',
  'changes',
];

/** The filtered log as CSV (UTF-8, a header row), refused past AUDIT_EXPORT_MAX_ROWS. */
export async function exportAudit(db: Db, organizationId: string, filters: AuditFilters): Promise<string> {
  const [count] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where(organizationId, filters)}`,
  );
  if ((count?.n ?? 0) > AUDIT_EXPORT_MAX_ROWS) {
    throw new AppError(
      'AUDIT_EXPORT_TOO_LARGE',
      `${count!.n} entries match; one export holds at most ${AUDIT_EXPORT_MAX_ROWS}. Narrow the dates.`,
    );
  }
  const found = await query<AuditRow>(
    db,
    sql`${SELECT} WHERE ${where(organizationId, filters)} ORDER BY a.id DESC`,
  );
  const lines = [AUDIT_CSV_HEADER.join(',')];
  for (const row of found) {
    const e = toEntry(row);
    lines.push(
      [
        e.at,
        e.actorId,
        e.actorName,
        e.actorEmail,
        e.action,
        e.entity,
        e.entityId,
        e.method,
        e.route,
        e.status,
        e.fields.join(' '),
        e.changes,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function getRetentionDays(db: Executor, organizationId: string): Promise<number> {
  const [row] = await query<{ value: unknown }>(
    db,
    sql`SELECT value FROM organization_settings WHERE organization_id = ${organizationId} AND key = ${RETENTION_SETTING}`,
  );
  return typeof row?.value === 'number' ? row.value : DEFAULT_AUDIT_RETENTION_DAYS;
}

export async function saveRetentionDays(db: Executor, organizationId: string, days: number): Promise<number> {
  await query(
    db,
    sql`INSERT INTO organization_settings (organization_id, key, value)
        VALUES (${organizationId}, ${RETENTION_SETTING}, ${JSON.stringify(days)}::jsonb)
        ON CONFLICT (organization_id, key) DO UPDATE SET value = excluded.value RETURNING key`,
  );
  return days;
}

/**
 * The retention purge (job `audit.purge`, daily): deletes each organization's rows older than its
 * retention (and rows of no organization, or of one deleted since, older than the default). The
 * append-only trigger lets a DELETE through only with `fluxo.audit_purge` set in this transaction.
 */
export async function purgeAudit(tx: Executor, now: Date = new Date()): Promise<number> {
  await query(tx, sql`SELECT set_config('fluxo.audit_purge', 'on', true)`);
  const deleted = await query<{ id: string }>(
    tx,
    sql`DELETE FROM audit_log a
        WHERE a.at < ${now.toISOString()}::timestamptz - make_interval(days => coalesce(
          (SELECT (s.value #>> '{}')::int FROM organization_settings s
           WHERE s.organization_id = a.organization_id AND s.key = ${RETENTION_SETTING}
             AND jsonb_typeof(s.value) = 'number'),
          ${DEFAULT_AUDIT_RETENTION_DAYS}))
        RETURNING a.id`,
  );
  await query(tx, sql`SELECT set_config('fluxo.audit_purge', 'off', true)`);
  return deleted.length;
}

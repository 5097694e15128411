import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, organizationId } from './columns.ts';
import { users } from './core.ts';

/**
 * An organization's data export (docs/data-export.md): one ZIP under DATA_DIR/exports/<org>/<id>.zip,
 * written by the `organization.export` job. `heartbeat_at` is touched while the archive is written, so
 * a build whose process died is found and started again; the archive is deleted at `expires_at`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** pending → running → ready (→ expired), or failed. */
    status: text('status').notNull().default('pending'),
    percent: smallint('percent').notNull().default(0),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: at('heartbeat_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('data_exports_org_idx').on(t.organizationId, t.createdAt),
    index('data_exports_status_idx').on(t.status),
    // One export at a time per organization: a second request while one is built is refused.
    uniqueIndex('data_exports_one_active').on(t.organizationId).where(sql`status IN ('pending', 'running')`),
  ],
);

import { createReadStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DataExport, DataExportStatus } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobHandler, runDueJobs, scheduleJob } from '../../platform/jobs.ts';
import { notifyUser } from '../../realtime/notify.ts';
import { type ArchiveDeps, buildArchive } from './archive.ts';

/**
 * The organization's data export (docs/data-export.md). A request writes a `data_exports` row and an
 * `organization.export` job (platform/jobs.ts) due at once, and wakes this instance's runner. The job's
 * transaction only claims the export (pending → running); the archive is written after that commit,
 * outside any transaction — a long build must not hold the single PGlite connection, and its progress
 * (DATA_EXPORT_PROGRESS to the requester, `percent` on the row) must be seen while it runs. A heartbeat
 * on the row shows the build is alive: a build whose process died is set back to pending and scheduled
 * again by the next poll (three attempts, then failed). Finished archives are deleted after the
 * retention (DATA_EXPORT_RETENTION_HOURS), as are those of removed organizations.
 */

export const EXPORT_JOB = 'organization.export';
/** A running export whose heartbeat is older than this is taken to have lost its process. */
const STALE_MS = 2 * 60_000;
const HEARTBEAT_MS = 15_000;
const MAX_ATTEMPTS = 3;

export interface DataExportDeps extends ArchiveDeps {
  retentionHours: number;
  log?: FastifyBaseLogger;
}

interface ExportRow {
  id: string;
  organization_id: string;
  requested_by: string | null;
  status: DataExportStatus;
  percent: number;
  file_name: string | null;
  size: string | number | null;
  created_at: string | Date;
  finished_at: string | Date | null;
  expires_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toDto(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    percent: Number(row.percent),
    fileName: row.file_name,
    size: row.size === null ? null : Number(row.size),
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
  };
}

const COLUMNS = sql`id, organization_id, requested_by, status, percent, file_name, size, created_at, finished_at, expires_at`;

export function exportsDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

function archivePath(dataDir: string, organizationId: string, id: string): string {
  return path.join(exportsDir(dataDir), organizationId, `${id}.zip`);
}

/** Starts an export of the organization; one at a time (409 DATA_EXPORT_IN_PROGRESS). */
export async function startExport(db: Db, organizationId: string, userId: string): Promise<DataExport> {
  return db.transaction(async (tx) => {
    const [row] = await rows<ExportRow>(
      tx as unknown as Db,
      sql`INSERT INTO data_exports (organization_id, requested_by) VALUES (${organizationId}, ${userId})
          ON CONFLICT (organization_id) WHERE status IN ('pending', 'running') DO NOTHING
          RETURNING ${COLUMNS}`,
    );
    if (!row)
      throw new AppError(
        'DATA_EXPORT_IN_PROGRESS',
        'An export of this organization is being prepared: wait for it to finish.',
      );
    await scheduleJob(tx as unknown as Db, { kind: EXPORT_JOB, subjectId: row.id, dueAt: new Date() });
    return toDto(row);
  });
}

/** The organization's last 20 exports, newest first. */
export async function listExports(db: Db, organizationId: string): Promise<DataExport[]> {
  const found = await rows<ExportRow>(
    db,
    sql`SELECT ${COLUMNS} FROM data_exports WHERE organization_id = ${organizationId}
        ORDER BY created_at DESC, id DESC LIMIT 20`,
  );
  return found.map(toDto);
}

async function findExport(db: Db, organizationId: string, id: string): Promise<ExportRow> {
  const [row] = await rows<ExportRow>(
    db,
    sql`SELECT ${COLUMNS} FROM data_exports WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such export.');
  return row;
}

export async function getExport(db: Db, organizationId: string, id: string): Promise<DataExport> {
  return toDto(await findExport(db, organizationId, id));
}

/** The finished archive as a stream (409 DATA_EXPORT_NOT_READY before it is, or once it expired). */
export async function openArchive(
  db: Db,
  dataDir: string,
  organizationId: string,
  id: string,
): Promise<{ stream: NodeJS.ReadableStream; fileName: string; size: number }> {
  const row = await findExport(db, organizationId, id);
  const file = archivePath(dataDir, organizationId, id);
  const size =
    row.status === 'ready'
      ? await stat(file).then(
          (s) => s.size,
          () => null,
        )
      : null;
  if (size === null)
    throw new AppError('DATA_EXPORT_NOT_READY', 'This export is not ready, or its archive has expired.');
  return { stream: createReadStream(file), fileName: row.file_name ?? `${id}.zip`, size };
}

function archiveName(org: { name: string; vat_number: string }, now: Date): string {
  const slug =
    org.name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 40) || 'organization';
  return `fluxo-export-${slug}-${now.toISOString().slice(0, 10)}.zip`;
}

export interface ExportRunner {
  /** Runs due export jobs now (one pass at a time; a kick during a pass runs another after it). */
  kick(): Promise<void>;
  /** Polls every `intervalMs` as well: stale builds, expiries, jobs left by other instances. */
  start(intervalMs: number): void;
  /** Stops polling; a build in hand stops at its next entry and is handed back as pending. */
  stop(): Promise<void>;
}

export function createExportRunner(deps: DataExportDeps): ExportRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;

  const loop = async () => {
    do {
      again = false;
      try {
        await pass(deps, () => stopping);
      } catch (error) {
        deps.log?.error({ err: error }, 'data export pass failed');
      }
    } while (again && !stopping);
  };
  const kick = () => {
    if (stopping) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    kick,
    start(intervalMs) {
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** One pass: stale builds back to pending, expiries, then the due export jobs, built one by one. */
export async function pass(deps: DataExportDeps, stopping: () => boolean = () => false): Promise<void> {
  const { db } = deps;
  const now = new Date();
  const stale = await rows<{ id: string; attempts: number }>(
    db,
    sql`UPDATE data_exports
        SET status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END,
            error = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'The build stopped too many times.' ELSE error END,
            finished_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN now() ELSE NULL END
        WHERE status = 'running' AND heartbeat_at < ${new Date(now.getTime() - STALE_MS).toISOString()}
        RETURNING id, attempts`,
  );
  for (const row of stale)
    if (row.attempts < MAX_ATTEMPTS)
      await scheduleJob(db, { kind: EXPORT_JOB, subjectId: row.id, dueAt: now });
  await expire(deps, now);

  const claimed: string[] = [];
  const handlers: Record<string, JobHandler> = {
    [EXPORT_JOB]: async (tx, job) => {
      const [row] = await rows<{ id: string }>(
        tx as unknown as Db,
        sql`UPDATE data_exports SET status = 'running', attempts = attempts + 1, percent = 0,
                   started_at = now(), heartbeat_at = now()
            WHERE id = ${job.subject_id} AND status = 'pending' RETURNING id`,
      );
      if (row) claimed.push(row.id);
    },
  };
  await runDueJobs(db, handlers, { now, ...(deps.log ? { log: deps.log } : {}) });
  for (const id of claimed) {
    if (stopping()) {
      await handBack(db, id);
      continue;
    }
    await build(deps, id, stopping);
  }
}

async function handBack(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE data_exports SET status = 'pending', percent = 0 WHERE id = ${id}`);
  await scheduleJob(db, { kind: EXPORT_JOB, subjectId: id, dueAt: new Date() });
}

async function build(deps: DataExportDeps, id: string, stopping: () => boolean): Promise<void> {
  const { db } = deps;
  const [row] = await rows<ExportRow & { name: string; vat_number: string }>(
    db,
    sql`SELECT e.id, e.organization_id, e.requested_by, o.name, o.vat_number
        FROM data_exports e JOIN organizations o ON o.id = e.organization_id WHERE e.id = ${id}`,
  );
  if (!row) return;
  const tell = async (status: DataExportStatus, percent: number) => {
    if (row.requested_by)
      await notifyUser(db, row.requested_by, 'DATA_EXPORT_PROGRESS', {
        ExportId: id,
        OrganizationId: row.organization_id,
        Status: status,
        Percent: percent,
      });
  };
  const target = archivePath(deps.dataDir, row.organization_id, id);
  const partial = `${target}.part`;
  let shown = -1;
  let shownAt = 0;
  const heartbeat = setInterval(() => {
    void db
      .execute(sql`UPDATE data_exports SET heartbeat_at = now() WHERE id = ${id}`)
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await tell('running', 0);
    const { size } = await buildArchive(
      deps,
      row.organization_id,
      partial,
      async (share) => {
        // At most one word a percent and every quarter second; 100 only once the row says ready.
        const percent = Math.min(99, Math.floor(share * 100));
        if (percent === shown || Date.now() - shownAt < 250) return;
        shown = percent;
        shownAt = Date.now();
        await db.execute(
          sql`UPDATE data_exports SET percent = ${percent}, heartbeat_at = now() WHERE id = ${id}`,
        );
        await tell('running', percent);
      },
      stopping,
    );
    await rename(partial, target);
    const finished = new Date();
    await db.execute(
      sql`UPDATE data_exports SET status = 'ready', percent = 100, size = ${size},
                 file_name = ${archiveName(row, finished)}, finished_at = ${finished.toISOString()},
                 expires_at = ${new Date(finished.getTime() + deps.retentionHours * 3_600_000).toISOString()},
                 error = NULL
          WHERE id = ${id}`,
    );
    await tell('ready', 100);
  } catch (error) {
    await rm(partial, { force: true });
    if (stopping()) {
      await handBack(db, id);
      return;
    }
    deps.log?.error({ err: error, exportId: id }, 'data export failed');
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(
      sql`UPDATE data_exports SET status = 'failed', error = ${message.slice(0, 1000)}, finished_at = now()
          WHERE id = ${id}`,
    );
    await tell('failed', 0);
  } finally {
    clearInterval(heartbeat);
  }
}

/** Deletes archives past their retention, and the folders of organizations that are gone. */
async function expire(deps: DataExportDeps, now: Date): Promise<void> {
  const expired = await rows<{ id: string; organization_id: string }>(
    deps.db,
    sql`UPDATE data_exports SET status = 'expired'
        WHERE status = 'ready' AND expires_at <= ${now.toISOString()} RETURNING id, organization_id`,
  );
  for (const row of expired)
    await rm(archivePath(deps.dataDir, row.organization_id, row.id), { force: true });
  let folders: string[] = [];
  try {
    folders = await readdir(exportsDir(deps.dataDir));
  } catch {
    return;
  }
  const uuids = folders.filter((name) => /^[0-9a-f-]{36}$/.test(name));
  if (!uuids.length) return;
  const alive = new Set(
    (
      await rows<{ id: string }>(
        deps.db,
        sql`SELECT id::text FROM organizations WHERE id::text IN (${sql.join(
          uuids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).map((row) => row.id),
  );
  for (const folder of uuids)
    if (!alive.has(folder))
      await rm(path.join(exportsDir(deps.dataDir), folder), { recursive: true, force: true });
}

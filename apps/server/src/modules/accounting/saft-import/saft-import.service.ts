import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isValidAoNif,
  isValidPtNif,
  SAFT_IMPORT_MAX_BYTES,
  type SaftImport,
  type SaftImportState,
  type SaftIssue,
  ZOrganizationInput,
} from '@fluxo/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountingSaftImports, organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyUser } from '../../../realtime/notify.ts';
import { createOrganization } from '../../organizations/organizations.service.ts';
import { readSaft } from './reader.ts';
import { ImportWriter } from './writer.ts';

// SAF-T import: the file is spooled to DATA_DIR/files/<org>/, a row in accounting_saft_imports names it,
// and the work runs in the background, one import at a time per instance: a first streamed pass checks it
// (schema, control totals, signatures, header), a second imports it in ONE transaction — all or nothing.
// Warnings wait for the user's confirmation. Progress goes to the uploader over the real-time channel
// (UPDATE_UPLOAD_FILE_STATUS, FileId = the import's id) and is kept on the row.

export interface SaftImportDeps {
  db: Db;
  dataDir: string;
}

export interface SaftViewer {
  organizationId: string;
  userId: string;
}

type Row = typeof accountingSaftImports.$inferSelect;

export function toSaftImport(row: Row): SaftImport {
  return {
    id: row.id,
    organizationId: row.organizationId,
    state: row.state as SaftImportState,
    fileName: row.fileName,
    fileSize: row.fileSize,
    sha256: row.sha256,
    country: row.country ?? null,
    auditFileVersion: row.auditFileVersion ?? null,
    header: (row.header as Record<string, string> | null) ?? null,
    progress: row.progress,
    counts: (row.counts as Record<string, number>) ?? {},
    totals: (row.totals as SaftImport['totals']) ?? {},
    report: (row.report as SaftIssue[]) ?? [],
    signaturesChecked: row.publicKey !== null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

// ── Background work: one import at a time per instance ───────────────────────────────────────────────

let queue: Promise<void> = Promise.resolve();

function enqueue(work: () => Promise<void>): void {
  queue = queue.then(work).catch(() => undefined);
}

/** Resolves once every queued import step has run (tests, shutdown). */
export function saftImportsIdle(): Promise<void> {
  return queue;
}

/** An interrupted import whose file is gone is given up after this long (another instance may hold it). */
const LOST_AFTER_MS = 24 * 60 * 60_000;

/**
 * At start-up: the imports a stopped process left queued, checking or importing start again from their
 * file on disk (the import is one transaction, so an interrupted one left nothing behind; runImport locks
 * the row, so two instances resuming the same import cannot both write it). One whose file is gone —
 * for a day, so that another instance's own disk is not mistaken for lost — is marked failed.
 */
export async function resumeSaftImports(deps: SaftImportDeps, now = new Date()): Promise<number> {
  const interrupted = await deps.db
    .select()
    .from(accountingSaftImports)
    .where(inArray(accountingSaftImports.state, ['queued', 'checking', 'importing']))
    .orderBy(accountingSaftImports.createdAt);
  let resumed = 0;
  for (const row of interrupted) {
    const userId = row.createdBy;
    if (!userId) continue; // its uploader's account was deleted: nobody to import for
    if (row.storageKey && existsSync(row.storageKey)) {
      resumed += 1;
      enqueue(() =>
        row.state === 'importing' ? runImport(deps, row.id, userId) : runCheck(deps, row.id, userId),
      );
    } else if (now.getTime() - row.createdAt.getTime() > LOST_AFTER_MS) {
      await finish(deps, userId, row.id, {
        state: 'failed',
        report: [
          {
            severity: 'error',
            code: 'IMPORT_FAILED',
            message: 'The server stopped during this import and its file is gone: import the file again.',
          },
        ],
      });
    }
  }
  return resumed;
}

// ── Receiving the file ───────────────────────────────────────────────────────────────────────────────

export interface SpooledSaft {
  path: string;
  size: number;
  sha256: string;
}

/** Writes the uploaded file under `<dataDir>/files/<folder>/`, hashing it, refusing it past the limit. */
export async function spoolSaft(stream: Readable, dataDir: string, folder: string): Promise<SpooledSaft> {
  const directory = path.join(dataDir, 'files', folder);
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `saft-${randomUUID()}.xml`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > SAFT_IMPORT_MAX_BYTES)
        return done(new AppError('FILE_TOO_LARGE', 'The file is larger than 1 GB.'));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', 'The file is larger than 1 GB.');
    throw new AppError('MALFORMED_BODY', 'The file could not be received.');
  }
  if ((stream as { truncated?: boolean }).truncated) {
    await rm(file, { force: true });
    throw new AppError('FILE_TOO_LARGE', 'The file is larger than 1 GB.');
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

export async function createSaftImport(
  deps: SaftImportDeps,
  viewer: SaftViewer,
  input: { fileName: string; file: SpooledSaft; publicKey: string | null },
): Promise<SaftImport> {
  const id = randomUUID();
  const storageKey = path.join(path.dirname(input.file.path), `saft-${id}.xml`);
  await rename(input.file.path, storageKey);
  const [row] = await deps.db
    .insert(accountingSaftImports)
    .values({
      id,
      organizationId: viewer.organizationId,
      fileName: input.fileName.slice(0, 300) || 'saft.xml',
      fileSize: input.file.size,
      sha256: input.file.sha256,
      storageKey,
      publicKey: input.publicKey,
      createdBy: viewer.userId,
    })
    .returning();
  enqueue(() => runCheck(deps, id, viewer.userId));
  return toSaftImport(row as Row);
}

/**
 * Onboarding: the organization is created from the file's header — owned by the caller, within their
 * plan, with the NIF, name, address, contacts and currency the file declares and the country of its
 * SAF-T version — and the file is imported into it like any other. The organization rules apply as on
 * /settings/organizations: a NIF failing its check digit (the AT's demo file is 599999999) or already
 * registered is refused, and then nothing is created and the file is dropped.
 */
export async function onboardFromSaft(
  deps: SaftImportDeps,
  userId: string,
  input: { fileName: string; file: SpooledSaft; publicKey: string | null },
): Promise<SaftImport> {
  try {
    let header: Map<string, string> | null = null;
    const read = await readSaft(createReadStream(input.file.path, { highWaterMark: 64 * 1024 }), {
      headerOnly: true,
      skipSchema: true,
      onRecords: async (records) => {
        for (const record of records) if (record.kind === 'header') header = record.fields;
      },
    });
    const fields = header as Map<string, string> | null;
    const name = fields?.get('CompanyName')?.trim();
    const vatNumber = fields?.get('TaxRegistrationNumber')?.trim();
    if (read.fatal || !read.country || !fields || !name || !vatNumber)
      throw new AppError(
        'SAFT_ONBOARDING_HEADER',
        read.issues[0]?.message ?? 'The file does not name the company in its header.',
      );
    const optional = (value: string | undefined, max: number) => {
      const text = value?.trim();
      return text ? text.slice(0, max) : undefined;
    };
    const email = optional(fields.get('Email'), 254);
    const currency = optional(fields.get('CurrencyCode'), 3)?.toUpperCase();
    const parsed = ZOrganizationInput.safeParse({
      name: name.slice(0, 200),
      vatNumber,
      country: read.country,
      currency: ZOrganizationInput.shape.currency.safeParse(currency).success ? currency : undefined,
      type: 'company',
      // A malformed e-mail in the file is left out rather than refusing the organization.
      email: ZOrganizationInput.shape.email.safeParse(email).success ? email : undefined,
      phone: optional(fields.get('Telephone'), 30),
      address: optional(fields.get('CompanyAddress/AddressDetail'), 300),
      postalCode: optional(fields.get('CompanyAddress/PostalCode'), 20),
      city: optional(fields.get('CompanyAddress/City'), 100),
    });
    if (!parsed.success)
      throw new AppError('SAFT_ONBOARDING_HEADER', 'The header does not name the company in a usable way.');
    const organization = await createOrganization(deps.db, userId, parsed.data);
    // The file moves to the new organization's folder, where its imports are kept.
    const directory = path.join(deps.dataDir, 'files', organization.id);
    await mkdir(directory, { recursive: true });
    const moved = path.join(directory, path.basename(input.file.path));
    await rename(input.file.path, moved);
    return await createSaftImport(
      deps,
      { organizationId: organization.id, userId },
      { ...input, file: { ...input.file, path: moved } },
    );
  } catch (error) {
    await rm(input.file.path, { force: true });
    throw error;
  }
}

export async function getSaftImport(
  deps: SaftImportDeps,
  organizationId: string,
  id: string,
): Promise<SaftImport> {
  const [row] = await deps.db
    .select()
    .from(accountingSaftImports)
    .where(and(eq(accountingSaftImports.organizationId, organizationId), eq(accountingSaftImports.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'No such SAF-T import.');
  return toSaftImport(row);
}

export async function listSaftImports(deps: SaftImportDeps, organizationId: string): Promise<SaftImport[]> {
  const found = await deps.db
    .select()
    .from(accountingSaftImports)
    .where(eq(accountingSaftImports.organizationId, organizationId))
    .orderBy(desc(accountingSaftImports.createdAt))
    .limit(20);
  return found.map(toSaftImport);
}

/** The user accepts the warnings: the import goes on. */
export async function confirmSaftImport(
  deps: SaftImportDeps,
  viewer: SaftViewer,
  id: string,
): Promise<SaftImport> {
  const [row] = await deps.db
    .update(accountingSaftImports)
    .set({ state: 'importing' })
    .where(
      and(
        eq(accountingSaftImports.organizationId, viewer.organizationId),
        eq(accountingSaftImports.id, id),
        eq(accountingSaftImports.state, 'awaiting_confirmation'),
      ),
    )
    .returning();
  if (!row) {
    await getSaftImport(deps, viewer.organizationId, id);
    throw new AppError('SAFT_IMPORT_NOT_AWAITING', 'This import is not waiting for a confirmation.');
  }
  enqueue(() => runImport(deps, id, viewer.userId));
  return toSaftImport(row);
}

// ── The work ─────────────────────────────────────────────────────────────────────────────────────────

async function update(
  deps: SaftImportDeps,
  id: string,
  values: Partial<typeof accountingSaftImports.$inferInsert>,
) {
  const [row] = await deps.db
    .update(accountingSaftImports)
    .set(values)
    .where(eq(accountingSaftImports.id, id))
    .returning();
  return row as Row;
}

async function progress(deps: SaftImportDeps, userId: string, row: Row, state: string, percent: number) {
  await notifyUser(deps.db, userId, 'UPDATE_UPLOAD_FILE_STATUS', {
    FileId: row.id,
    Status: state,
    Percent: Math.max(0, Math.min(100, Math.round(percent))),
  }).catch(() => undefined);
}

async function finish(
  deps: SaftImportDeps,
  userId: string,
  id: string,
  values: Partial<typeof accountingSaftImports.$inferInsert>,
) {
  const row = await update(deps, id, { ...values, finishedAt: new Date(), storageKey: null });
  await progress(deps, userId, row, row.state, 100);
  return row;
}

/** Header warnings: a NIF that is not the organization's, or that fails its check digit. */
function headerWarnings(
  header: Record<string, string>,
  country: string | null,
  organization: { vatNumber: string; country: string },
): SaftIssue[] {
  const nif = (header.TaxRegistrationNumber ?? '').trim();
  const warnings: SaftIssue[] = [];
  if (!nif) return warnings;
  const valid = country === 'AO' ? isValidAoNif(nif) : isValidPtNif(nif);
  if (!valid)
    warnings.push({
      severity: 'warning',
      code: 'NIF_INVALID',
      message: `The header's TaxRegistrationNumber ${nif} fails its check digit.`,
      element: 'TaxRegistrationNumber',
    });
  const own = organization.vatNumber.replace(/^[A-Z]{2}/i, '').trim();
  if (nif.replace(/^[A-Z]{2}/i, '') !== own)
    warnings.push({
      severity: 'warning',
      code: 'NIF_MISMATCH',
      message: `The file belongs to NIF ${nif}, not to this organization (${own}).`,
      element: 'TaxRegistrationNumber',
    });
  if (country && organization.country !== country)
    warnings.push({
      severity: 'warning',
      code: 'COUNTRY_MISMATCH',
      message: `A SAF-T (${country}) file imported into a ${organization.country} organization.`,
    });
  return warnings;
}

async function runCheck(deps: SaftImportDeps, id: string, userId: string): Promise<void> {
  let row = await update(deps, id, { state: 'checking', progress: 0 });
  if (!row?.storageKey) return;
  const storageKey = row.storageKey;
  try {
    await progress(deps, userId, row, 'checking', 0);
    const size = Math.max(1, row.fileSize);
    const result = await readSaft(createReadStream(storageKey, { highWaterMark: 256 * 1024 }), {
      publicKey: row.publicKey,
      onProgress: async (bytes) => {
        const percent = Math.round((bytes / size) * 50);
        await update(deps, id, { progress: percent });
        await progress(deps, userId, row, 'checking', percent);
      },
    });
    const [organization] = await deps.db
      .select({ vatNumber: organizations.vatNumber, country: organizations.country })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    const report: SaftIssue[] = [...result.issues];
    if (!result.fatal && organization)
      report.push(...headerWarnings(result.header, result.country, organization));
    const [already] = await deps.db
      .select({ id: accountingSaftImports.id })
      .from(accountingSaftImports)
      .where(
        and(
          eq(accountingSaftImports.organizationId, row.organizationId),
          eq(accountingSaftImports.sha256, row.sha256),
          eq(accountingSaftImports.state, 'done'),
        ),
      );
    if (already)
      report.unshift({
        severity: 'error',
        code: 'ALREADY_IMPORTED',
        message: 'This very file was imported already: nothing is added twice.',
      });
    const common = {
      country: result.country,
      auditFileVersion: result.auditFileVersion,
      header: result.header,
      counts: result.counts,
      totals: result.totals,
      report,
    };
    if (result.errorCount > 0 || already) {
      await finish(deps, userId, id, { ...common, state: 'refused', progress: 100 });
      await rm(storageKey, { force: true });
      return;
    }
    if (report.some((issue) => issue.severity === 'warning')) {
      row = await update(deps, id, { ...common, state: 'awaiting_confirmation', progress: 50 });
      await progress(deps, userId, row, 'awaiting_confirmation', 50);
      return;
    }
    row = await update(deps, id, { ...common, state: 'importing', progress: 50 });
    await runImport(deps, id, userId);
  } catch (error) {
    await finish(deps, userId, id, {
      state: 'failed',
      report: [{ severity: 'error', code: 'IMPORT_FAILED', message: (error as Error).message.slice(0, 500) }],
    });
    await rm(storageKey, { force: true });
  }
}

async function runImport(deps: SaftImportDeps, id: string, userId: string): Promise<void> {
  const [row] = await deps.db.select().from(accountingSaftImports).where(eq(accountingSaftImports.id, id));
  if (!row?.storageKey || row.state !== 'importing') return;
  const storageKey = row.storageKey;
  await progress(deps, userId, row, 'importing', 50);
  try {
    const written = await deps.db.transaction(async (tx) => {
      // Another instance resuming the same import waits here, then finds it no longer importing.
      const [locked] = await tx
        .select({ state: accountingSaftImports.state })
        .from(accountingSaftImports)
        .where(eq(accountingSaftImports.id, id))
        .for('update');
      if (locked?.state !== 'importing') return false;
      const writer = new ImportWriter(tx as unknown as Db, row.organizationId, row.id, userId);
      await writer.start();
      const result = await readSaft(createReadStream(storageKey, { highWaterMark: 256 * 1024 }), {
        skipSchema: true,
        onRecords: (records) => writer.write(records),
      });
      if (result.fatal) throw new Error(result.issues[0]?.message ?? 'The file could not be read again.');
      await writer.end();
      // Marked done in the same transaction: the unique (organization, sha256) of done imports makes a
      // concurrent second import of the same file fail here and roll back.
      await tx
        .update(accountingSaftImports)
        .set({
          state: 'done',
          progress: 100,
          finishedAt: new Date(),
          storageKey: null,
          counts: { ...(row.counts as object), ...writer.counts },
        })
        .where(eq(accountingSaftImports.id, id));
      return true;
    });
    if (!written) return;
    const [done] = await deps.db.select().from(accountingSaftImports).where(eq(accountingSaftImports.id, id));
    if (done) await progress(deps, userId, done, 'done', 100);
  } catch (error) {
    const message = error instanceof AppError || error instanceof Error ? error.message : String(error);
    const duplicate = /accounting_saft_imports_done_key|duplicate key/.test(message);
    await finish(deps, userId, id, {
      state: duplicate ? 'refused' : 'failed',
      report: sql`${accountingSaftImports.report} || ${JSON.stringify([
        duplicate
          ? {
              severity: 'error',
              code: 'ALREADY_IMPORTED',
              message: 'This very file was imported already: nothing is added twice.',
            }
          : { severity: 'error', code: 'IMPORT_FAILED', message: message.slice(0, 500) },
      ])}::jsonb` as unknown as SaftIssue[],
    });
  } finally {
    await rm(storageKey, { force: true });
  }
}

/// <reference path="./archiver.d.ts" />
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import archiver, { type Archiver } from 'archiver';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { documentPdf, type SigningKey } from '../billing/index.ts';
import { exportSaft, type SaftExportDeps } from '../saft/index.ts';
import { readFileStream } from '../treasury/index.ts';
import { countRows, type ExportTable, exportTables, tableCsv } from './tables.ts';

/**
 * Writes an organization's archive (docs/data-export.md) to `target`, entry after entry, each streamed:
 *   data/<table>.csv        every table holding the organization's rows (tables.ts)
 *   documents/<number>.pdf  every issued billing document, printed as the app prints it
 *   attachments/…           the files attached to movements and supplier documents, and imported SAF-T files
 *   saft/…                  SAF-T (PT/AO): billing (F) per year with documents, accounting (C) per fiscal year
 *   manifest.json           what is inside: row counts, files, and what was left out and why
 * `progress` is told the share done (0…1) after each entry; `shouldStop` is asked between entries.
 */

export interface ArchiveDeps {
  db: Db;
  dataDir: string;
  signingKey: SigningKey;
  invoicing: SaftExportDeps['invoicing'];
  productVersion: string;
}

export interface Manifest {
  organizationId: string;
  createdAt: string;
  tables: { name: string; file: string; rows: number }[];
  documents: number;
  attachments: { file: string; bytes: number | null }[];
  saft: string[];
  skipped: { item: string; reason: string }[];
}

/** Appends one entry and waits until the archive has taken it in whole (one entry in flight). */
async function appendEntry(archive: Archiver, name: string, source: Readable | Buffer | string) {
  await new Promise<void>((resolve, reject) => {
    const onEntry = (entry: { name: string }) => {
      if (entry.name !== name) return;
      cleanup();
      resolve();
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      if (source instanceof Readable) source.off('error', onError);
    };
    archive.on('entry', onEntry);
    archive.on('error', onError);
    if (source instanceof Readable) source.on('error', onError);
    archive.append(source, { name, date: new Date() });
  });
}

/** A name safe in an archive: no path separators or control characters, at most 120 characters. */
export function safeName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'file').slice(-120);
}

interface Plan {
  tables: ExportTable[];
  documents: { id: string; document_number: string }[];
  attachments: { kind: string; id: string; file_name: string; storage_key: string }[];
  saftYears: { basis: 'F' | 'C'; from: string; to: string }[];
}

async function plan(db: Db, organizationId: string): Promise<Plan> {
  const documents = await rows<{ id: string; document_number: string }>(
    db,
    sql`SELECT id, document_number FROM billing_documents
        WHERE organization_id = ${organizationId} AND document_number IS NOT NULL
        ORDER BY document_date, document_number`,
  );
  const attachments = await rows<{ kind: string; id: string; file_name: string; storage_key: string }>(
    db,
    sql`SELECT 'movements' AS kind, id::text, file_name, storage_key FROM treasury_documents
         WHERE organization_id = ${organizationId}
        UNION ALL
        SELECT 'purchases', id::text, coalesce(file_name, 'document'), storage_key FROM billing_purchases
         WHERE organization_id = ${organizationId} AND storage_key IS NOT NULL
        UNION ALL
        SELECT 'saft-imports', id::text, file_name, storage_key FROM accounting_saft_imports
         WHERE organization_id = ${organizationId}
        UNION ALL
        SELECT 'tickets', a.id::text, a.file_name, '' FROM ticket_attachments a
          JOIN support_tickets t ON t.id = a.ticket_id
         WHERE t.organization_id = ${organizationId}
        ORDER BY 1, 2`,
  );
  const billingYears = await rows<{ year: number }>(
    db,
    sql`SELECT DISTINCT extract(year FROM document_date)::int AS year FROM billing_documents
        WHERE organization_id = ${organizationId} AND document_number IS NOT NULL ORDER BY 1`,
  );
  const ledgerYears = await rows<{ from: string; to: string }>(
    db,
    sql`SELECT y.start_date::text AS "from", y.end_date::text AS "to" FROM accounting_fiscal_years y
        WHERE y.organization_id = ${organizationId}
          AND EXISTS (SELECT 1 FROM accounting_entries e WHERE e.organization_id = y.organization_id
                        AND e.entry_date BETWEEN y.start_date AND y.end_date)
        ORDER BY 1`,
  );
  return {
    tables: exportTables(),
    documents,
    attachments,
    saftYears: [
      ...billingYears.map(({ year }) => ({
        basis: 'F' as const,
        from: `${year}-01-01`,
        to: `${year}-12-31`,
      })),
      ...ledgerYears.map((year) => ({ basis: 'C' as const, ...year })),
    ],
  };
}

/** A support ticket's attachment, kept in the database (bounded by the ticket upload limit). */
async function ticketAttachment(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await rows<{ content: Buffer | Uint8Array }>(
    db,
    sql`SELECT content FROM ticket_attachments WHERE id = ${Number(id)}`,
  );
  return row ? Buffer.from(row.content) : null;
}

/** Where an attachment lives on disk (null when the key is not one of the file store's or the file is gone). */
function attachmentStream(dataDir: string, kind: string, storageKey: string): Readable | null {
  if (kind === 'saft-imports') {
    // The SAF-T import keeps the uploaded file's own path (under DATA_DIR).
    const resolved = path.resolve(storageKey);
    if (!resolved.startsWith(path.resolve(dataDir) + path.sep) || !existsSync(resolved)) return null;
    return createReadStream(resolved);
  }
  try {
    const stream = readFileStream(dataDir, storageKey);
    if (existsSync(stream.path as string)) return stream;
    stream.on('error', () => undefined);
    stream.destroy();
    return null;
  } catch {
    return null;
  }
}

export async function buildArchive(
  deps: ArchiveDeps,
  organizationId: string,
  target: string,
  progress: (share: number) => Promise<void> | void,
  shouldStop: () => boolean = () => false,
): Promise<{ size: number; manifest: Manifest }> {
  const work = await plan(deps.db, organizationId);
  const manifest: Manifest = {
    organizationId,
    createdAt: new Date().toISOString(),
    tables: [],
    documents: 0,
    attachments: [],
    saft: [],
    skipped: [],
  };
  // Weights: a table or a file is one step, a SAF-T file five.
  const total =
    work.tables.length + work.documents.length + work.attachments.length + work.saftYears.length * 5 + 1;
  let done = 0;
  const step = async (weight = 1) => {
    if (shouldStop()) throw new AppError('SERVER_BUSY', 'The server is shutting down.');
    done += weight;
    await progress(Math.min(done / total, 1));
  };

  await mkdir(path.dirname(target), { recursive: true });
  const output = createWriteStream(target);
  const archive = archiver('zip', { zlib: { level: 6 } });
  // Rejects when the file cannot be written (disk full); awaited at the end, ignored once aborted.
  const closed = once(output, 'close');
  closed.catch(() => undefined);
  archive.pipe(output);
  try {
    for (const table of work.tables) {
      const rowsIn = await countRows(deps.db, table, organizationId);
      if (rowsIn > 0) {
        const file = `data/${table.name}.csv`;
        await appendEntry(archive, file, Readable.from(tableCsv(deps.db, table, organizationId)));
        manifest.tables.push({ name: table.name, file, rows: rowsIn });
      }
      await step();
    }
    const printDeps = { db: deps.db, signingKey: deps.signingKey };
    const names = new Set<string>();
    for (const document of work.documents) {
      const { pdf, fileName } = await documentPdf(printDeps, organizationId, document.id);
      let name = `documents/${safeName(fileName)}`;
      if (names.has(name)) name = `documents/${document.id}-${safeName(fileName)}`;
      names.add(name);
      await appendEntry(archive, name, pdf);
      manifest.documents += 1;
      await step();
    }
    for (const attachment of work.attachments) {
      const file = `attachments/${attachment.kind}/${attachment.id}-${safeName(attachment.file_name)}`;
      const stream =
        attachment.kind === 'tickets'
          ? await ticketAttachment(deps.db, attachment.id)
          : attachmentStream(deps.dataDir, attachment.kind, attachment.storage_key);
      if (stream) {
        await appendEntry(archive, file, stream);
        manifest.attachments.push({ file, bytes: null });
      } else manifest.skipped.push({ item: file, reason: 'The stored file is missing.' });
      await step();
    }
    const saftDeps: SaftExportDeps = {
      db: deps.db,
      signingKey: deps.signingKey,
      invoicing: deps.invoicing,
      productVersion: deps.productVersion,
    };
    for (const year of work.saftYears) {
      try {
        const file = await exportSaft(saftDeps, organizationId, year);
        const name = `saft/${safeName(file.fileName)}`;
        await appendEntry(archive, name, file.body);
        manifest.saft.push(name);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        manifest.skipped.push({
          item: `SAF-T ${year.basis} ${year.from}…${year.to}`,
          reason: error.message,
        });
      }
      await step(5);
    }
    await appendEntry(archive, 'manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
    await archive.finalize();
    await closed;
    await step();
    return { size: archive.pointer(), manifest };
  } catch (error) {
    archive.unpipe(output);
    archive.abort();
    output.destroy();
    await rm(target, { force: true });
    throw error;
  }
}

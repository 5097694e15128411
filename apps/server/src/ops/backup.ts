import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { type Database, PGLITE_EXTENSIONS, PGLITE_LOCK } from '../db/client.ts';

/**
 * Backup and restore (README "Backup and restore"). One archive (tar, gzip) holds:
 *
 *   manifest.json     what the archive holds, with every table's row count and checksum and every
 *                     file's size and SHA-256, taken from the same snapshot as the dump;
 *   database.pgdump   PostgreSQL: `pg_dump --format=custom` (restored with pg_restore), or
 *   pglite.tar.gz     PGlite: its own data-directory dump (dumpDataDir, restored with loadDataDir);
 *   data/…            the state under DATA_DIR (files/ and whatever else is kept there), except the
 *                     embedded database's directory and outbox/ (mails written instead of sent).
 *
 * A restore goes into an empty database and an empty DATA_DIR, then checks the restored database and
 * files against the manifest and says what differs.
 */

const run = promisify(execFile);
export const BACKUP_FORMAT = 'fluxo-backup';
export const BACKUP_VERSION = 1;
/**
 * DATA_DIR entries that are not state: the embedded database (dumped on its own), its lock file, the
 * mail outbox and the organizations' data-export archives (copies of what the backup holds, kept days).
 */
const NOT_STATE = new Set(['pglite', PGLITE_LOCK, 'outbox', 'exports']);

export interface TableFingerprint {
  table: string;
  rows: number;
  /** md5 of the rows' md5s in primary-key order (rows as text, in a fixed time zone and date style). */
  checksum: string;
}

export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  appVersion: string;
  database: { kind: 'pglite' | 'postgres'; dump: string; tables: TableFingerprint[] };
  files: FileEntry[];
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Session settings that make a row's text form the same on every connection. */
const STABLE_TEXT = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
];

/**
 * Row count and checksum of every table (every schema but the system's), run inside the caller's
 * transaction so it sees the same snapshot as the dump.
 */
export async function fingerprintTables(query: Query): Promise<TableFingerprint[]> {
  for (const setting of STABLE_TEXT) await query(setting);
  const tables = (await query(`
    SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name,
      (SELECT string_agg('t.' || quote_ident(a.attname), ', ' ORDER BY array_position(i.indkey::int2[], a.attnum))
         FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
    ORDER BY 1`)) as { name: string; pk: string | null }[];
  const result: TableFingerprint[] = [];
  for (const { name, pk } of tables) {
    const [row] = await query(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(md5(t::text), '' ORDER BY ${pk ?? 't::text'}), '')) AS checksum
         FROM ${name} t`,
    );
    result.push({ table: name, rows: Number(row!.rows), checksum: String(row!.checksum) });
  }
  return result;
}

const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** The state files under DATA_DIR (relative, '/'-separated, sorted), skipping `exclude` (absolute). */
export async function stateFiles(dataDir: string, exclude: readonly string[] = []): Promise<FileEntry[]> {
  const found: FileEntry[] = [];
  const walk = async (dir: string, relative: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && NOT_STATE.has(entry.name)) continue;
      if (exclude.includes(absolute)) continue;
      if (entry.isDirectory()) await walk(absolute, rel);
      else if (entry.isFile()) {
        found.push({ path: rel, size: (await stat(absolute)).size, sha256: await sha256File(absolute) });
      }
    }
  };
  await walk(dataDir, '');
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** pg_dump/pg_restore see the password through PGPASSWORD, not on their command line (visible to `ps`). */
function pgToolArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(
        `${tool} is not on PATH: install the PostgreSQL client tools (same major version as the server or newer).`,
      );
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

const pgliteClient = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

export interface BackupOptions {
  database: Database;
  /** The PostgreSQL server's URL (pg_dump connects to it); null for PGlite. */
  databaseUrl: string | null;
  dataDir: string;
  /** Where the archive is written. */
  file: string;
  appVersion: string;
}

/** Writes one archive with the database and the files; returns its manifest. */
export async function backup(options: BackupOptions): Promise<BackupManifest> {
  const file = path.resolve(options.file);
  const staging = await mkdtemp(path.join(tmpdir(), 'fluxo-backup-'));
  try {
    let tables: TableFingerprint[];
    let dump: string;
    if (options.database.kind === 'postgres') {
      if (!options.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
      dump = 'database.pgdump';
      const { url, env } = pgToolArgs(options.databaseUrl);
      // pg_dump reads the snapshot this transaction exported: the checksums and the dump see the same data.
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        tables = await fingerprintTables(async (text) => (await client.query(text)).rows);
        await pgTool(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${rows[0]!.snapshot}`,
            `--file=${path.join(staging, dump)}`,
            `--dbname=${url}`,
          ],
          env,
        );
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    } else {
      dump = 'pglite.tar.gz';
      const client = pgliteClient(options.database);
      // PGlite is one connection in this process: nothing writes between the checksums and the dump.
      tables = await client.transaction(async (tx) =>
        fingerprintTables(async (text) => (await tx.query<Record<string, unknown>>(text)).rows),
      );
      const archive = await client.dumpDataDir('gzip');
      await writeFile(path.join(staging, dump), Buffer.from(await archive.arrayBuffer()));
    }
    const files = await stateFiles(options.dataDir, [file]);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      database: { kind: options.database.kind, dump, tables },
      files,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The files are packed from DATA_DIR through a link, not copied to the staging directory first.
    await symlink(path.resolve(options.dataDir), path.join(staging, 'data'), 'dir');
    await mkdir(path.dirname(file), { recursive: true });
    await tar.c({ gzip: true, file, cwd: staging, follow: true, portable: true }, [
      'manifest.json',
      dump,
      ...files.map((f) => `data/${f.path}`),
    ]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The manifest of an archive, checked to be a Fluxo backup this version reads. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text: string | null = null;
  await tar.t({
    file,
    filter: (entry) => entry === 'manifest.json',
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        text = Buffer.concat(chunks).toString('utf8');
      });
    },
  });
  if (text === null) throw new Error(`${file} is not a Fluxo backup (no manifest.json).`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new Error(`${file} is not a Fluxo backup of version ${BACKUP_VERSION}.`);
  return manifest;
}

export interface RestoreOptions {
  file: string;
  /** The (empty) PostgreSQL database to restore into; null restores PGlite into DATA_DIR/pglite. */
  databaseUrl: string | null;
  /** The (empty) DATA_DIR to restore into. */
  dataDir: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: TableFingerprint[];
  /** Tables and files that differ from the manifest (empty: everything was found again). */
  mismatches: string[];
}

async function assertEmptyDataDir(dataDir: string, archive: string) {
  let entries: string[] = [];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const occupied = entries.filter((e) => e !== 'outbox' && path.join(dataDir, e) !== archive);
  if (occupied.length)
    throw new Error(
      `DATA_DIR ${dataDir} is not empty (${occupied.join(', ')}): restore into an empty one, so nothing is overwritten or mixed.`,
    );
}

async function assertEmptyPostgres(client: pg.Client) {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
  );
  if (rows[0]!.n > 0)
    throw new Error(
      `The database has ${rows[0]!.n} tables already: restore into a new, empty database (createdb) and point DATABASE_URL at it.`,
    );
}

/** Compares what was restored with the manifest. */
function compare(manifest: BackupManifest, tables: TableFingerprint[], files: FileEntry[]): string[] {
  const mismatches: string[] = [];
  const restored = new Map(tables.map((t) => [t.table, t]));
  for (const table of manifest.database.tables) {
    const found = restored.get(table.table);
    if (!found) mismatches.push(`table ${table.table}: missing`);
    else if (found.rows !== table.rows)
      mismatches.push(`table ${table.table}: ${found.rows} rows, expected ${table.rows}`);
    else if (found.checksum !== table.checksum)
      mismatches.push(`table ${table.table}: rows differ (checksum)`);
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const file of manifest.files) {
    const found = byPath.get(file.path);
    if (!found) mismatches.push(`file ${file.path}: missing`);
    else if (found.sha256 !== file.sha256) mismatches.push(`file ${file.path}: content differs`);
  }
  return mismatches;
}

/** Restores an archive into an empty database and an empty DATA_DIR, then checks it against its manifest. */
export async function restore(options: RestoreOptions): Promise<RestoreReport> {
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readManifest(file);
  const wanted = options.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== wanted)
    throw new Error(
      `The backup holds a ${manifest.database.kind} database; this configuration uses ${wanted} (${
        wanted === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'
      }).`,
    );
  await assertEmptyDataDir(dataDir, file);
  const staging = await mkdtemp(path.join(tmpdir(), 'fluxo-restore-'));
  try {
    const dumpPath = path.join(staging, manifest.database.dump);
    await tar.x({ file, cwd: staging, filter: (entry) => entry === manifest.database.dump });
    let tables: TableFingerprint[];
    if (options.databaseUrl) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await assertEmptyPostgres(client);
        const { url, env } = pgToolArgs(options.databaseUrl);
        await pgTool(
          'pg_restore',
          [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
            `--dbname=${url}`,
            dumpPath,
          ],
          env,
        );
        await client.query('BEGIN READ ONLY');
        tables = await fingerprintTables(async (text) => (await client.query(text)).rows);
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    } else {
      const dir = path.join(dataDir, 'pglite');
      await mkdir(dir, { recursive: true });
      const db = new PGlite(dir, {
        loadDataDir: new Blob([await readFile(dumpPath)]),
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        tables = await db.transaction(async (tx) =>
          fingerprintTables(async (text) => (await tx.query<Record<string, unknown>>(text)).rows),
        );
      } finally {
        await db.close();
      }
    }
    await mkdir(dataDir, { recursive: true });
    await tar.x({ file, cwd: dataDir, strip: 1, filter: (entry) => entry.startsWith('data/') });
    const files = await stateFiles(dataDir, [file]);
    return { manifest, tables, mismatches: compare(manifest, tables, files) };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

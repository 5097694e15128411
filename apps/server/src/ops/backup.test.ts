import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadConfig } from '../platform/config.ts';
import { createTestApp, emptyPostgresDatabase, type TestApp } from '../test/harness.ts';
import { backup, fingerprintTables, restore, type TableFingerprint } from './backup.ts';

/** PGlite always; PostgreSQL too when DATABASE_URL is set and pg_dump/pg_restore are installed. */
function pgToolsMissing(): string | null {
  for (const tool of ['pg_dump', 'pg_restore']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      return tool;
    }
  }
  return null;
}
const missingTool = process.env.DATABASE_URL ? pgToolsMissing() : null;
if (process.env.DATABASE_URL && missingTool) {
  console.warn(
    `\n!!! SKIPPING the PostgreSQL backup/restore test: ${missingTool} is not on PATH (install the PostgreSQL client tools) !!!\n`,
  );
}
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (process.env.DATABASE_URL && !missingTool) kinds.push('postgres');

async function fingerprint(database: Database): Promise<TableFingerprint[]> {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return client.transaction((tx) =>
      fingerprintTables(async (text) => (await tx.query<Record<string, unknown>>(text)).rows),
    );
  }
  return database.db.transaction((tx) =>
    fingerprintTables(async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: [] }).rows),
  );
}

/** A new, empty database on the test server (not migrated: the restore brings the schema). */
const emptyPostgres = () => emptyPostgresDatabase(process.env.DATABASE_URL!, 'fluxo_restore');

describe.each(kinds)('backup and restore on %s', (kind) => {
  let source: TestApp;
  let work: string;
  let target: { url: string | null; drop: () => Promise<void> };
  const files: Record<string, Buffer> = {
    'files/organizations/a/invoice-0001.pdf': randomBytes(200_000),
    'files/organizations/b/logo.png': randomBytes(3_000),
    'files/empty.txt': Buffer.alloc(0),
    'files/nome com espaço & acentos — ç.txt': Buffer.from('conteúdo\n', 'utf8'),
  };

  beforeAll(async () => {
    source = await createTestApp({ database: kind });
    for (const [file, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(source.dataDir, file)), { recursive: true });
      writeFileSync(path.join(source.dataDir, file), bytes);
    }
    // Mails written instead of sent are not state.
    mkdirSync(path.join(source.dataDir, 'outbox'), { recursive: true });
    writeFileSync(path.join(source.dataDir, 'outbox', 'mail.eml'), 'Subject: not state\n\n');
    work = mkdtempSync(path.join(tmpdir(), 'fluxo-backup-test-'));
    target = kind === 'postgres' ? await emptyPostgres() : { url: null, drop: async () => {} };
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    await target?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('restores every row of every table and every file into a fresh database and DATA_DIR', async () => {
    const token = await source.signin('demo@fluxo.example');
    // The sign-in's audit record is written in a batch a moment later: written now, before the backup reads.
    await source.app.auditLog.flush();
    const archive = path.join(work, 'fluxo.tar.gz');
    const manifest = await backup({
      database: source.database,
      databaseUrl: source.databaseUrl,
      dataDir: source.dataDir,
      file: archive,
      appVersion: 'test',
    });
    const before = await fingerprint(source.database);
    expect(manifest.database.tables).toEqual(before);
    const rows = new Map(before.map((t) => [t.table, t.rows]));
    // The demo data is there to be found again (not an empty database restored into an empty one).
    for (const table of [
      'public.users',
      'public.organizations',
      'public.server_secrets',
      'drizzle.__drizzle_migrations',
    ])
      expect(rows.get(table), table).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(Object.keys(files).sort());

    const dataDir = path.join(work, 'restored');
    const report = await restore({ file: archive, databaseUrl: target.url, dataDir });
    expect(report.mismatches).toEqual([]);
    expect(report.tables).toEqual(before);

    // Independently of the restore's own check: open the restored database as the server does.
    const restored = await openDatabase({ databaseUrl: target.url, dataDir, inMemoryDatabase: false });
    try {
      expect(await fingerprint(restored)).toEqual(before);
      for (const [file, bytes] of Object.entries(files))
        expect(readFileSync(path.join(dataDir, file)).equals(bytes), file).toBe(true);
      expect(() => readFileSync(path.join(dataDir, 'outbox', 'mail.eml'))).toThrow();

      // The keys came back too: a session token issued before the backup still works on the restored server.
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
        webDist: path.join(dataDir, 'no-web'),
      });
      const { app } = await buildApp({ config, database: restored, logger: false });
      try {
        await app.ready();
        const response = await app.inject({
          method: 'GET',
          url: '/api/v1/organizations/all',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().myOrgs.length).toBeGreaterThan(0);
      } finally {
        await app.close();
      }

      // The check finds a difference when there is one.
      await restored.db.execute(sql`UPDATE users SET name = name || '.' WHERE email = 'demo@fluxo.example'`);
      const changed = await fingerprint(restored);
      const users = (list: TableFingerprint[]) => list.find((t) => t.table === 'public.users')!;
      expect(users(changed).rows).toBe(users(before).rows);
      expect(users(changed).checksum).not.toBe(users(before).checksum);
    } finally {
      await restored.close();
    }

    // A restore never goes over existing data.
    await expect(restore({ file: archive, databaseUrl: target.url, dataDir })).rejects.toThrow(/not empty/);
    if (target.url) {
      await expect(
        restore({ file: archive, databaseUrl: target.url, dataDir: path.join(work, 'another') }),
      ).rejects.toThrow(/empty database/);
    }
    // A backup of the other kind of database is refused with the reason.
    await expect(
      restore({
        file: archive,
        databaseUrl: kind === 'pglite' ? 'postgres://nobody@127.0.0.1:1/none' : null,
        dataDir: path.join(work, 'other-kind'),
      }),
    ).rejects.toThrow(/holds a/);
  }, 120_000);
});

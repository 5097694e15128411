import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { loadSecrets } from '../platform/secrets.ts';

/** The operator commands as `npm run backup|restore|rotate-keys` runs them, on the embedded database. */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const command = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/ops/commands.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'fluxo-commands-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / restore / rotate-keys', () => {
  it('back up and restore a DATA_DIR, and rotate its signing key', async () => {
    const source = path.join(work, 'source');
    mkdirSync(path.join(source, 'files'), { recursive: true });
    writeFileSync(path.join(source, 'files', 'kept.txt'), 'kept');
    const archive = path.join(work, 'backup.tar.gz');

    const backedUp = await command(['backup', archive], { DATA_DIR: source });
    expect(backedUp.out).toMatch(/Backed up pglite: \d+ tables, \d+ rows; 1 files/);
    expect(backedUp.code).toBe(0);

    const restoredDir = path.join(work, 'restored');
    const restored = await command(['restore', archive], { DATA_DIR: restoredDir });
    expect(restored.out).toContain('Every table and file matches');
    expect(restored.code).toBe(0);
    expect(readFileSync(path.join(restoredDir, 'files', 'kept.txt'), 'utf8')).toBe('kept');

    const again = await command(['restore', archive], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/is not empty/);

    const database = await openDatabase({ databaseUrl: null, dataDir: restoredDir, inMemoryDatabase: false });
    const before = (
      await loadSecrets(database.db, {
        jwtSecret: null,
        jwtSecretPrevious: [],
        secretsKey: null,
        secretsKeyPrevious: [],
      })
    ).signingKey().kid;
    // The embedded database is one process's: the command is refused while this test holds it.
    const busy = await command(['rotate-keys', 'jwt'], { DATA_DIR: restoredDir });
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/in use by process \d+/);
    await database.close();

    const rotated = await command(['rotate-keys', 'jwt'], { DATA_DIR: restoredDir });
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain(`key ${before} keeps working until`);

    const unknown = await command(['rotate-keys', 'everything'], { DATA_DIR: restoredDir });
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('usage:');
  }, 120_000);
});

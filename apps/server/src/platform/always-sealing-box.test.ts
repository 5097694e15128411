import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { freshDatabase } from '../test/harness.ts';
import { SEALED_PREFIX } from './secret-box.ts';
import { alwaysSealingBox, type KeysConfig } from './secrets.ts';

// Integration secrets (docs/plugins.md) are sealed with AES-256-GCM whether or not SECRETS_KEY is set.
const SECRETS_KEY = Buffer.alloc(32, 0x3c).toString('base64');
const keys = (secretsKey: string | null): KeysConfig => ({
  jwtSecret: null,
  jwtSecretPrevious: [],
  secretsKey,
  secretsKeyPrevious: [],
});

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase(mkdtempSync(path.join(tmpdir(), 'fluxo-box-')), 'pglite');
});
afterAll(async () => {
  await database?.database.close();
  await database?.drop();
});

describe('alwaysSealingBox', () => {
  it('without SECRETS_KEY: generates a key on first start, keeps it, and seals (round trip)', async () => {
    const box = await alwaysSealingBox(database.database.db, keys(null));
    expect(box.sealing).toBe(true);
    const sealed = box.seal('{"password":"hunter2-long"}', 'organization_plugins/1');
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed, 'organization_plugins/1')).toBe('{"password":"hunter2-long"}');
    // Another start (or instance) finds the same key.
    const again = await alwaysSealingBox(database.database.db, keys(null));
    expect(again.currentKeyId).toBe(box.currentKeyId);
    expect(again.open(sealed, 'organization_plugins/1')).toBe('{"password":"hunter2-long"}');
    const stored = await rows<{ n: number }>(
      database.database.db,
      sql`SELECT count(*)::int AS n FROM server_secrets WHERE name = 'generated_secrets_key'`,
    );
    expect(stored[0]!.n).toBe(1);
    // Bound to its place, and refused when altered.
    expect(() => box.open(sealed, 'organization_plugins/2')).toThrow(/altered or moved/);
    expect(() => box.open(`${sealed.slice(0, -2)}AA`, 'organization_plugins/1')).toThrow();
  });

  it('with SECRETS_KEY: seals under it, and still opens what the generated key sealed', async () => {
    const before = await alwaysSealingBox(database.database.db, keys(null));
    const old = before.seal('old secret', 'organization_plugins/9');
    const box = await alwaysSealingBox(database.database.db, keys(SECRETS_KEY));
    expect(box.currentKeyId).not.toBe(before.currentKeyId);
    expect(box.open(old, 'organization_plugins/9')).toBe('old secret');
    expect(box.isCurrent(old)).toBe(false);
    const fresh = box.seal('new secret', 'organization_plugins/9');
    expect(box.isCurrent(fresh)).toBe(true);
    expect(box.open(fresh, 'organization_plugins/9')).toBe('new secret');
  });
});

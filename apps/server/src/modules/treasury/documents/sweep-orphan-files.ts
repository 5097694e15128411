import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { removeFile } from './document-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes stored files that no row names any more (a movement's document, or billing's supplier
 * document): the files of movements (or organizations) deleted by cascade, which the database cannot
 * remove itself. Files younger than `graceMs` are left
 * alone, since an upload writes its file before the row commits. Answers how many files went.
 * Meant for a periodic job (platform/jobs.ts).
 */
export async function sweepOrphanFiles(db: Db, dataDir: string, graceMs = 60 * 60 * 1000): Promise<number> {
  const root = path.join(dataDir, 'files');
  let organizations: string[];
  try {
    organizations = (await readdir(root)).filter((name) => UUID.test(name));
  } catch {
    return 0;
  }
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const organizationId of organizations) {
    const names = (await readdir(path.join(root, organizationId))).filter((name) => UUID.test(name));
    if (names.length === 0) continue;
    const known = new Set(
      (
        await rows<{ storage_key: string }>(
          db,
          // Billing's supplier documents keep their files in the same store.
          sql`SELECT storage_key FROM treasury_documents WHERE organization_id = ${organizationId}
              UNION ALL
              SELECT storage_key FROM billing_purchases
              WHERE organization_id = ${organizationId} AND storage_key IS NOT NULL`,
        )
      ).map((row) => row.storage_key),
    );
    for (const name of names) {
      const key = `${organizationId}/${name}`;
      if (known.has(key)) continue;
      const { mtimeMs } = await stat(path.join(root, organizationId, name));
      if (mtimeMs > cutoff) continue;
      await removeFile(dataDir, key);
      removed++;
    }
  }
  return removed;
}

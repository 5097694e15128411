import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Attached files on disk: DATA_DIR/files/<organization id>/<random uuid>. The user's file name never
// reaches the path (it lives in the database), so no name can climb out of the folder or collide.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function filePath(dataDir: string, storageKey: string): string {
  const [organizationId, name] = storageKey.split('/');
  if (!organizationId || !name || !UUID.test(organizationId) || !UUID.test(name))
    throw new Error(`Not a storage key: ${storageKey}`);
  return path.join(dataDir, 'files', organizationId, name);
}

/** Writes the bytes under a new key (`<organization>/<uuid>`), answered for the database row. */
export async function storeFile(dataDir: string, organizationId: string, content: Buffer): Promise<string> {
  const storageKey = `${organizationId}/${randomUUID()}`;
  const target = filePath(dataDir, storageKey);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content, { flag: 'wx' });
  return storageKey;
}

export function readFileStream(dataDir: string, storageKey: string): ReadStream {
  return createReadStream(filePath(dataDir, storageKey));
}

/** Removes the file; one already gone is not an error. */
export async function removeFile(dataDir: string, storageKey: string): Promise<void> {
  await rm(filePath(dataDir, storageKey), { force: true });
}

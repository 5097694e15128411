import type { ReadStream } from 'node:fs';
import { PURCHASE_FILE_MAX_BYTES, PURCHASE_FILE_TYPES, type Purchase } from '@fluxo/domain';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../../db/client.ts';
import { billingPurchases } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { documentFileName, readFileStream, removeFile, storeFile } from '../../treasury/index.ts';
import * as repository from './purchases.repository.ts';
import { getPurchase } from './purchases.service.ts';

// The photo or PDF of a supplier document, in the organization's file store (the one treasury keeps
// movement documents in: DATA_DIR/files/<organization>/<uuid>, swept of orphans by treasury's job).

export interface PurchaseFileDeps {
  db: Db;
  dataDir: string;
}

/**
 * Keeps the file (its type sniffed from the bytes: PDF or a photo) as the purchase's, replacing the
 * previous one. The bytes are written first; the row changes in one transaction; the file of a failed
 * transaction, or the one replaced, is removed afterwards.
 */
export async function attachFile(
  deps: PurchaseFileDeps,
  organizationId: string,
  id: string,
  claimedName: string,
  content: Buffer,
): Promise<Purchase> {
  if (!(await repository.findPurchase(deps.db, organizationId, id)))
    throw new AppError('NOT_FOUND', 'No such purchase.');
  if (content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
  if (content.length > PURCHASE_FILE_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', 'The file is larger than 10 MB.');
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !(PURCHASE_FILE_TYPES as readonly string[]).includes(sniffed.mime))
    throw new AppError('FILE_TYPE_NOT_ALLOWED', 'Only a PDF or a photo (JPEG, PNG, WebP, HEIC) can be kept.');
  const storageKey = await storeFile(deps.dataDir, organizationId, content);
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const found = await repository.findPurchase(tx, organizationId, id, true);
      if (!found) throw new AppError('NOT_FOUND', 'No such purchase.');
      if (found.purchase.state === 'cancelled')
        throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'This purchase is cancelled.');
      replaced = found.purchase.storageKey;
      await tx
        .update(billingPurchases)
        .set({
          fileName: documentFileName(claimedName, sniffed.ext),
          contentType: sniffed.mime,
          storageKey,
          updatedAt: new Date(),
        })
        .where(and(eq(billingPurchases.organizationId, organizationId), eq(billingPurchases.id, id)));
    });
  } catch (error) {
    await removeFile(deps.dataDir, storageKey);
    throw error;
  }
  if (replaced) await removeFile(deps.dataDir, replaced);
  return getPurchase(deps.db, organizationId, id);
}

export async function openFile(
  deps: PurchaseFileDeps,
  organizationId: string,
  id: string,
): Promise<{ fileName: string; contentType: string; stream: ReadStream }> {
  const found = await repository.findPurchase(deps.db, organizationId, id);
  const row = found?.purchase;
  if (!row?.storageKey || !row.fileName || !row.contentType)
    throw new AppError('NOT_FOUND', 'This purchase has no file.');
  const stream = readFileStream(deps.dataDir, row.storageKey);
  // A missing file is answered 404, not a half-sent response.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(new AppError('NOT_FOUND', 'The file of this purchase is missing.')));
  });
  return { fileName: row.fileName, contentType: row.contentType, stream };
}

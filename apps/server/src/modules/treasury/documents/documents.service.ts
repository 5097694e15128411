import { createHash } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import path from 'node:path';
import { TRANSACTION_DOCUMENT_MAX_BYTES, type TransactionDocument } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../accounts/account-scope.ts';
import { readFileStream, removeFile, storeFile } from './document-store.ts';
import * as repository from './documents.repository.ts';

export interface DocumentsDeps {
  db: Db;
  dataDir: string;
}

/** Receipts and invoices: PDF, images (HEIC from iPhones too), Word and Excel — as sniffed from the bytes. */
export const DOCUMENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/**
 * The name to show and download under: no path separators, control characters or unpaired surrogates,
 * at most 200 characters, and the extension of the type the content really is (a PNG sent as
 * "recibo.pdf" is kept as "recibo.png").
 */
export function documentFileName(claimed: string, extension: string): string {
  const cleaned = Array.from(path.basename(claimed.replaceAll('\\', '/')))
    .filter((char) => !/^[\uD800-\uDFFF]$/.test(char))
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? '_' : char))
    .join('')
    .trim();
  const stem = cleaned.replace(/\.[^.]*$/, '').slice(0, 190) || 'document';
  return `${stem}.${extension}`;
}

async function visibility(db: Db, viewer: TreasuryViewer) {
  return accountFilter(sql`t.account_id`, await visibleAccountIds(db, viewer));
}

async function visibleTransaction(db: Db, viewer: TreasuryViewer, transactionId: string, lock = false) {
  const transaction = await repository.findTransaction(
    db,
    viewer.organizationId,
    transactionId,
    await visibility(db, viewer),
    lock,
  );
  if (!transaction) throw new AppError('NOT_FOUND', 'No such movement.');
  return transaction;
}

/** Stores the file, then the row and the movement's new count, in one transaction (file removed on failure). */
export async function addDocument(
  deps: DocumentsDeps,
  viewer: TreasuryViewer,
  transactionId: string,
  claimedName: string,
  content: Buffer,
): Promise<TransactionDocument> {
  await visibleTransaction(deps.db, viewer, transactionId);
  if (content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
  if (content.length > TRANSACTION_DOCUMENT_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', 'The file is larger than 10 MB.');
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !DOCUMENT_TYPES.includes(sniffed.mime))
    throw new AppError('FILE_TYPE_NOT_ALLOWED', 'Only PDF, images, Word and Excel files can be attached.');
  const storageKey = await storeFile(deps.dataDir, viewer.organizationId, content);
  try {
    const id = await deps.db.transaction(async (tx) => {
      // The row lock orders concurrent uploads to one movement, so each count is the true one.
      await visibleTransaction(tx, viewer, transactionId, true);
      const documentId = await repository.insertDocument(tx, {
        organizationId: viewer.organizationId,
        transactionId,
        fileName: documentFileName(claimedName, sniffed.ext),
        contentType: sniffed.mime,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        storageKey,
        uploadedBy: viewer.userId,
      });
      const total = await repository.recountDocuments(tx, viewer.organizationId, transactionId);
      await notifyOrganization(tx, viewer.organizationId, 'UPDATE_TRANSACTION_DOCUMENTS_TOTAL', {
        TransactionId: transactionId,
        Total: total,
      });
      return documentId;
    });
    const row = await repository.findDocument(deps.db, viewer.organizationId, id, sql`true`);
    return repository.toDocument(row as repository.DocumentRow);
  } catch (error) {
    await removeFile(deps.dataDir, storageKey);
    throw error;
  }
}

export async function listDocuments(
  deps: DocumentsDeps,
  viewer: TreasuryViewer,
  transactionId: string,
): Promise<TransactionDocument[]> {
  await visibleTransaction(deps.db, viewer, transactionId);
  const found = await repository.listDocuments(deps.db, viewer.organizationId, transactionId);
  return found.map(repository.toDocument);
}

/** The document (another organization's, or one on an account the caller does not see, is NOT_FOUND). */
export async function openDocument(
  deps: DocumentsDeps,
  viewer: TreasuryViewer,
  documentId: string,
): Promise<{ document: TransactionDocument; stream: ReadStream }> {
  const row = await repository.findDocument(
    deps.db,
    viewer.organizationId,
    documentId,
    await visibility(deps.db, viewer),
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such document.');
  const stream = readFileStream(deps.dataDir, row.storage_key);
  // A missing file is answered 404, not a half-sent response.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(new AppError('NOT_FOUND', 'The file of this document is missing.')));
  });
  return { document: repository.toDocument(row), stream };
}

export async function deleteDocument(
  deps: DocumentsDeps,
  viewer: TreasuryViewer,
  documentId: string,
): Promise<void> {
  const visible = await visibility(deps.db, viewer);
  const storageKey = await deps.db.transaction(async (tx) => {
    const row = await repository.findDocument(tx, viewer.organizationId, documentId, visible);
    if (!row) throw new AppError('NOT_FOUND', 'No such document.');
    await repository.findTransaction(tx, viewer.organizationId, row.transaction_id, sql`true`, true);
    await repository.deleteDocument(tx, viewer.organizationId, documentId);
    const total = await repository.recountDocuments(tx, viewer.organizationId, row.transaction_id);
    await notifyOrganization(tx, viewer.organizationId, 'UPDATE_TRANSACTION_DOCUMENTS_TOTAL', {
      TransactionId: row.transaction_id,
      Total: total,
    });
    return row.storage_key;
  });
  // After the commit: a failed transaction keeps its file.
  await removeFile(deps.dataDir, storageKey);
}

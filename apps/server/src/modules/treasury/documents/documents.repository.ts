import type { TransactionDocument } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';

export interface DocumentRow {
  id: string;
  transaction_id: string;
  account_id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string | null;
  created_at: string | Date;
}

/** pdf, png, jpeg (jpg) and gif open in the browser (spec §5); everything else downloads. */
export const PREVIEWABLE_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
];

export function toDocument(row: DocumentRow): TransactionDocument {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    previewable: PREVIEWABLE_TYPES.includes(row.content_type),
    uploadedBy: row.uploaded_by,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
  };
}

const COLUMNS = sql`d.id, d.transaction_id, t.account_id, d.file_name, d.content_type, d.size, d.storage_key,
  d.uploaded_by, d.created_at`;

/** The organization's movement, if `visible` (an accountFilter over t.account_id) lets the caller see it. */
export async function findTransaction(
  db: Db,
  organizationId: string,
  transactionId: string,
  visible: SQL,
  lock = false,
): Promise<{ id: string; accountId: string } | null> {
  const [row] = await rows<{ id: string; account_id: string }>(
    db,
    sql`SELECT t.id, t.account_id FROM treasury_transactions t
        WHERE t.organization_id = ${organizationId} AND t.id = ${transactionId} AND ${visible}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? { id: row.id, accountId: row.account_id } : null;
}

export async function listDocuments(
  db: Db,
  organizationId: string,
  transactionId: string,
): Promise<DocumentRow[]> {
  return rows<DocumentRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_documents d JOIN treasury_transactions t ON t.id = d.transaction_id
        WHERE d.organization_id = ${organizationId} AND t.organization_id = ${organizationId}
          AND d.transaction_id = ${transactionId}
        ORDER BY d.created_at, d.id`,
  );
}

/** A document of the organization whose movement the caller sees. */
export async function findDocument(
  db: Db,
  organizationId: string,
  documentId: string,
  visible: SQL,
): Promise<DocumentRow | null> {
  const [row] = await rows<DocumentRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_documents d JOIN treasury_transactions t ON t.id = d.transaction_id
        WHERE d.organization_id = ${organizationId} AND t.organization_id = ${organizationId}
          AND d.id = ${documentId} AND ${visible}`,
  );
  return row ?? null;
}

export async function insertDocument(
  db: Db,
  input: {
    organizationId: string;
    transactionId: string;
    fileName: string;
    contentType: string;
    size: number;
    sha256: string;
    storageKey: string;
    uploadedBy: string;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_documents
          (organization_id, transaction_id, file_name, content_type, size, sha256, storage_key, uploaded_by)
        VALUES (${input.organizationId}, ${input.transactionId}, ${input.fileName}, ${input.contentType},
                ${input.size}, ${input.sha256}, ${input.storageKey}, ${input.uploadedBy})
        RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function deleteDocument(db: Db, organizationId: string, documentId: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM treasury_documents WHERE organization_id = ${organizationId} AND id = ${documentId}`,
  );
}

/** Sets the movement's document_count from its documents (exact, whatever happened before); answers it. */
export async function recountDocuments(
  db: Db,
  organizationId: string,
  transactionId: string,
): Promise<number> {
  const [row] = await rows<{ document_count: number }>(
    db,
    sql`UPDATE treasury_transactions SET document_count = (
          SELECT count(*) FROM treasury_documents
          WHERE organization_id = ${organizationId} AND transaction_id = ${transactionId})
        WHERE organization_id = ${organizationId} AND id = ${transactionId}
        RETURNING document_count`,
  );
  return row?.document_count ?? 0;
}

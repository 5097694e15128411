import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { billingDocuments } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

// What issuing or cancelling a document does to the document it references: an invoice made from a
// quote or pro forma marks it invoiced (SAF-T WorkStatus F), once; a credit note never credits more
// than its original still has uncredited (what it then settles is payments/settlement.ts's part). Run
// inside the issuing or cancelling transaction, with the original's row locked, so that two notes
// issued at once cannot together credit more than the original.

type DocumentRow = typeof billingDocuments.$inferSelect;

export const INVOICE_TYPES = ['FT', 'FS', 'FR'] as const;
export const CREDITABLE_TYPES = ['FT', 'FS', 'FR', 'ND'] as const;
export const CONVERTIBLE_TYPES = ['OR', 'PF'] as const;

async function lockOriginal(tx: Db, document: DocumentRow): Promise<DocumentRow | null> {
  if (!document.referenceDocumentId) return null;
  const [original] = await tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.organizationId, document.organizationId),
        eq(billingDocuments.id, document.referenceDocumentId),
      ),
    )
    .for('update');
  return original ?? null;
}

/** The gross already credited by issued, not cancelled, credit notes of `originalId` (cents). */
export async function creditedOf(tx: Db, organizationId: string, originalId: string, exceptId?: string) {
  const [row] = await rows<{ credited: string | number | null }>(
    tx,
    sql`SELECT COALESCE(SUM(gross_total), 0) AS credited FROM billing_documents
        WHERE organization_id = ${organizationId} AND reference_document_id = ${originalId}
          AND document_type = 'NC' AND state = 'issued' AND status IS DISTINCT FROM 'A'
          ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return Number(row?.credited ?? 0);
}

export function creditExceeded(original: { documentNumber: string | null }, left: number) {
  const remaining = (Math.max(left, 0) / 100).toFixed(2);
  return new AppError(
    'CREDIT_EXCEEDS_REMAINING',
    `${original.documentNumber ?? 'The original'} has ${remaining} left to credit: this credit note would exceed it.`,
  );
}

/** Called by the issuing transaction, after the document's own checks, before it is numbered. */
export async function onIssue(tx: Db, document: DocumentRow): Promise<void> {
  if (document.documentType === 'NC') {
    const original = await lockOriginal(tx, document);
    if (!original) return;
    if (original.status === 'A')
      throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'The document this note corrects is cancelled.');
    const left = original.grossTotal - (await creditedOf(tx, document.organizationId, original.id));
    if (document.grossTotal > left) throw creditExceeded(original, left);
    return;
  }
  if ((INVOICE_TYPES as readonly string[]).includes(document.documentType)) {
    const original = await lockOriginal(tx, document);
    if (!original || !(CONVERTIBLE_TYPES as readonly string[]).includes(original.documentType)) return;
    if (original.status === 'F')
      throw new AppError('DOCUMENT_ALREADY_INVOICED', 'This quote or pro forma is already invoiced.');
    if (original.status === 'A')
      throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'This quote or pro forma is cancelled.');
    await tx
      .update(billingDocuments)
      .set({ status: 'F', updatedAt: new Date() })
      .where(and(eq(billingDocuments.id, original.id), ne(billingDocuments.state, 'draft')));
  }
}

/** Called by the cancelling transaction: the quote or pro forma of a cancelled invoice can be invoiced again. */
export async function onCancel(tx: Db, document: DocumentRow): Promise<void> {
  if (!(INVOICE_TYPES as readonly string[]).includes(document.documentType)) return;
  const original = await lockOriginal(tx, document);
  if (
    original &&
    (CONVERTIBLE_TYPES as readonly string[]).includes(original.documentType) &&
    original.status === 'F'
  )
    await tx
      .update(billingDocuments)
      .set({ status: 'N', updatedAt: new Date() })
      .where(eq(billingDocuments.id, original.id));
}

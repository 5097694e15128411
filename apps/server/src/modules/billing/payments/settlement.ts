import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { billingDocuments, billingPaymentAllocations, billingPayments } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';

// What a document still owes moves in exactly three ways: a payment settles part of it, a credit note
// that corrects it is set against it, or one of those is cancelled and gives the amount back. All three
// happen here, inside the caller's transaction, under row locks taken in id order (so two writers that
// touch the same documents never deadlock), and never let `settled` leave 0…payable.

/** The sales documents a payment can settle (receipts, credit notes and working documents cannot). */
export const PAYABLE_DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'ND'] as const;

/**
 * Sets an issued credit note against the document it corrects: the document's open amount drops by the
 * note's payable, as far as it is open; the note records how much was applied (its own `settled`), the
 * rest remains a credit in the party's favour in the current account.
 */
export async function applyCreditNote(
  tx: Db,
  organizationId: string,
  creditNote: { id: string; referenceDocumentId: string | null; payable: number },
): Promise<void> {
  if (!creditNote.referenceDocumentId || creditNote.payable <= 0) return;
  const [target] = await tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.organizationId, organizationId),
        eq(billingDocuments.id, creditNote.referenceDocumentId),
      ),
    )
    .for('update');
  if (target?.state !== 'issued' || target.status !== 'N') return;
  if (!(PAYABLE_DOCUMENT_TYPES as readonly string[]).includes(target.documentType)) return;
  const open = target.grossTotal - target.withholding - target.settled;
  const applied = Math.max(0, Math.min(open, creditNote.payable));
  if (applied === 0) return;
  await tx
    .update(billingDocuments)
    .set({ settled: sql`${billingDocuments.settled} + ${applied}` })
    .where(eq(billingDocuments.id, target.id));
  await tx.update(billingDocuments).set({ settled: applied }).where(eq(billingDocuments.id, creditNote.id));
}

/**
 * An invoice-receipt (FR) is paid when it is issued, and so is a simplified invoice (FS) that carries how
 * it was paid: a payment settles it there and then, without a receipt of its own (the document is its
 * receipt), so the current account and the open items never show it owed. Cash unless said otherwise.
 */
export function paidAtIssue(document: { documentType: string; paymentMethod: string | null }): boolean {
  return (
    document.documentType === 'FR' || (document.documentType === 'FS' && document.paymentMethod !== null)
  );
}

export async function settleAtIssue(
  tx: Db,
  organizationId: string,
  document: {
    id: string;
    partyId: string;
    documentDate: string;
    currency: string;
    payable: number;
    paymentMethod: string | null;
    createdBy: string | null;
  },
): Promise<string | null> {
  if (document.payable <= 0) return null;
  const [payment] = await tx
    .insert(billingPayments)
    .values({
      organizationId,
      direction: 'in',
      partyId: document.partyId,
      paymentDate: document.documentDate,
      currency: document.currency,
      amount: document.payable,
      method: document.paymentMethod ?? 'NU',
      atIssue: true,
      createdBy: document.createdBy,
    })
    .returning({ id: billingPayments.id });
  if (!payment) throw new AppError('INTERNAL', 'The payment could not be written.');
  await tx.insert(billingPaymentAllocations).values({
    organizationId,
    paymentId: payment.id,
    documentId: document.id,
    amount: document.payable,
  });
  await tx
    .update(billingDocuments)
    .set({ settled: sql`${billingDocuments.settled} + ${document.payable}` })
    .where(eq(billingDocuments.id, document.id));
  return payment.id;
}

/** The payment made when the document was issued (settleAtIssue), if it still stands. */
export async function paymentAtIssue(
  tx: Db,
  organizationId: string,
  documentId: string,
): Promise<string | null> {
  const [payment] = await rows<{ id: string }>(
    tx,
    sql`SELECT p.id FROM billing_payments p JOIN billing_payment_allocations a ON a.payment_id = p.id
        WHERE p.organization_id = ${organizationId} AND a.document_id = ${documentId}
          AND p.at_issue AND p.cancelled_at IS NULL
        LIMIT 1`,
  );
  return payment?.id ?? null;
}

/** Undoes applyCreditNote when the credit note is cancelled. */
export async function withdrawCreditNote(
  tx: Db,
  organizationId: string,
  creditNote: { id: string; referenceDocumentId: string | null; settled: number },
): Promise<void> {
  if (!creditNote.referenceDocumentId || creditNote.settled === 0) return;
  await tx.execute(sql`
    UPDATE billing_documents SET settled = settled - ${creditNote.settled}
    WHERE organization_id = ${organizationId} AND id = ${creditNote.referenceDocumentId}`);
  await tx.update(billingDocuments).set({ settled: 0 }).where(eq(billingDocuments.id, creditNote.id));
}

/**
 * Cancels a payment: marks it, gives what its allocations settled back to the documents and purchases
 * (locked in id order), and cancels its receipt (status A, with the reason). The allocations stay, as
 * the record of what the cancelled receipt had said.
 */
export async function revertPayment(
  tx: Db,
  organizationId: string,
  paymentId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const [payment] = await tx
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.organizationId, organizationId), eq(billingPayments.id, paymentId)))
    .for('update');
  if (!payment) throw new AppError('NOT_FOUND', 'No such payment.');
  if (payment.cancelledAt)
    throw new AppError('PAYMENT_ALREADY_CANCELLED', 'This payment is already cancelled.');
  const allocations = await rows<{ document_id: string | null; purchase_id: string | null; amount: string }>(
    tx,
    sql`SELECT document_id, purchase_id, amount FROM billing_payment_allocations
        WHERE organization_id = ${organizationId} AND payment_id = ${paymentId}
        ORDER BY coalesce(document_id, purchase_id)`,
  );
  for (const allocation of allocations) {
    if (allocation.document_id)
      await tx.execute(sql`
        UPDATE billing_documents SET settled = settled - ${Number(allocation.amount)}, updated_at = now()
        WHERE organization_id = ${organizationId} AND id = ${allocation.document_id}`);
    else
      await tx.execute(sql`
        UPDATE billing_purchases SET settled = settled - ${Number(allocation.amount)}, updated_at = now()
        WHERE organization_id = ${organizationId} AND id = ${allocation.purchase_id}`);
  }
  await tx
    .update(billingPayments)
    .set({ cancelledAt: now, cancelReason: reason })
    .where(eq(billingPayments.id, paymentId));
  if (payment.receiptId)
    await tx
      .update(billingDocuments)
      .set({ status: 'A', cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(and(eq(billingDocuments.id, payment.receiptId), eq(billingDocuments.status, 'N')));
}

/** The payment a receipt was issued for (cancelling the receipt cancels the payment). */
export async function paymentOfReceipt(
  tx: Db,
  organizationId: string,
  receiptId: string,
): Promise<string | null> {
  const [payment] = await tx
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.organizationId, organizationId),
        eq(billingPayments.receiptId, receiptId),
        isNull(billingPayments.cancelledAt),
      ),
    );
  return payment?.id ?? null;
}

import type {
  BillingDocument,
  ContractBody,
  convertDocumentContract,
  createCreditNoteContract,
  TaxCode,
} from '@fluxo/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingDocumentLines, billingDocuments, billingSeries } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import {
  CONVERTIBLE_TYPES,
  CREDITABLE_TYPES,
  creditExceeded,
  creditedOf,
  INVOICE_TYPES,
} from './document-links.ts';
import { createDocument, type DocumentsDeps } from './documents.service.ts';

// Documents made from another one: the draft invoice of a quote or pro forma, and the draft credit
// note of an invoice. They are drafts like any other — checked, then issued through the same path,
// where document-links.ts marks the quote invoiced or counts the credit.

type DocumentRow = typeof billingDocuments.$inferSelect;
type LineRow = typeof billingDocumentLines.$inferSelect;

async function sourceOf(tx: Db, organizationId: string, id: string) {
  const [document] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.organizationId, organizationId), eq(billingDocuments.id, id)));
  if (!document) throw new AppError('NOT_FOUND', 'No such document.');
  if (document.state !== 'issued')
    throw new AppError('DOCUMENT_NOT_ISSUED', 'Only an issued document is converted or credited.');
  if (document.status === 'A')
    throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'This document is cancelled.');
  const lines = await tx
    .select()
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, id))
    .orderBy(asc(billingDocumentLines.position));
  return { document, lines };
}

async function seriesFor(tx: Db, organizationId: string, seriesId: string, types: readonly string[]) {
  const [series] = await tx
    .select()
    .from(billingSeries)
    .where(and(eq(billingSeries.organizationId, organizationId), eq(billingSeries.id, seriesId)));
  if (!series) throw new AppError('NOT_FOUND', 'No such series.');
  if (!types.includes(series.documentType))
    throw new AppError('VALIDATION_FAILED', `Choose a series of type ${types.join(' or ')}.`, [
      { path: 'seriesId', messageKey: 'VALIDATION.INVALID', message: 'Wrong series type' },
    ]);
  return series;
}

/** The line as a draft's line input: the original's price, discount, tax and exemption, as printed. */
function copyLine(line: LineRow, quantity = line.quantity) {
  return {
    productId: line.productId,
    description: line.description,
    quantity,
    unitPrice: line.unitPrice,
    discountBasisPoints: line.discountBasisPoints,
    taxCode: line.taxCode as TaxCode,
    exemptionCode: line.exemptionCode,
    subjectToWithholding: line.subjectToWithholding,
  };
}

function baseDraft(source: DocumentRow, seriesId: string, documentDate: string | undefined, today: string) {
  return {
    seriesId,
    issue: false,
    partyId: source.partyId,
    documentDate: documentDate ?? today,
    currency: source.currency.trim(),
    taxRegion: source.taxRegion as 'PT' | 'PT-AC' | 'PT-MA' | 'AO',
    withholdingBasisPoints: source.withholdingBasisPoints,
    referenceDocumentId: source.id,
  };
}

const todayOf = (deps: DocumentsDeps) => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);

export async function convertDocument(
  deps: DocumentsDeps,
  tx: Db,
  organizationId: string,
  userId: string,
  id: string,
  body: ContractBody<typeof convertDocumentContract>,
): Promise<BillingDocument> {
  const { document, lines } = await sourceOf(tx, organizationId, id);
  if (!(CONVERTIBLE_TYPES as readonly string[]).includes(document.documentType))
    throw new AppError('VALIDATION_FAILED', 'Only a quote or a pro forma is converted into an invoice.', [
      { path: 'id', messageKey: 'VALIDATION.INVALID', message: 'Not a quote or pro forma' },
    ]);
  if (document.status === 'F')
    throw new AppError('DOCUMENT_ALREADY_INVOICED', 'This quote or pro forma is already invoiced.');
  await seriesFor(
    tx,
    organizationId,
    body.seriesId,
    INVOICE_TYPES.filter((type) => type !== 'FS'),
  );
  return createDocument(deps, tx, organizationId, userId, {
    ...baseDraft(document, body.seriesId, body.documentDate, todayOf(deps)),
    lines: lines.map((line) => copyLine(line)),
    notes: document.notes,
  });
}

export async function createCreditNote(
  deps: DocumentsDeps,
  tx: Db,
  organizationId: string,
  userId: string,
  id: string,
  body: ContractBody<typeof createCreditNoteContract>,
): Promise<BillingDocument> {
  const { document, lines } = await sourceOf(tx, organizationId, id);
  if (!(CREDITABLE_TYPES as readonly string[]).includes(document.documentType))
    throw new AppError('VALIDATION_FAILED', 'A credit note corrects an invoice or a debit note.', [
      { path: 'id', messageKey: 'VALIDATION.INVALID', message: 'Not creditable' },
    ]);
  await seriesFor(tx, organizationId, body.seriesId, ['NC']);
  const chosen = body.lines
    ? body.lines.map((wanted, index) => {
        const line = lines.find((candidate) => candidate.position === wanted.position);
        if (!line)
          throw new AppError('VALIDATION_FAILED', `The original has no line ${wanted.position}.`, [
            { path: `lines.${index}.position`, messageKey: 'VALIDATION.INVALID', message: 'No such line' },
          ]);
        if (wanted.quantity > line.quantity)
          throw new AppError('VALIDATION_FAILED', `Line ${wanted.position} credits more than was sold.`, [
            { path: `lines.${index}.quantity`, messageKey: 'VALIDATION.INVALID', message: 'Too many' },
          ]);
        return copyLine(line, wanted.quantity);
      })
    : lines.map((line) => copyLine(line));
  if (new Set(body.lines?.map((line) => line.position)).size !== (body.lines?.length ?? 0))
    throw new AppError('VALIDATION_FAILED', 'A line of the original is credited once per note.', [
      { path: 'lines', messageKey: 'VALIDATION.INVALID', message: 'Repeated line' },
    ]);
  const note = await createDocument(deps, tx, organizationId, userId, {
    ...baseDraft(document, body.seriesId, body.documentDate, todayOf(deps)),
    lines: chosen,
    reason: body.reason,
  });
  // Checked on the draft as priced, inside the transaction: refusing rolls the draft back. Issuing
  // checks again under the original's lock (document-links.ts), against the notes issued meanwhile.
  const left = document.grossTotal - (await creditedOf(tx, organizationId, document.id));
  if (note.grossTotal > left) throw creditExceeded(document, left);
  return note;
}

import type { ContractBody, sendDocumentContract } from '@fluxo/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { billingDocuments, billingSeries, billingSettings, organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { getDocument } from '../documents.service.ts';
import { partyOf } from '../parties-products.service.ts';
import { documentMailText } from './document-mail-texts.ts';
import {
  type PrintableDocument,
  type PrintableOrganization,
  type PrintableParty,
  renderDocumentPdf,
} from './document-pdf.ts';
import type { PrintSigningKey } from './legal-mentions.ts';
import { formatDate, formatMoney } from './pdf-format.ts';
import { pdfLanguage, pdfText } from './pdf-texts.ts';

// A document's PDF as the routes serve and send it: everything printing needs, read within the
// caller's organization, then rendered.

export interface PrintDeps {
  db: Db;
  signingKey: PrintSigningKey;
}

async function organizationOf(db: Db, organizationId: string): Promise<PrintableOrganization> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  return {
    name: org.name,
    vatNumber: org.vatNumber,
    country: org.country,
    address: org.address,
    postalCode: org.postalCode,
    city: org.city,
    email: org.email,
    phone: org.phone,
    logoUrl: org.logoUrl,
  };
}

/** A document with its customer, series type, corrected document, settlements and footer. */
export async function loadPrintableDocument(
  db: Db,
  organizationId: string,
  id: string,
): Promise<{ document: PrintableDocument; organization: PrintableOrganization; partyEmail: string | null }> {
  const document = await getDocument(db, organizationId, id);
  const [row] = await db
    .select({
      partySnapshot: billingDocuments.partySnapshot,
      seriesType: billingSeries.seriesType,
    })
    .from(billingDocuments)
    .innerJoin(billingSeries, eq(billingSeries.id, billingDocuments.seriesId))
    .where(and(eq(billingDocuments.organizationId, organizationId), eq(billingDocuments.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'No such document.');
  const current = await partyOf(db, organizationId, document.partyId);
  const party: PrintableParty = (row.partySnapshot as PrintableParty | null) ?? current;
  let referenceDocumentNumber: string | null = null;
  if (document.referenceDocumentId) {
    const [reference] = await db
      .select({ number: billingDocuments.documentNumber })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.organizationId, organizationId),
          eq(billingDocuments.id, document.referenceDocumentId),
        ),
      );
    referenceDocumentNumber = reference?.number ?? null;
  }
  const settlements = ['RC', 'RG'].includes(document.documentType)
    ? (
        await rows<{ document_number: string | null; document_date: string | null; amount: string | number }>(
          db,
          sql`SELECT d.document_number, d.document_date::text AS document_date, a.amount
                FROM billing_payments p
                JOIN billing_payment_allocations a ON a.payment_id = p.id
                JOIN billing_documents d ON d.id = a.document_id AND d.organization_id = p.organization_id
               WHERE p.organization_id = ${organizationId} AND p.receipt_id = ${id}
               ORDER BY d.document_date, d.document_number`,
        )
      ).map((settled) => ({
        documentNumber: settled.document_number ?? '',
        documentDate: settled.document_date,
        amount: Number(settled.amount),
      }))
    : [];
  const [settings] = await db
    .select({ footer: billingSettings.documentFooter })
    .from(billingSettings)
    .where(eq(billingSettings.organizationId, organizationId));
  return {
    document: {
      ...document,
      party: {
        name: party.name,
        taxId: party.taxId,
        country: party.country,
        address: party.address ?? null,
        postalCode: party.postalCode ?? null,
        city: party.city ?? null,
      },
      seriesType: row.seriesType,
      referenceDocumentNumber,
      settlements,
      footer: settings?.footer ?? null,
    },
    organization: await organizationOf(db, organizationId),
    partyEmail: current.email,
  };
}

/** The file name a document downloads as: its number with anything but letters, digits, - and _ as "_". */
export function pdfFileName(document: { documentNumber: string | null; documentType: string; id: string }) {
  const base = document.documentNumber ?? `${document.documentType}-draft-${document.id.slice(0, 8)}`;
  return `${base.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf`;
}

/** A document's PDF (a draft prints with its "draft, not valid as an invoice" mark). */
export async function documentPdf(
  deps: PrintDeps,
  organizationId: string,
  id: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { document, organization } = await loadPrintableDocument(deps.db, organizationId, id);
  return {
    pdf: await renderDocumentPdf(document, organization, deps.signingKey),
    fileName: pdfFileName(document),
  };
}

/**
 * E-mails an issued document's PDF to its customer (or to `to`) in the document's language, and
 * records when. Drafts are never sent: they are not documents yet.
 */
export async function sendDocument(
  deps: PrintDeps & { mailer: Mailer },
  organizationId: string,
  id: string,
  body: ContractBody<typeof sendDocumentContract>,
): Promise<{ sentTo: string; emailedAt: string }> {
  const { document, organization, partyEmail } = await loadPrintableDocument(deps.db, organizationId, id);
  if (document.state !== 'issued')
    throw new AppError('DOCUMENT_NOT_ISSUED', 'Issue the document before sending it.');
  const to = body.to ?? partyEmail;
  if (!to)
    throw new AppError('VALIDATION_FAILED', 'This customer has no e-mail address: give one.', [
      { path: 'to', messageKey: 'VALIDATION.REQUIRED', message: 'Required' },
    ]);
  const pdf = await renderDocumentPdf(document, organization, deps.signingKey);
  const language = pdfLanguage(document.language);
  const mail = documentMailText(language, {
    type: pdfText(language, document.documentType),
    number: document.documentNumber ?? '',
    date: formatDate(document.documentDate),
    total: formatMoney(document.payable, document.currency, language),
    organization: organization.name,
    message: body.message ?? '',
  });
  await deps.mailer.send({
    to,
    ...mail,
    attachments: [{ filename: pdfFileName(document), content: pdf, contentType: 'application/pdf' }],
  });
  const emailedAt = new Date();
  await deps.db
    .update(billingDocuments)
    .set({ emailedAt })
    .where(and(eq(billingDocuments.organizationId, organizationId), eq(billingDocuments.id, id)));
  return { sentTo: to, emailedAt: emailedAt.toISOString() };
}

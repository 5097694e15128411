import { randomUUID } from 'node:crypto';
import {
  type AtQrTaxRegion,
  addDays,
  atcudOf,
  type BillingDocument,
  buildAtQrString,
  type ContractBody,
  type ContractQuery,
  computeDocumentTotals,
  type createDocumentContract,
  type createSeriesContract,
  DocumentTotalsError,
  documentNumberOf,
  type documentsTotalsContract,
  hashCharacters,
  isValidSeriesId,
  isValidSeriesValidationCode,
  type listDocumentsContract,
  MULTIBANCO_MAX_CENTS,
  multibancoReference,
  percentOf,
  type registerSeriesContract,
  type Series,
  type TaxCode,
  type updateDocumentContract,
  vatRateOf,
} from '@fluxo/domain';
import { and, asc, desc, eq, lt, or, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type Db,
  executeWrites,
  insertReturning,
  isUniqueViolation,
  prebuiltSelect,
  rows,
} from '../../db/client.ts';
import {
  billingDocumentLines,
  billingDocuments,
  billingParties,
  billingProducts,
  billingSeries,
  billingSettings,
  organizationPlugins,
  organizations,
} from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { answerAlong, keyAlong, keyAlongWritten } from '../../platform/idempotency.ts';
import { notifyOrganization } from '../../realtime/notify.ts';
import { exchangeRateOn, isKnownCurrency } from '../treasury/index.ts';
import { getBillingSettings, multibancoEntityOf } from './billing-settings.service.ts';
import { onCancel, onIssue } from './document-links.ts';
import { partyOf, productsOf } from './parties-products.service.ts';
import {
  applyCreditNote,
  paidAtIssue,
  paymentAtIssue,
  paymentOfReceipt,
  revertPayment,
  settleAtIssue,
  withdrawCreditNote,
} from './payments/settlement.ts';
import { signDocument } from './signing.ts';
import type { SigningKey } from './signing-key.ts';
import { billingSourceChanged, documentIssued } from './source-hooks.ts';

// Series and sales documents: drafts that can change, then issue — the one step that fixes number,
// date, system entry time, hash and QR code under the series' row lock, so that numbering is gapless
// and the hash chain unbroken whatever the concurrency.

export interface DocumentsDeps {
  db: Db;
  signingKey: SigningKey;
  /** The clock of the issue: the demo seed replays a past year, each document at its own time. */
  now?: () => Date;
  /** No real-time event per document: the demo seed writes a year of history no one is watching. */
  silent?: boolean;
}

type SeriesRow = typeof billingSeries.$inferSelect;
type DocumentRow = typeof billingDocuments.$inferSelect;
type LineRow = typeof billingDocumentLines.$inferSelect;

function toSeries(row: SeriesRow): Series {
  return {
    id: row.id,
    documentType: row.documentType as Series['documentType'],
    code: row.code,
    seriesType: row.seriesType as Series['seriesType'],
    validationCode: row.validationCode,
    nextNumber: row.nextNumber,
    closed: row.closed,
  };
}

export async function listSeries(db: Db, organizationId: string): Promise<Series[]> {
  const found = await db
    .select()
    .from(billingSeries)
    .where(eq(billingSeries.organizationId, organizationId))
    .orderBy(asc(billingSeries.documentType), asc(billingSeries.code));
  return found.map(toSeries);
}

function checkValidationCode(code: string | null | undefined): void {
  if (code && !isValidSeriesValidationCode(code))
    throw new AppError('VALIDATION_FAILED', 'The AT validation code has at least 8 letters and digits.', [
      { path: 'validationCode', messageKey: 'VALIDATION.INVALID', message: 'Invalid validation code' },
    ]);
}

export async function createSeries(
  db: Db,
  organizationId: string,
  body: ContractBody<typeof createSeriesContract>,
): Promise<Series> {
  if (!isValidSeriesId(body.code))
    throw new AppError(
      'VALIDATION_FAILED',
      'A series code has up to 35 letters, digits, dots, dashes or underscores.',
      [{ path: 'code', messageKey: 'VALIDATION.INVALID', message: 'Invalid series code' }],
    );
  checkValidationCode(body.validationCode);
  try {
    const [row] = await db
      .insert(billingSeries)
      .values({
        organizationId,
        documentType: body.documentType,
        code: body.code,
        seriesType: body.seriesType,
        validationCode: body.validationCode ?? null,
      })
      .returning();
    return toSeries(row as SeriesRow);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('NAME_TAKEN', 'This series exists for this document type.');
    throw error;
  }
}

export async function updateSeries(
  db: Db,
  organizationId: string,
  id: string,
  body: ContractBody<typeof registerSeriesContract>,
): Promise<Series> {
  checkValidationCode(body.validationCode);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(billingSeries)
      .where(and(eq(billingSeries.organizationId, organizationId), eq(billingSeries.id, id)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'No such series.');
    if (
      body.validationCode !== undefined &&
      current.validationCode &&
      current.validationCode !== body.validationCode
    )
      throw new AppError('SERIES_ALREADY_REGISTERED', 'This series already has its AT validation code.');
    const [row] = await tx
      .update(billingSeries)
      .set({
        validationCode: body.validationCode ?? current.validationCode,
        closed: body.closed ?? current.closed,
      })
      .where(eq(billingSeries.id, id))
      .returning();
    return toSeries(row as SeriesRow);
  });
}

async function organizationOf(db: Db, organizationId: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  return org;
}

type DraftInput = ContractBody<typeof updateDocumentContract>;

type ProductRow = typeof billingProducts.$inferSelect;

/**
 * The draft's six tables in one join, built once and planned once per connection: building it cost
 * drizzle several times what running it costs PostgreSQL, and planning it several times more again.
 */
const readDraftContext = prebuiltSelect('billing_draft_context', (db) =>
  db
    .select({
      org: organizations,
      series: billingSeries,
      party: billingParties,
      product: billingProducts,
      settings: { multibancoEntity: billingSettings.multibancoEntity },
      plugin: { enabled: organizationPlugins.enabled, config: organizationPlugins.config },
    })
    .from(organizations)
    .leftJoin(
      billingSeries,
      and(
        eq(billingSeries.organizationId, organizations.id),
        eq(billingSeries.id, sql.placeholder('seriesId')),
      ),
    )
    .leftJoin(
      billingParties,
      and(
        eq(billingParties.organizationId, organizations.id),
        eq(billingParties.id, sql.placeholder('partyId')),
      ),
    )
    .leftJoin(
      billingProducts,
      and(
        eq(billingProducts.organizationId, organizations.id),
        sql`${billingProducts.id} = ANY(${sql.placeholder('productIds')}::uuid[])`,
      ),
    )
    .leftJoin(billingSettings, eq(billingSettings.organizationId, organizations.id))
    .leftJoin(
      organizationPlugins,
      and(
        eq(organizationPlugins.organizationId, organizations.id),
        eq(organizationPlugins.plugin, 'multibanco'),
      ),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId'))),
);

/**
 * Everything a draft is written from, in one statement: the organization, the series, the customer,
 * the lines' products, and the Multibanco entity issuing will print (settings row and plugin row).
 */
async function draftContext(
  tx: Db,
  organizationId: string,
  ids: { seriesId: string; partyId: string; productIds: string[] },
) {
  const found = await readDraftContext(tx, { organizationId, ...ids });
  const [first] = found;
  if (!first) throw new AppError('NOT_FOUND', 'No such organization.');
  if (!first.series) throw new AppError('NOT_FOUND', 'No such series.');
  if (!first.party) throw new AppError('NOT_FOUND', 'No such customer or supplier.');
  const products = new Map<string, ProductRow>();
  for (const row of found) if (row.product) products.set(row.product.id, row.product);
  return {
    org: first.org,
    series: first.series,
    party: first.party,
    products,
    multibancoEntity: multibancoEntityOf(first.settings, first.plugin),
  };
}

/** The draft's lines priced and taxed, and the totals they imply. */
function priceLines(
  products: Map<string, ProductRow>,
  input: {
    lines: NonNullable<DraftInput['lines']>;
    documentDate: string;
    /** The date whose VAT rates apply: the corrected document's, for a credit or debit note. */
    rateDate?: string;
    taxRegion: string;
    withholdingBasisPoints: number;
  },
) {
  const priced = input.lines.map((line, index) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    if (line.productId && !product) throw new AppError('NOT_FOUND', `Line ${index + 1}: no such product.`);
    if (!product && !line.description)
      throw new AppError('VALIDATION_FAILED', `Line ${index + 1} needs a product or a description.`, [
        { path: `lines.${index}.description`, messageKey: 'VALIDATION.REQUIRED', message: 'Required' },
      ]);
    const taxCode = (line.taxCode ?? product?.taxCode ?? 'NOR') as TaxCode;
    const vatBasisPoints = vatRateOf(input.taxRegion, taxCode, input.rateDate ?? input.documentDate);
    if (vatBasisPoints === null)
      throw new AppError(
        'VALIDATION_FAILED',
        `Line ${index + 1}: ${input.taxRegion} has no ${taxCode} rate.`,
        [{ path: `lines.${index}.taxCode`, messageKey: 'VALIDATION.INVALID', message: 'No such rate' }],
      );
    const exemptionCode = taxCode === 'ISE' ? (line.exemptionCode ?? product?.exemptionCode ?? null) : null;
    return {
      position: index + 1,
      productId: product?.id ?? null,
      productCode: product?.code ?? 'DIVERSOS',
      description: line.description ?? product?.description ?? '',
      unit: product?.unit ?? 'UN',
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? product?.unitPrice ?? 0,
      discountBasisPoints: line.discountBasisPoints ?? 0,
      taxRegion: input.taxRegion,
      taxCode,
      vatBasisPoints,
      exemptionCode,
      subjectToWithholding: line.subjectToWithholding ?? false,
    };
  });
  try {
    const totals = computeDocumentTotals(priced, { withholdingBasisPoints: input.withholdingBasisPoints });
    return {
      lines: priced.map((line, index) => ({ ...line, net: totals.lineNets[index] as number })),
      totals,
    };
  } catch (error) {
    if (error instanceof DocumentTotalsError)
      throw new AppError('VALIDATION_FAILED', error.message, [
        {
          path: `lines.${error.line}`,
          messageKey:
            error.code === 'EXEMPTION_REQUIRED' ? 'ERRORS.EXEMPTION_REQUIRED' : 'VALIDATION.INVALID',
          message: error.message,
        },
      ]);
    throw error;
  }
}

function defaultRegion(country: string): string {
  return country === 'AO' ? 'AO' : 'PT';
}

export async function writeDraft(
  tx: Db,
  organizationId: string,
  existing: DocumentRow | null,
  input: ContractBody<typeof createDocumentContract> | (DraftInput & { seriesId: string }),
  userId: string,
): Promise<string> {
  return (await writeDraftRows(tx, organizationId, existing, input, userId)).id;
}

/** What issuing reads before the series lock, as a new draft was just written (nothing to read back). */
interface DraftRead {
  document: DocumentRow;
  lines: LineRow[];
  org: Awaited<ReturnType<typeof organizationOf>>;
  party: Awaited<ReturnType<typeof partyOf>>;
  multibancoEntity: string | null;
}

/** writeDraft, with the rows a new draft was written as (createDocument issues it from them). */
async function writeDraftRows(
  tx: Db,
  organizationId: string,
  existing: DocumentRow | null,
  input: ContractBody<typeof createDocumentContract> | (DraftInput & { seriesId: string }),
  userId: string,
): Promise<{ id: string; written?: DraftRead }> {
  const { org, series, party, products, multibancoEntity } = await draftContext(tx, organizationId, {
    seriesId: input.seriesId,
    partyId: input.partyId ?? (existing?.partyId as string),
    productIds: (input.lines ?? []).flatMap((line) => (line.productId ? [line.productId] : [])),
  });
  const documentDate = input.documentDate ?? (existing?.documentDate as string);
  const currency = (input.currency ?? existing?.currency ?? org.currency).trim();
  const exchangeRate = await documentExchangeRate(tx, org.currency.trim(), currency, documentDate);
  const referenceDocumentId = input.referenceDocumentId ?? existing?.referenceDocumentId ?? null;
  // A correction is taxed at the rates of the operation it corrects (Código do IVA, art. 78.º), even
  // when a rate changed in between.
  let rateDate: string | undefined;
  if (['NC', 'ND'].includes(series.documentType)) {
    if (!referenceDocumentId)
      throw new AppError('VALIDATION_FAILED', 'A credit or debit note names the document it corrects.', [
        { path: 'referenceDocumentId', messageKey: 'VALIDATION.REQUIRED', message: 'Required' },
      ]);
    const [original] = await tx
      .select({
        state: billingDocuments.state,
        partyId: billingDocuments.partyId,
        documentDate: billingDocuments.documentDate,
      })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.organizationId, organizationId),
          eq(billingDocuments.id, referenceDocumentId),
        ),
      );
    if (original?.state !== 'issued') throw new AppError('NOT_FOUND', 'No such issued document to correct.');
    rateDate = original.documentDate;
  }
  const lines =
    input.lines ??
    (existing
      ? (
          await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, existing.id))
        ).map((line) => ({
          productId: line.productId,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          discountBasisPoints: line.discountBasisPoints,
          taxCode: line.taxCode as TaxCode,
          exemptionCode: line.exemptionCode,
          subjectToWithholding: line.subjectToWithholding,
        }))
      : []);
  const withholdingBasisPoints = input.withholdingBasisPoints ?? existing?.withholdingBasisPoints ?? 0;
  const taxRegion = input.taxRegion ?? existing?.taxRegion ?? defaultRegion(org.country);
  // A sale is taxed where the organization is registered: AO rates for an Angolan company, the
  // mainland's or an autonomous region's for a Portuguese one — never the other country's.
  if ((org.country === 'AO') !== (taxRegion === 'AO'))
    throw new AppError('VALIDATION_FAILED', `${taxRegion} is not a tax region of this organization.`, [
      { path: 'taxRegion', messageKey: 'VALIDATION.INVALID', message: 'Invalid tax region' },
    ]);
  // A draft's own lines, when the update leaves them as they are: their products were not in the read.
  const unread = lines.flatMap((line) =>
    line.productId && !products.has(line.productId) ? [line.productId] : [],
  );
  if (unread.length > 0)
    for (const [key, product] of await productsOf(tx, organizationId, unread)) products.set(key, product);
  const { lines: priced, totals } = priceLines(products, {
    lines,
    documentDate,
    rateDate,
    taxRegion,
    withholdingBasisPoints,
  });
  const dueDate =
    input.dueDate !== undefined
      ? input.dueDate
      : (existing?.dueDate ?? addDays(documentDate, party.paymentTermsDays));
  const values = {
    organizationId,
    taxRegion,
    documentType: series.documentType,
    seriesId: series.id,
    partyId: party.id,
    documentDate,
    dueDate,
    currency,
    exchangeRate,
    netTotal: totals.netTotal,
    taxPayable: totals.taxPayable,
    grossTotal: totals.grossTotal,
    withholding: totals.withholding,
    withholdingBasisPoints,
    referenceDocumentId,
    reason: input.reason !== undefined ? input.reason : (existing?.reason ?? null),
    notes: input.notes !== undefined ? input.notes : (existing?.notes ?? null),
    // Invoice-receipts and simplified invoices are paid at the counter, in cash unless said otherwise;
    // an FS given no method (null) is paid later, like an invoice.
    paymentMethod:
      input.paymentMethod !== undefined
        ? input.paymentMethod
        : existing
          ? existing.paymentMethod
          : ['FR', 'FS'].includes(series.documentType)
            ? 'NU'
            : null,
    updatedAt: new Date(),
  };
  if (existing) {
    await tx.update(billingDocuments).set(values).where(eq(billingDocuments.id, existing.id));
    await tx.delete(billingDocumentLines).where(eq(billingDocumentLines.documentId, existing.id));
    await tx
      .insert(billingDocumentLines)
      .values(priced.map((line) => ({ ...line, organizationId, documentId: existing.id })));
    return { id: existing.id };
  }
  // The document and its lines in one statement: the ids are made here, so the lines need nothing back.
  const id = randomUUID();
  const writtenLines: LineRow[] = priced.map((line) => ({
    ...line,
    id: randomUUID(),
    organizationId,
    documentId: id,
  }));
  // Under `once`, the Idempotency-Key's row goes along too (before the series lock, as it must).
  const key = keyAlong(tx);
  const along = writtenLines.length > 0 ? [{ table: billingDocumentLines, rows: writtenLines }] : [];
  const { keyed, ...document } = await insertReturning(
    tx,
    billingDocuments,
    { ...values, id, createdBy: userId },
    key ? [...along, key] : along,
    { keyed: key ? `(SELECT count(*)::int FROM w${along.length})` : '1' },
  );
  keyAlongWritten(keyed !== 0);
  return {
    id,
    written: { document: document as DocumentRow, lines: writtenLines, org, party, multibancoEntity },
  };
}

/**
 * Units of the document's currency per unit of the organization's (per EUR for a PT company, as
 * SAF-T's ExchangeRate wants it) on the document's date, from the ECB reference rates; a currency with
 * no rate known then is refused rather than guessed.
 */
async function documentExchangeRate(tx: Db, base: string, currency: string, date: string): Promise<string> {
  if (currency === base) return '1';
  const found = isKnownCurrency(currency) ? await exchangeRateOn(tx, base, currency, date) : null;
  if (!found)
    throw new AppError(
      'EXCHANGE_RATE_UNAVAILABLE',
      `No ECB exchange rate of ${currency} against ${base} is known for ${date}.`,
      [{ path: 'currency', messageKey: 'ERRORS.EXCHANGE_RATE_UNAVAILABLE', message: 'No exchange rate' }],
    );
  return found.rate;
}

const entryFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DDTHH:MM:SS in Lisbon time, to the second: SAF-T's SystemEntryDate. */
function systemEntryText(at: Date, timeZone: string): string {
  // One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
  let format = entryFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    entryFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

function timeZoneOf(country: string): string {
  return country === 'AO' ? 'Africa/Luanda' : 'Europe/Lisbon';
}

/** Today's date where the organization is (the date a document issued now carries). */
export function todayIn(country: string, now = new Date()): string {
  return systemEntryText(now, timeZoneOf(country)).slice(0, 10);
}

async function loadDocument(db: Db, organizationId: string, id: string, lock = false): Promise<DocumentRow> {
  const query = db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.organizationId, organizationId), eq(billingDocuments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'No such document.');
  return row;
}

/** The series' row, locked for its next number (built once: see prebuiltSelect). */
const lockSeries = prebuiltSelect('billing_series_lock', (db) =>
  db
    .select()
    .from(billingSeries)
    .where(eq(billingSeries.id, sql.placeholder('id')))
    .for('no key update'),
);

/**
 * Issues a draft: takes the next number of its series and the series' last hash under the series' row
 * lock, signs, builds ATCUD and the QR code, and fixes everything in one transaction.
 */
export async function issueInTransaction(
  deps: DocumentsDeps,
  tx: Db,
  organizationId: string,
  id: string,
  /** The draft as this transaction just wrote it (createDocument): not read again. */
  written?: DraftRead,
): Promise<BillingDocument> {
  const document = written?.document ?? (await loadDocument(tx, organizationId, id, true));
  if (document.state !== 'draft')
    throw new AppError('DOCUMENT_ALREADY_ISSUED', 'This document is already issued.');
  // Everything that does not depend on the series is read before its lock: every issue into the series
  // waits for that lock, so the less happens under it, the more documents a series issues per second.
  const org = written?.org ?? (await organizationOf(tx, organizationId));
  const party = written?.party ?? (await partyOf(tx, organizationId, document.partyId));
  const lines =
    written?.lines ??
    (await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, id)));
  const multibanco = await multibancoFor(tx, organizationId, document, written?.multibancoEntity);
  // NO KEY UPDATE: drafts being written reference the series (a foreign-key share lock), which a plain
  // FOR UPDATE would wait on — and deadlock with, when those writers then issue.
  const [series] = await lockSeries(tx, { id: document.seriesId });
  if (!series) throw new AppError('NOT_FOUND', 'No such series.');
  if (series.closed) throw new AppError('SERIES_CLOSED', 'This series is closed.');
  // ATCUD and the series' validation code are Portuguese (Decreto-Lei 28/2019, Portaria 195/2020);
  // Angola's AGT has no series registration, so an AO series issues without one.
  const atSeries = org.country !== 'AO';
  if (atSeries && !series.validationCode)
    throw new AppError(
      'SERIES_NOT_REGISTERED',
      'Record the AT validation code of this series before issuing.',
    );
  if (series.lastDocumentDate && document.documentDate < series.lastDocumentDate)
    throw new AppError(
      'DOCUMENT_DATE_BEFORE_LAST',
      `The series' last document is dated ${series.lastDocumentDate}; a new one cannot be earlier.`,
    );
  const now = deps.now?.() ?? new Date();
  const timeZone = timeZoneOf(org.country);
  const today = systemEntryText(now, timeZone).slice(0, 10);
  if (document.documentDate > today)
    throw new AppError('DOCUMENT_DATE_IN_FUTURE', 'A document cannot be dated after today.');
  await onIssue(tx, document);
  // System entry times never go backwards within a series, even if clocks of two instances disagree.
  const entryAt =
    series.lastSystemEntryAt && series.lastSystemEntryAt.getTime() >= now.getTime()
      ? new Date(series.lastSystemEntryAt.getTime() + 1000)
      : now;
  entryAt.setMilliseconds(0);
  const number = series.nextNumber;
  const documentNumber = documentNumberOf(series.documentType, series.code, number);
  const hash = signDocument(deps.signingKey.privateKeyPem, {
    invoiceDate: document.documentDate,
    systemEntryDate: systemEntryText(entryAt, timeZone),
    invoiceNo: documentNumber,
    grossTotalCents: document.grossTotal,
    previousHash: series.lastHash,
  });
  const atcud = atSeries && series.validationCode ? atcudOf(series.validationCode, number) : null;
  const qrCode =
    org.country === 'PT'
      ? buildAtQrString({
          issuerTaxId: org.vatNumber,
          buyerTaxId: party.taxId,
          buyerCountry: party.country,
          documentType: series.documentType,
          status: 'N',
          date: document.documentDate,
          documentId: documentNumber,
          atcud: atcud ?? '0',
          regions: qrRegions(lines),
          totalTaxes: document.taxPayable,
          grossTotal: document.grossTotal,
          ...(document.withholding > 0 ? { withholding: document.withholding } : {}),
          hashCharacters: hashCharacters(hash),
          certificateNumber: deps.signingKey.certificateNumber,
        })
      : null;
  const issued = {
    ...multibanco,
    state: 'issued',
    status: 'N',
    number,
    documentNumber,
    atcud,
    systemEntryAt: entryAt,
    hash,
    hashControl: deps.signingKey.keyVersion,
    qrCode,
    // The document prints in the customer's language, fixed at issue like everything else.
    language: party.language,
    partySnapshot: {
      name: party.name,
      taxId: party.taxId,
      country: party.country,
      address: party.address,
      postalCode: party.postalCode,
      city: party.city,
    },
    updatedAt: now,
  };
  // Under the series lock every round trip delays the series' next document: the writes that depend on
  // nothing read back — the document, the series, the subscribers' (the posting queue's row), the
  // idempotency answer — go along with the real-time message, in one statement.
  const documentUpdate = tx.update(billingDocuments).set(issued).where(eq(billingDocuments.id, id));
  const writes: SQLWrapper[] = [];
  const settledNow = paidAtIssue(document) ? document.grossTotal - document.withholding : 0;
  if (series.documentType === 'NC' || settledNow > 0) {
    // A credit note and a document paid at issue go on to write what reads the issued document.
    await documentUpdate;
    if (series.documentType === 'NC')
      await applyCreditNote(tx, organizationId, {
        id,
        referenceDocumentId: document.referenceDocumentId,
        payable: document.grossTotal - document.withholding,
      });
    if (settledNow > 0)
      await settleAtIssue(tx, organizationId, {
        id,
        partyId: document.partyId,
        documentDate: document.documentDate,
        currency: document.currency,
        payable: document.grossTotal - document.withholding,
        paymentMethod: document.paymentMethod,
        createdBy: document.createdBy,
      });
  } else writes.push(documentUpdate);
  writes.push(
    tx
      .update(billingSeries)
      .set({
        nextNumber: number + 1,
        lastHash: hash,
        lastDocumentDate: document.documentDate,
        lastSystemEntryAt: entryAt,
      })
      .where(eq(billingSeries.id, series.id)),
  );
  const subscribers = documentIssued(tx, organizationId, id);
  writes.push(...subscribers.writes);
  // The answer is built from what is written rather than read back. A credit note also changed its
  // `settled`: it is read once written.
  const response =
    series.documentType === 'NC'
      ? null
      : toDocument(
          { ...document, ...issued, settled: document.settled + settledNow },
          lines,
          party.name,
          party.taxId,
        );
  const answer = response && answerAlong(tx, response);
  if (answer) writes.push(answer);
  if (deps.silent) await executeWrites(tx, writes);
  else
    await notifyOrganization(
      tx,
      organizationId,
      'BILLING_DOCUMENT_CREATED',
      { DocumentId: id, Number: documentNumber, OrganizationId: organizationId },
      writes,
    );
  await subscribers.written();
  return response ?? getDocument(tx, organizationId, id);
}

/** Documents a customer pays later and so may pay at an ATM: invoices and debit notes. */
const MULTIBANCO_DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'ND'];

/**
 * The Multibanco entity and reference printed on a document when the organization configures an
 * entity, for a payable EUR amount a reference can carry. The 7-digit order id comes from the
 * document's own id, so that issuing in several series at once needs no shared counter; the check
 * digits bind it to the entity and the amount.
 */
async function multibancoFor(
  tx: Db,
  organizationId: string,
  document: DocumentRow,
  /** The entity, when the caller read it already (draftContext). */
  entity?: string | null,
): Promise<{ mbEntity: string; mbReference: string } | Record<string, never>> {
  if (!MULTIBANCO_DOCUMENT_TYPES.includes(document.documentType) || document.currency.trim() !== 'EUR')
    return {};
  const payable = document.grossTotal - document.withholding;
  if (payable <= 0 || payable > MULTIBANCO_MAX_CENTS) return {};
  const multibancoEntity =
    entity !== undefined ? entity : (await getBillingSettings(tx, organizationId)).multibancoEntity;
  if (!multibancoEntity) return {};
  const orderId = Number(BigInt(`0x${document.id.replace(/-/g, '')}`) % 10_000_000n);
  return { mbEntity: multibancoEntity, mbReference: multibancoReference(multibancoEntity, orderId, payable) };
}

/** The QR code's tax regions (I, J, K) from the lines: bases and VAT by tax code, per region. */
function qrRegions(lines: readonly LineRow[]): AtQrTaxRegion[] {
  const regions = new Map<string, AtQrTaxRegion>();
  const groups = new Map<string, { region: string; taxCode: string; base: number; rate: number }>();
  for (const line of lines) {
    const key = `${line.taxRegion}|${line.taxCode}`;
    const group = groups.get(key) ?? {
      region: line.taxRegion,
      taxCode: line.taxCode,
      base: 0,
      rate: line.vatBasisPoints,
    };
    group.base += line.net;
    groups.set(key, group);
  }
  const add = (region: AtQrTaxRegion, field: keyof AtQrTaxRegion, cents: number) => {
    (region as unknown as Record<string, number>)[field] =
      ((region[field] as number | undefined) ?? 0) + cents;
  };
  for (const group of groups.values()) {
    const region = regions.get(group.region) ?? { region: group.region };
    regions.set(group.region, region);
    const vat = percentOf(group.base, group.rate);
    if (group.taxCode === 'ISE') add(region, 'exemptBase', group.base);
    if (group.taxCode === 'RED') {
      add(region, 'reducedBase', group.base);
      add(region, 'reducedVat', vat);
    }
    if (group.taxCode === 'INT') {
      add(region, 'intermediateBase', group.base);
      add(region, 'intermediateVat', vat);
    }
    if (group.taxCode === 'NOR') {
      add(region, 'normalBase', group.base);
      add(region, 'normalVat', vat);
    }
  }
  return [...regions.values()];
}

export async function createDocument(
  deps: DocumentsDeps,
  tx: Db,
  organizationId: string,
  userId: string,
  body: ContractBody<typeof createDocumentContract>,
): Promise<BillingDocument> {
  const { id, written } = await writeDraftRows(tx, organizationId, null, body, userId);
  // A draft written by this transaction is locked by it already, and what issuing reads is at hand.
  if (body.issue) return issueInTransaction(deps, tx, organizationId, id, written);
  return getDocument(tx, organizationId, id);
}

export async function updateDraft(
  db: Db,
  organizationId: string,
  userId: string,
  id: string,
  body: ContractBody<typeof updateDocumentContract>,
): Promise<BillingDocument> {
  return db.transaction(async (tx) => {
    const existing = await loadDocument(tx, organizationId, id, true);
    if (existing.state !== 'draft')
      throw new AppError('DOCUMENT_ALREADY_ISSUED', 'An issued document never changes.');
    await writeDraft(tx, organizationId, existing, { ...body, seriesId: existing.seriesId }, userId);
    return getDocument(tx, organizationId, id);
  });
}

export async function deleteDraft(db: Db, organizationId: string, id: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const existing = await loadDocument(tx, organizationId, id, true);
    if (existing.state !== 'draft')
      throw new AppError(
        'DOCUMENT_ALREADY_ISSUED',
        'An issued document is never deleted: cancel it instead.',
      );
    await tx.delete(billingDocuments).where(eq(billingDocuments.id, id));
    return { deleted: true as const };
  });
}

export function issueDocument(deps: DocumentsDeps, tx: Db, organizationId: string, id: string) {
  return issueInTransaction(deps, tx, organizationId, id);
}

export async function cancelDocument(
  db: Db,
  organizationId: string,
  id: string,
  reason: string,
): Promise<BillingDocument> {
  return db.transaction(async (tx) => {
    const document = await loadDocument(tx, organizationId, id, true);
    if (document.state !== 'issued')
      throw new AppError('DOCUMENT_NOT_ISSUED', 'Only an issued document is cancelled; delete a draft.');
    if (document.status === 'A')
      throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'This document is already cancelled.');
    // A receipt stands for its payment: cancelling it cancels the payment and reopens what it settled.
    if (['RC', 'RG'].includes(document.documentType)) {
      const paymentId = await paymentOfReceipt(tx, organizationId, id);
      if (paymentId) {
        await revertPayment(tx, organizationId, paymentId, reason);
        await billingSourceChanged(tx, organizationId, 'payment', paymentId);
        return getDocument(tx, organizationId, id);
      }
    }
    // An invoice-receipt's own payment goes with it; any other payment or credit stops the cancellation.
    const ownPayment = paidAtIssue(document) ? await paymentAtIssue(tx, organizationId, id) : null;
    if (ownPayment) await revertPayment(tx, organizationId, ownPayment, reason);
    if (document.documentType === 'NC') await withdrawCreditNote(tx, organizationId, document);
    else if ((ownPayment ? await loadDocument(tx, organizationId, id) : document).settled !== 0)
      throw new AppError(
        'DOCUMENT_HAS_PAYMENTS',
        'This document has payments or credits: issue a credit note instead.',
      );
    await tx
      .update(billingDocuments)
      .set({ status: 'A', cancelReason: reason, cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(billingDocuments.id, id));
    await onCancel(tx, document);
    await billingSourceChanged(tx, organizationId, 'document', id);
    return getDocument(tx, organizationId, id);
  });
}

function toDocument(
  row: DocumentRow & { party_name?: string },
  lines: LineRow[],
  partyName: string,
  partyTaxId: string,
): BillingDocument {
  const totals = lines.length
    ? computeDocumentTotals(
        lines.map((line) => ({ ...line, exemptionCode: line.exemptionCode })),
        { withholdingBasisPoints: row.withholdingBasisPoints },
      )
    : null;
  return {
    id: row.id,
    documentType: row.documentType as BillingDocument['documentType'],
    seriesId: row.seriesId,
    state: row.state as BillingDocument['state'],
    status: row.status,
    number: row.number,
    documentNumber: row.documentNumber,
    atcud: row.atcud,
    partyId: row.partyId,
    partyName,
    partyTaxId,
    documentDate: row.documentDate,
    dueDate: row.dueDate,
    systemEntryAt: row.systemEntryAt?.toISOString() ?? null,
    taxRegion: row.taxRegion,
    currency: row.currency.trim(),
    // numeric(20,10) reads back padded: "1.0832000000" → "1.0832", "1.0000000000" → "1".
    exchangeRate: row.exchangeRate.includes('.')
      ? row.exchangeRate.replace(/0+$/, '').replace(/\.$/, '')
      : row.exchangeRate,
    language: row.language,
    paymentMethod: row.paymentMethod as BillingDocument['paymentMethod'],
    mbEntity: row.mbEntity,
    mbReference: row.mbReference,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    scheduleId: row.scheduleId,
    lines: lines
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        productId: line.productId,
        productCode: line.productCode,
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discountBasisPoints: line.discountBasisPoints,
        taxRegion: line.taxRegion,
        taxCode: line.taxCode as TaxCode,
        vatBasisPoints: line.vatBasisPoints,
        exemptionCode: line.exemptionCode,
        subjectToWithholding: line.subjectToWithholding,
        net: line.net,
      })),
    taxes: totals?.taxes ?? [],
    netTotal: row.netTotal,
    taxPayable: row.taxPayable,
    grossTotal: row.grossTotal,
    withholding: row.withholding,
    withholdingBasisPoints: row.withholdingBasisPoints,
    payable: row.grossTotal - row.withholding,
    settled: row.settled,
    hash: row.hash,
    hashCharacters: row.hash ? hashCharacters(row.hash) : null,
    hashControl: row.hashControl,
    qrCode: row.qrCode,
    referenceDocumentId: row.referenceDocumentId,
    reason: row.reason,
    cancelReason: row.cancelReason,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getDocument(db: Db, organizationId: string, id: string): Promise<BillingDocument> {
  const row = await loadDocument(db, organizationId, id);
  const lines = await db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, id));
  const snapshot = row.partySnapshot as { name: string; taxId: string } | null;
  const party = snapshot ?? (await partyOf(db, organizationId, row.partyId));
  return toDocument(row, lines, party.name, party.taxId);
}

/**
 * The sums of every issued, not cancelled, sales document the filters select, per currency, in SQL:
 * quotes, pro formas and receipts are not sales; a credit note counts against what was invoiced, and
 * its own `settled` is no money owed to anyone.
 */
export async function documentsTotals(
  db: Db,
  organizationId: string,
  query: ContractQuery<typeof documentsTotalsContract>,
) {
  const totals = await rows<{ currency: string; count: number; gross: string; outstanding: string }>(
    db,
    sql`SELECT trim(currency) AS currency, count(*)::int AS count,
               sum(CASE WHEN document_type = 'NC' THEN -gross_total ELSE gross_total END) AS gross,
               sum(CASE WHEN document_type = 'NC' THEN 0
                        ELSE greatest(gross_total - withholding - settled, 0) END) AS outstanding
        FROM billing_documents
        WHERE organization_id = ${organizationId} AND state = 'issued' AND status IS DISTINCT FROM 'A'
          AND document_type NOT IN ('OR', 'PF', 'RC', 'RG')
          ${query.documentType ? sql`AND document_type = ${query.documentType}` : sql``}
          ${query.partyId ? sql`AND party_id = ${query.partyId}` : sql``}
          ${query.state === 'draft' ? sql`AND false` : sql``}
          ${query.from ? sql`AND document_date >= ${query.from}` : sql``}
          ${query.to ? sql`AND document_date <= ${query.to}` : sql``}
        GROUP BY 1 ORDER BY 1`,
  );
  return {
    totals: totals.map((row) => ({
      currency: row.currency,
      count: row.count,
      gross: Number(row.gross),
      outstanding: Number(row.outstanding),
    })),
  };
}

/** Keyset pages, newest first: the cursor is the last row's (document date, id). */
export async function listDocuments(
  db: Db,
  organizationId: string,
  query: ContractQuery<typeof listDocumentsContract>,
): Promise<{ items: BillingDocument[]; nextCursor: string | null }> {
  let after: { date: string; id: string } | null = null;
  if (query.cursor) {
    try {
      const [date, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('|');
      if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[0-9a-f-]{36}$/.test(id))
        throw new Error('bad');
      after = { date, id };
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The cursor is not one this list gave.', [
        { path: 'cursor', messageKey: 'VALIDATION.INVALID', message: 'Invalid cursor' },
      ]);
    }
  }
  const found = await db
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.organizationId, organizationId),
        query.documentType ? eq(billingDocuments.documentType, query.documentType) : undefined,
        query.partyId ? eq(billingDocuments.partyId, query.partyId) : undefined,
        query.state ? eq(billingDocuments.state, query.state) : undefined,
        query.from ? sql`${billingDocuments.documentDate} >= ${query.from}` : undefined,
        query.to ? sql`${billingDocuments.documentDate} <= ${query.to}` : undefined,
        after
          ? or(
              lt(billingDocuments.documentDate, after.date),
              and(eq(billingDocuments.documentDate, after.date), lt(billingDocuments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(billingDocuments.documentDate), desc(billingDocuments.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const lines = ids.length
    ? await db.select().from(billingDocumentLines).where(sql`${billingDocumentLines.documentId} IN ${ids}`)
    : [];
  const partyNames = ids.length
    ? await rows<{ id: string; name: string; tax_id: string }>(
        db,
        sql`SELECT id, name, tax_id FROM billing_parties WHERE organization_id = ${organizationId}
            AND id IN ${[...new Set(page.map((row) => row.partyId))]}`,
      )
    : [];
  const parties = new Map(partyNames.map((party) => [party.id, party]));
  const items = page.map((row) => {
    const snapshot = row.partySnapshot as { name: string; taxId: string } | null;
    const party = parties.get(row.partyId);
    return toDocument(
      row,
      lines.filter((line) => line.documentId === row.id),
      snapshot?.name ?? party?.name ?? '',
      snapshot?.taxId ?? party?.tax_id ?? '',
    );
  });
  const last = page.at(-1);
  const nextCursor =
    found.length > query.limit && last
      ? Buffer.from(`${last.documentDate}|${last.id}`).toString('base64url')
      : null;
  return { items, nextCursor };
}

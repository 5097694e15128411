import {
  AtQrParseError,
  type ContractBody,
  type ContractQuery,
  type createPurchaseContract,
  isValidTaxNumber,
  type listPurchasesContract,
  type Purchase,
  type PurchasePrefill,
  type PurchaseTax,
  parseAtQrString,
  purchaseFieldsFromQr,
  purchaseTotalsOf,
  purchaseVatRate,
  type TaxCode,
  type updatePurchaseContract,
} from '@fluxo/domain';
import { and, eq } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../../db/client.ts';
import { billingParties, billingPurchases, organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import { FINAL_CONSUMER_TAX_IDS, partyOf, toParty } from '../parties-products.service.ts';
import { billingSourceChanged } from '../source-hooks.ts';
import * as repository from './purchases.repository.ts';

// Supplier documents (payables). Never signed by Fluxo — they are someone else's documents — so they
// are kept as the supplier printed them: the totals are checked (gross = bases + VAT + stamp duty),
// never recomputed behind the user's back. Editable until a payment touches them.

type CreateBody = ContractBody<typeof createPurchaseContract>;
type UpdateBody = ContractBody<typeof updatePurchaseContract>;

async function organizationOf(db: Db, organizationId: string) {
  const [org] = await db
    .select({
      vatNumber: organizations.vatNumber,
      country: organizations.country,
      currency: organizations.currency,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  return org;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, messageKey: 'VALIDATION.INVALID', message }]);
}

/** Tax lines with their rate filled in, and the totals they make, checked against the gross total. */
function checkedAmounts(
  input: {
    taxes: readonly {
      taxRegion: string;
      taxCode: PurchaseTax['taxCode'];
      vatBasisPoints?: number;
      base: number;
      vat?: number;
    }[];
    stampDuty: number;
    grossTotal: number;
    withholding: number;
  },
  documentDate: string,
) {
  const taxes: PurchaseTax[] = input.taxes.map((tax, index) => {
    const vat = tax.vat ?? 0;
    if (tax.taxCode === 'ISE' || tax.taxCode === 'NS') {
      if (vat !== 0 || (tax.vatBasisPoints ?? 0) !== 0)
        throw invalid(`taxes.${index}.vat`, 'An exempt or not-subject base carries no VAT.');
      return { taxRegion: tax.taxRegion, taxCode: tax.taxCode, vatBasisPoints: 0, base: tax.base, vat: 0 };
    }
    const vatBasisPoints =
      tax.vatBasisPoints ??
      purchaseVatRate(tax.taxRegion, tax.taxCode as TaxCode, documentDate, tax.base, vat);
    return { taxRegion: tax.taxRegion, taxCode: tax.taxCode, vatBasisPoints, base: tax.base, vat };
  });
  const totals = purchaseTotalsOf(taxes, input.stampDuty);
  if (!Number.isSafeInteger(totals.grossTotal))
    throw invalid('grossTotal', 'The amounts are too large to add up exactly.');
  if (totals.grossTotal !== input.grossTotal)
    throw new AppError(
      'PURCHASE_TOTALS_MISMATCH',
      `The total ${input.grossTotal} is not the bases plus VAT and stamp duty (${totals.grossTotal}).`,
      [{ path: 'grossTotal', messageKey: 'VALIDATION.INVALID', message: 'Total does not add up' }],
    );
  if (input.withholding > totals.grossTotal)
    throw invalid('withholding', 'The withholding cannot exceed the total.');
  return { taxes, stampDuty: input.stampDuty, withholding: input.withholding, ...totals };
}

function checkDates(documentDate: string, dueDate: string | null | undefined): void {
  if (dueDate && dueDate < documentDate)
    throw invalid('dueDate', 'The due date is before the document date.');
}

/** Tax number without spaces or its own country's prefix, as parties keep it. */
function compactTaxId(country: string, taxId: string): string {
  const compact = taxId.replace(/[\s.-]/g, '').toUpperCase();
  return compact.startsWith(country) && compact.length > country.length
    ? compact.slice(country.length)
    : compact;
}

/**
 * The supplier of a new purchase: the party given (it must be a supplier), or the one with the tax
 * number given — made a supplier if it was only a customer, created (tax number checked with the
 * country's rule) if the organization does not know it yet.
 */
async function resolveSupplier(tx: Db, organizationId: string, body: CreateBody): Promise<string> {
  if (body.partyId && body.supplier)
    throw invalid('supplier', 'Give either the supplier (partyId) or a new supplier, not both.');
  if (body.partyId) {
    const party = await partyOf(tx, organizationId, body.partyId);
    if (!party.isSupplier)
      throw new AppError('PARTY_NOT_SUPPLIER', `${party.name} is not marked as a supplier.`);
    return party.id;
  }
  if (!body.supplier) throw invalid('partyId', 'Choose the supplier.');
  const country = body.supplier.country.toUpperCase();
  const taxId = compactTaxId(country, body.supplier.taxId);
  if (FINAL_CONSUMER_TAX_IDS.includes(taxId) || !isValidTaxNumber(country, taxId))
    throw new AppError('INVALID_VAT_NUMBER', `${taxId} is not a valid tax number for ${country}.`);
  const existing = async () =>
    (
      await tx
        .select()
        .from(billingParties)
        .where(
          and(
            eq(billingParties.organizationId, organizationId),
            eq(billingParties.country, country),
            eq(billingParties.taxId, taxId),
          ),
        )
        .for('update')
    )[0];
  const found = await existing();
  if (found) {
    if (!found.isSupplier)
      await tx
        .update(billingParties)
        .set({ isSupplier: true, updatedAt: new Date() })
        .where(and(eq(billingParties.organizationId, organizationId), eq(billingParties.id, found.id)));
    return found.id;
  }
  // A concurrent save of the same new supplier: the unique (organization, country, tax id) decides.
  const [created] = await tx
    .insert(billingParties)
    .values({ organizationId, name: body.supplier.name, taxId, country, isCustomer: false, isSupplier: true })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const winner = await existing();
    if (!winner) throw new AppError('VAT_NUMBER_TAKEN', 'A party with this tax number exists.');
    return winner.id;
  }
  await notifyOrganization(tx, organizationId, 'CLIENT_SUPPLIER_CREATED', {
    ClientSupplierId: created.id,
    Name: created.name.slice(0, 200),
  });
  return created.id;
}

function duplicate(): AppError {
  return new AppError('PURCHASE_DUPLICATE', "This supplier's document with this number is already recorded.");
}

/** Records a supplier document inside the caller's transaction (the Idempotency-Key's). */
export async function createPurchase(
  tx: Db,
  organizationId: string,
  userId: string,
  body: CreateBody,
): Promise<Purchase> {
  checkDates(body.documentDate, body.dueDate);
  const amounts = checkedAmounts(
    {
      taxes: body.taxes,
      stampDuty: body.stampDuty ?? 0,
      grossTotal: body.grossTotal,
      withholding: body.withholding ?? 0,
    },
    body.documentDate,
  );
  if (body.qrCode) {
    try {
      parseAtQrString(body.qrCode);
    } catch (error) {
      if (error instanceof AtQrParseError) throw qrInvalid(error);
      throw error;
    }
  }
  const org = await organizationOf(tx, organizationId);
  const partyId = await resolveSupplier(tx, organizationId, body);
  if (await repository.findByNumber(tx, organizationId, partyId, body.documentNumber)) throw duplicate();
  let id: string;
  try {
    // A savepoint: a concurrent twin's unique violation must not poison the Idempotency-Key's transaction.
    id = await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(billingPurchases)
        .values({
          organizationId,
          partyId,
          documentType: body.documentType,
          documentNumber: body.documentNumber,
          atcud: body.atcud ?? null,
          documentDate: body.documentDate,
          dueDate: body.dueDate ?? null,
          currency: body.currency ?? org.currency,
          netTotal: amounts.netTotal,
          taxPayable: amounts.taxPayable,
          grossTotal: amounts.grossTotal,
          withholding: amounts.withholding,
          taxes: repository.storedTaxes(amounts.taxes, amounts.stampDuty),
          qrCode: body.qrCode ?? null,
          notes: body.notes ?? null,
          createdBy: userId,
        })
        .returning({ id: billingPurchases.id });
      return (row as { id: string }).id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  await billingSourceChanged(tx, organizationId, 'purchase', id);
  const purchase = await getPurchase(tx, organizationId, id);
  // The spec's event list is closed, and a supplier document is a document of /billing/documents (its
  // purchases tab, whose queries sit under the documents' key): the documents' event announces it.
  await notifyOrganization(tx, organizationId, 'BILLING_DOCUMENT_CREATED', {
    DocumentId: purchase.id,
    Number: purchase.documentNumber.slice(0, 100),
    OrganizationId: organizationId,
  });
  return purchase;
}

export async function getPurchase(db: Db, organizationId: string, id: string): Promise<Purchase> {
  const found = await repository.findPurchase(db, organizationId, id);
  if (!found) throw new AppError('NOT_FOUND', 'No such purchase.');
  return repository.toPurchase(found);
}

/** Locks the purchase and refuses a change once it is cancelled or anything is paid on it. */
async function lockUnpaid(tx: Db, organizationId: string, id: string) {
  const found = await repository.findPurchase(tx, organizationId, id, true);
  if (!found) throw new AppError('NOT_FOUND', 'No such purchase.');
  if (found.purchase.state === 'cancelled')
    throw new AppError('DOCUMENT_ALREADY_CANCELLED', 'This purchase is cancelled.');
  if (found.purchase.settled !== 0 || (await repository.hasAllocations(tx, organizationId, id)))
    throw new AppError('PURCHASE_HAS_PAYMENTS', 'This purchase has payments: it can no longer change.');
  return found;
}

export async function updatePurchase(
  db: Db,
  organizationId: string,
  id: string,
  body: UpdateBody,
): Promise<Purchase> {
  try {
    return await db.transaction(async (tx) => {
      const { purchase: current } = await lockUnpaid(tx, organizationId, id);
      const currentView = await getPurchase(tx, organizationId, id);
      const documentDate = body.documentDate ?? current.documentDate;
      const dueDate = body.dueDate !== undefined ? body.dueDate : current.dueDate;
      checkDates(documentDate, dueDate);
      const amounts = checkedAmounts(
        {
          taxes: body.taxes ?? currentView.taxes,
          stampDuty: body.stampDuty ?? currentView.stampDuty,
          grossTotal: body.grossTotal ?? current.grossTotal,
          withholding: body.withholding ?? current.withholding,
        },
        documentDate,
      );
      await tx
        .update(billingPurchases)
        .set({
          documentType: body.documentType ?? current.documentType,
          documentNumber: body.documentNumber ?? current.documentNumber,
          atcud: body.atcud !== undefined ? body.atcud : current.atcud,
          documentDate,
          dueDate,
          currency: body.currency ?? current.currency,
          netTotal: amounts.netTotal,
          taxPayable: amounts.taxPayable,
          grossTotal: amounts.grossTotal,
          withholding: amounts.withholding,
          taxes: repository.storedTaxes(amounts.taxes, amounts.stampDuty),
          notes: body.notes !== undefined ? body.notes : current.notes,
          updatedAt: new Date(),
        })
        .where(and(eq(billingPurchases.organizationId, organizationId), eq(billingPurchases.id, id)));
      await billingSourceChanged(tx, organizationId, 'purchase', id);
      return getPurchase(tx, organizationId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Keeps the purchase, cancelled: it no longer counts as payable. */
export async function cancelPurchase(db: Db, organizationId: string, id: string): Promise<Purchase> {
  return db.transaction(async (tx) => {
    await lockUnpaid(tx, organizationId, id);
    await tx
      .update(billingPurchases)
      .set({ state: 'cancelled', updatedAt: new Date() })
      .where(and(eq(billingPurchases.organizationId, organizationId), eq(billingPurchases.id, id)));
    await billingSourceChanged(tx, organizationId, 'purchase', id);
    return getPurchase(tx, organizationId, id);
  });
}

export async function listPurchases(
  db: Db,
  organizationId: string,
  query: ContractQuery<typeof listPurchasesContract>,
): Promise<{ items: Purchase[]; nextCursor: string | null }> {
  let after: { date: string; id: string } | null = null;
  if (query.cursor) {
    const [date, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('|');
    if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[0-9a-f-]{36}$/.test(id))
      throw invalid('cursor', 'The cursor is not one this list gave.');
    after = { date, id };
  }
  const found = await repository.listPurchases(db, organizationId, {
    ...(query.partyId ? { partyId: query.partyId } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.openOnly ? { openOnly: true } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    after,
    limit: query.limit,
  });
  const page = found.slice(0, query.limit);
  const last = page.at(-1)?.purchase;
  return {
    items: page.map(repository.toPurchase),
    nextCursor:
      found.length > query.limit && last
        ? Buffer.from(`${last.documentDate}|${last.id}`).toString('base64url')
        : null,
  };
}

function qrInvalid(error: AtQrParseError): AppError {
  return new AppError('QR_CODE_INVALID', `This is not an AT invoice QR code: ${error.message}`, [
    { path: 'qrCode', messageKey: 'VALIDATION.INVALID', message: error.message },
  ]);
}

/**
 * The prefill of a supplier document from its AT QR code: the issuer's NIF must hold its PT check
 * digit; the buyer should be this organization; the supplier is looked up by NIF, and the document by
 * its number, so that the form can warn before a duplicate is refused.
 */
export async function readQr(db: Db, organizationId: string, qrCode: string): Promise<PurchasePrefill> {
  let data: ReturnType<typeof parseAtQrString>;
  try {
    data = parseAtQrString(qrCode);
  } catch (error) {
    if (error instanceof AtQrParseError) throw qrInvalid(error);
    throw error;
  }
  const org = await organizationOf(db, organizationId);
  const fields = purchaseFieldsFromQr(data, org.vatNumber);
  if (!isValidTaxNumber('PT', fields.issuerTaxId) || FINAL_CONSUMER_TAX_IDS.includes(fields.issuerTaxId))
    throw new AppError(
      'INVALID_VAT_NUMBER',
      `The issuer's NIF ${fields.issuerTaxId} fails the Portuguese check digit.`,
      [{ path: 'qrCode', messageKey: 'VALIDATION.INVALID', message: 'Field A is not a valid NIF' }],
    );
  const [supplierRow] = await db
    .select()
    .from(billingParties)
    .where(
      and(
        eq(billingParties.organizationId, organizationId),
        eq(billingParties.country, 'PT'),
        eq(billingParties.taxId, fields.issuerTaxId),
      ),
    );
  const existingPurchaseId = supplierRow
    ? ((await repository.findByNumber(db, organizationId, supplierRow.id, fields.documentNumber)) ?? null)
    : null;
  const warnings = existingPurchaseId ? [...fields.warnings, 'ALREADY_RECORDED' as const] : fields.warnings;
  return {
    ...fields,
    qrCode: qrCode.trim(),
    supplier: supplierRow ? toParty(supplierRow) : null,
    currency: org.currency,
    warnings,
    existingPurchaseId,
  };
}

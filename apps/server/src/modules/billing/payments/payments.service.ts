import type {
  BillingPayment,
  ContractBody,
  ContractQuery,
  listPaymentsContract,
  MovementCandidate,
  movementCandidatesContract,
  PaymentMethod,
  recordPaymentContract,
} from '@fluxo/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import {
  billingDocuments,
  billingPaymentAllocations,
  billingPayments,
  billingSeries,
  organizations,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../../treasury/index.ts';
import { type DocumentsDeps, issueInTransaction, todayIn } from '../documents.service.ts';
import { partyOf } from '../parties-products.service.ts';
import { billingSourceChanged } from '../source-hooks.ts';
import { PAYABLE_DOCUMENT_TYPES, revertPayment } from './settlement.ts';

// Recording money received from customers (a receipt is issued and signed in its series' chain) or
// paid to suppliers, settling one or more open documents, optionally on the treasury movement that
// carried it. Everything happens in the caller's transaction (the Idempotency-Key's), with the settled
// documents and the movement locked, so two payments racing for the same open amount cannot both win.

type RecordInput = ContractBody<typeof recordPaymentContract>;

interface Target {
  id: string;
  kind: 'document' | 'purchase';
  partyId: string;
  currency: string;
  documentType: string;
  number: string;
  open: number;
  payable: boolean;
  taxRegion: string | null;
}

const notPayable = (number: string, why: string) =>
  new AppError('PAYMENT_TARGET_NOT_PAYABLE', `${number}: ${why}`);

/** The documents (in) or purchases (out) a payment settles, locked in id order. */
async function lockTargets(
  tx: Db,
  organizationId: string,
  direction: 'in' | 'out',
  ids: string[],
): Promise<Map<string, Target>> {
  const sorted = [...ids].sort();
  const found =
    direction === 'in'
      ? await rows<{
          id: string;
          party_id: string;
          currency: string;
          document_type: string;
          document_number: string | null;
          state: string;
          status: string | null;
          open: string;
          tax_region: string;
        }>(
          tx,
          sql`SELECT id, party_id, currency, document_type, document_number, state, status, tax_region,
                     gross_total - withholding - settled AS open
              FROM billing_documents
              WHERE organization_id = ${organizationId} AND id IN ${uuidList(sorted)}
              ORDER BY id FOR UPDATE`,
        )
      : await rows<{
          id: string;
          party_id: string;
          currency: string;
          document_type: string;
          document_number: string;
          state: string;
          status: null;
          open: string;
          tax_region: null;
        }>(
          tx,
          sql`SELECT id, party_id, currency, document_type, document_number, state, NULL AS status,
                     NULL AS tax_region, gross_total - withholding - settled AS open
              FROM billing_purchases
              WHERE organization_id = ${organizationId} AND id IN ${uuidList(sorted)}
              ORDER BY id FOR UPDATE`,
        );
  const targets = new Map<string, Target>();
  for (const row of found) {
    const payable =
      direction === 'in'
        ? row.state === 'issued' &&
          row.status === 'N' &&
          (PAYABLE_DOCUMENT_TYPES as readonly string[]).includes(row.document_type)
        : row.state === 'open' && row.document_type !== 'NC';
    targets.set(row.id, {
      id: row.id,
      kind: direction === 'in' ? 'document' : 'purchase',
      partyId: row.party_id,
      currency: row.currency.trim(),
      documentType: row.document_type,
      number: row.document_number ?? '',
      open: Number(row.open),
      payable,
      taxRegion: row.tax_region,
    });
  }
  return targets;
}

/** Locks the movement and checks it can carry `amount` more of payments in `direction`. */
async function checkMovement(
  tx: Db,
  viewer: TreasuryViewer,
  transactionId: string,
  direction: 'in' | 'out',
  currency: string,
  amount: number,
  shortfall = 0,
): Promise<void> {
  const visible = await visibleAccountIds(tx, viewer);
  // NO KEY UPDATE: serialises payments on one movement without blocking treasury's own reads or the
  // foreign-key share locks of other rows that point at it.
  const [movement] = await rows<{ amount: string; currency: string }>(
    tx,
    sql`SELECT t.amount, t.currency FROM treasury_transactions t
        WHERE t.organization_id = ${viewer.organizationId} AND t.id = ${transactionId}
          AND ${accountFilter(sql`t.account_id`, visible)}
        FOR NO KEY UPDATE`,
  );
  if (!movement) throw new AppError('NOT_FOUND', 'No such movement.');
  const signed = Number(movement.amount);
  if (direction === 'in' ? signed <= 0 : signed >= 0)
    throw new AppError(
      'MOVEMENT_NOT_USABLE',
      direction === 'in'
        ? 'A payment received is linked to an incoming movement.'
        : 'A payment made is linked to an outgoing movement.',
    );
  if (movement.currency.trim() !== currency)
    throw new AppError(
      'MOVEMENT_NOT_USABLE',
      `The movement is in ${movement.currency}, the payment in ${currency}.`,
    );
  const [taken] = await rows<{ taken: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0) AS taken FROM billing_payments
        WHERE organization_id = ${viewer.organizationId} AND transaction_id = ${transactionId}
          AND cancelled_at IS NULL`,
  );
  const left = Math.abs(signed) - Number(taken?.taken ?? 0);
  if (amount - shortfall > left)
    throw new AppError(
      'MOVEMENT_NOT_USABLE',
      `The movement has ${left} cents left for payments; this one is ${amount}.`,
    );
}

/** The open receipt series: RG (the general case); RC when only an RC series exists (VAT cash regime). */
async function receiptSeries(tx: Db, organizationId: string) {
  const [series] = await tx
    .select()
    .from(billingSeries)
    .where(
      and(
        eq(billingSeries.organizationId, organizationId),
        sql`${billingSeries.documentType} IN ('RG', 'RC')`,
        eq(billingSeries.closed, false),
      ),
    )
    .orderBy(
      sql`${billingSeries.documentType} = 'RG' DESC`,
      sql`${billingSeries.validationCode} IS NOT NULL DESC`,
      asc(billingSeries.createdAt),
    )
    .limit(1);
  if (!series)
    throw new AppError(
      'RECEIPT_SERIES_MISSING',
      'Create a receipt series (RG, or RC under the VAT cash regime) before recording payments received.',
    );
  return series;
}

/**
 * `movementShortfall`: how much less than the payment the movement carried (bank fees the payee bore,
 * written off by accounting's reconciliation): the receipt states what the customer paid, the movement
 * what reached the bank.
 */
export async function recordPayment(
  deps: DocumentsDeps,
  tx: Db,
  viewer: TreasuryViewer,
  body: RecordInput,
  options: { movementShortfall?: number } = {},
): Promise<BillingPayment> {
  const organizationId = viewer.organizationId;
  const { direction } = body;
  const total = body.allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  if (total !== body.amount)
    throw new AppError(
      'PAYMENT_ALLOCATIONS_MISMATCH',
      `The allocations add up to ${total}, the payment is ${body.amount}.`,
    );
  const ids: string[] = [];
  body.allocations.forEach((allocation, index) => {
    const id = direction === 'in' ? allocation.documentId : allocation.purchaseId;
    const other = direction === 'in' ? allocation.purchaseId : allocation.documentId;
    if (!id || other)
      throw new AppError(
        'VALIDATION_FAILED',
        direction === 'in'
          ? 'A payment received settles sales documents (documentId).'
          : 'A payment made settles purchases (purchaseId).',
        [{ path: `allocations.${index}`, messageKey: 'VALIDATION.INVALID', message: 'Wrong target' }],
      );
    if (ids.includes(id))
      throw new AppError('VALIDATION_FAILED', 'A document appears twice in the allocations.', [
        { path: `allocations.${index}`, messageKey: 'VALIDATION.INVALID', message: 'Duplicate' },
      ]);
    ids.push(id);
  });
  const party = await partyOf(tx, organizationId, body.partyId);
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  const today = todayIn(org.country, deps.now?.());
  if (body.paymentDate > today)
    throw new AppError('PAYMENT_DATE_IN_FUTURE', 'A payment cannot be dated after today.');

  const targets = await lockTargets(tx, organizationId, direction, ids);
  let currency: string | null = null;
  for (const allocation of body.allocations) {
    const id = (direction === 'in' ? allocation.documentId : allocation.purchaseId) as string;
    const target = targets.get(id);
    if (!target) throw new AppError('NOT_FOUND', 'No such document.');
    if (!target.payable)
      throw notPayable(target.number, 'only issued, not cancelled invoices and debit notes are paid.');
    if (target.partyId !== party.id)
      throw notPayable(
        target.number,
        `it belongs to another ${direction === 'in' ? 'customer' : 'supplier'}.`,
      );
    if (currency && target.currency !== currency)
      throw notPayable(target.number, 'one payment is in one currency.');
    currency = target.currency;
    if (allocation.amount > target.open)
      throw new AppError(
        'PAYMENT_EXCEEDS_OPEN_AMOUNT',
        `${target.number} has ${target.open} cents open; ${allocation.amount} cannot be set against it.`,
      );
  }
  const paymentCurrency = currency as string;
  if (body.transactionId)
    await checkMovement(
      tx,
      viewer,
      body.transactionId,
      direction,
      paymentCurrency,
      body.amount,
      Math.max(0, options.movementShortfall ?? 0),
    );

  let receiptId: string | null = null;
  if (direction === 'in') {
    const series = await receiptSeries(tx, organizationId);
    const region = [...targets.values()][0]?.taxRegion ?? (org.country === 'AO' ? 'AO' : 'PT');
    // A receipt has no lines: it states the amount received (its gross total) and, through the payment's
    // allocations, which documents it settles; the hash chain signs it like any other document.
    const [receipt] = await tx
      .insert(billingDocuments)
      .values({
        organizationId,
        documentType: series.documentType,
        seriesId: series.id,
        partyId: party.id,
        documentDate: today,
        dueDate: null,
        taxRegion: region,
        currency: paymentCurrency,
        netTotal: body.amount,
        taxPayable: 0,
        grossTotal: body.amount,
        language: party.language,
        paymentMethod: body.method,
        createdBy: viewer.userId,
      })
      .returning({ id: billingDocuments.id });
    receiptId = (receipt as { id: string }).id;
    await issueInTransaction(deps, tx, organizationId, receiptId);
  }

  const [payment] = await tx
    .insert(billingPayments)
    .values({
      organizationId,
      direction,
      partyId: party.id,
      receiptId,
      paymentDate: body.paymentDate,
      currency: paymentCurrency,
      amount: body.amount,
      method: body.method,
      transactionId: body.transactionId ?? null,
      createdBy: viewer.userId,
    })
    .returning({ id: billingPayments.id });
  const paymentId = (payment as { id: string }).id;
  await tx.insert(billingPaymentAllocations).values(
    body.allocations.map((allocation) => ({
      organizationId,
      paymentId,
      documentId: direction === 'in' ? (allocation.documentId as string) : null,
      purchaseId: direction === 'out' ? (allocation.purchaseId as string) : null,
      amount: allocation.amount,
    })),
  );
  for (const id of [...ids].sort()) {
    const amount = body.allocations.find((a) => (a.documentId ?? a.purchaseId) === id)?.amount as number;
    // The guard in WHERE is a second line of defence: the rows are locked and checked above.
    const updated = await rows<{ id: string }>(
      tx,
      direction === 'in'
        ? sql`UPDATE billing_documents SET settled = settled + ${amount}, updated_at = now()
              WHERE organization_id = ${organizationId} AND id = ${id}
                AND settled + ${amount} <= gross_total - withholding RETURNING id`
        : sql`UPDATE billing_purchases SET settled = settled + ${amount}, updated_at = now()
              WHERE organization_id = ${organizationId} AND id = ${id}
                AND settled + ${amount} <= gross_total - withholding RETURNING id`,
    );
    if (updated.length === 0)
      throw new AppError('PAYMENT_EXCEEDS_OPEN_AMOUNT', 'The payment is more than what is open.');
  }
  await billingSourceChanged(tx, organizationId, 'payment', paymentId);
  return getPayment(tx, organizationId, paymentId);
}

/** One document's payment: the party and allocation follow from the document. */
export async function recordDocumentPayment(
  deps: DocumentsDeps,
  tx: Db,
  viewer: TreasuryViewer,
  documentId: string,
  body: { paymentDate: string; method: PaymentMethod; transactionId?: string | null; amount: number },
): Promise<BillingPayment> {
  const [document] = await tx
    .select({ partyId: billingDocuments.partyId })
    .from(billingDocuments)
    .where(
      and(eq(billingDocuments.organizationId, viewer.organizationId), eq(billingDocuments.id, documentId)),
    );
  if (!document) throw new AppError('NOT_FOUND', 'No such document.');
  return recordPayment(deps, tx, viewer, {
    ...body,
    direction: 'in',
    partyId: document.partyId,
    allocations: [{ documentId, amount: body.amount }],
  });
}

/** Cancels a payment in the caller's transaction (the Idempotency-Key's). */
export async function cancelPayment(
  tx: Db,
  organizationId: string,
  id: string,
  reason: string,
): Promise<BillingPayment> {
  await revertPayment(tx, organizationId, id, reason);
  await billingSourceChanged(tx, organizationId, 'payment', id);
  return getPayment(tx, organizationId, id);
}

/**
 * Links a payment already recorded (a receipt issued without its movement) to the movement that carried it,
 * or unlinks it (`transactionId` null). The movement must have room for it, in its direction and currency.
 */
export async function linkPaymentToMovement(
  tx: Db,
  viewer: TreasuryViewer,
  paymentId: string,
  transactionId: string | null,
): Promise<BillingPayment> {
  const [payment] = await tx
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.organizationId, viewer.organizationId), eq(billingPayments.id, paymentId)))
    .for('update');
  if (!payment) throw new AppError('NOT_FOUND', 'No such payment.');
  if (payment.cancelledAt)
    throw new AppError('PAYMENT_ALREADY_CANCELLED', 'This payment is already cancelled.');
  if (transactionId) {
    if (payment.transactionId)
      throw new AppError('MOVEMENT_NOT_USABLE', 'This payment is already linked to a movement.');
    await checkMovement(
      tx,
      viewer,
      transactionId,
      payment.direction as 'in' | 'out',
      payment.currency.trim(),
      payment.amount,
    );
  }
  await tx.update(billingPayments).set({ transactionId }).where(eq(billingPayments.id, paymentId));
  return getPayment(tx, viewer.organizationId, paymentId);
}

interface PaymentRow {
  id: string;
  direction: 'in' | 'out';
  party_id: string;
  party_name: string;
  receipt_id: string | null;
  receipt_number: string | null;
  payment_date: string;
  currency: string;
  amount: string;
  method: PaymentMethod;
  transaction_id: string | null;
  cancelled: boolean;
  created_at: Date | string;
}

async function paymentsWhere(db: Db, organizationId: string, where: ReturnType<typeof sql>, limit = 500) {
  const found = await rows<PaymentRow>(
    db,
    sql`SELECT p.id, p.direction, p.party_id, pa.name AS party_name, p.receipt_id,
               r.document_number AS receipt_number, p.payment_date::text AS payment_date, p.currency,
               p.amount, p.method, p.transaction_id, p.cancelled_at IS NOT NULL AS cancelled, p.created_at
        FROM billing_payments p
        JOIN billing_parties pa ON pa.id = p.party_id
        LEFT JOIN billing_documents r ON r.id = p.receipt_id
        WHERE p.organization_id = ${organizationId} AND ${where}
        ORDER BY p.payment_date DESC, p.created_at DESC
        LIMIT ${limit}`,
  );
  if (found.length === 0) return [];
  const allocations = await rows<{
    payment_id: string;
    document_id: string | null;
    purchase_id: string | null;
    document_number: string | null;
    amount: string;
  }>(
    db,
    sql`SELECT a.payment_id, a.document_id, a.purchase_id,
               coalesce(d.document_number, pu.document_number) AS document_number, a.amount
        FROM billing_payment_allocations a
        LEFT JOIN billing_documents d ON d.id = a.document_id
        LEFT JOIN billing_purchases pu ON pu.id = a.purchase_id
        WHERE a.organization_id = ${organizationId} AND a.payment_id IN ${uuidList(found.map((p) => p.id))}
        ORDER BY a.payment_id, coalesce(d.document_date, pu.document_date), a.id`,
  );
  return found.map(
    (row): BillingPayment => ({
      id: row.id,
      direction: row.direction,
      partyId: row.party_id,
      partyName: row.party_name,
      receiptId: row.receipt_id,
      receiptNumber: row.receipt_number,
      paymentDate: row.payment_date,
      currency: row.currency.trim(),
      amount: Number(row.amount),
      method: row.method,
      transactionId: row.transaction_id,
      allocations: allocations
        .filter((allocation) => allocation.payment_id === row.id)
        .map((allocation) => ({
          documentId: allocation.document_id,
          purchaseId: allocation.purchase_id,
          documentNumber: allocation.document_number ?? '',
          amount: Number(allocation.amount),
        })),
      cancelled: row.cancelled,
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );
}

export async function getPayment(db: Db, organizationId: string, id: string): Promise<BillingPayment> {
  const [payment] = await paymentsWhere(db, organizationId, sql`p.id = ${id}`, 1);
  if (!payment) throw new AppError('NOT_FOUND', 'No such payment.');
  return payment;
}

export async function listPayments(
  db: Db,
  organizationId: string,
  query: ContractQuery<typeof listPaymentsContract>,
): Promise<BillingPayment[]> {
  const conditions = [sql`true`];
  if (query.partyId) conditions.push(sql`p.party_id = ${query.partyId}`);
  if (query.direction) conditions.push(sql`p.direction = ${query.direction}`);
  if (query.from) conditions.push(sql`p.payment_date >= ${query.from}`);
  if (query.to) conditions.push(sql`p.payment_date <= ${query.to}`);
  return paymentsWhere(db, organizationId, sql.join(conditions, sql` AND `), query.limit);
}

/**
 * Movements not yet fully taken by payments, in the direction asked, in the accounts the member may see
 * (treasury's view policy): the amount closest to the one asked first, the party's own merchant next,
 * then the latest.
 */
export async function movementCandidates(
  db: Db,
  viewer: TreasuryViewer,
  query: ContractQuery<typeof movementCandidatesContract>,
): Promise<MovementCandidate[]> {
  const visible = await visibleAccountIds(db, viewer);
  const party = query.partyId ? await partyOf(db, viewer.organizationId, query.partyId) : null;
  const order = [
    ...(query.amount ? [sql`abs(c.unallocated - ${query.amount})`] : []),
    ...(party?.merchantId ? [sql`(c.merchant_id = ${party.merchantId}) IS TRUE DESC`] : []),
    sql`c.booking_date DESC`,
    sql`c.id`,
  ];
  const found = await rows<{
    id: string;
    account_id: string;
    account_name: string;
    booking_date: string;
    amount: string;
    currency: string;
    description: string;
    counterparty_name: string | null;
    unallocated: string;
  }>(
    db,
    sql`SELECT * FROM (
          SELECT t.id, t.account_id, a.name AS account_name, t.booking_date::text AS booking_date, t.amount,
                 t.currency, t.description, t.counterparty_name, t.merchant_id,
                 abs(t.amount) - coalesce((
                   SELECT sum(p.amount) FROM billing_payments p
                   WHERE p.organization_id = t.organization_id AND p.transaction_id = t.id
                     AND p.cancelled_at IS NULL), 0) AS unallocated
          FROM treasury_transactions t
          JOIN treasury_accounts a ON a.id = t.account_id
          WHERE t.organization_id = ${viewer.organizationId}
            AND ${query.direction === 'in' ? sql`t.amount > 0` : sql`t.amount < 0`}
            AND t.transfer_transaction_id IS NULL
            AND ${accountFilter(sql`t.account_id`, visible)}
        ) c
        WHERE c.unallocated > 0
        ORDER BY ${sql.join(order, sql`, `)}
        LIMIT 20`,
  );
  return found.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    bookingDate: row.booking_date,
    amount: Number(row.amount),
    currency: row.currency.trim(),
    description: row.description,
    counterpartyName: row.counterparty_name,
    unallocated: Number(row.unallocated),
  }));
}

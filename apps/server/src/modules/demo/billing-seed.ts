import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import {
  billingDocuments,
  billingParties,
  billingProducts,
  billingPurchases,
  billingScheduleRuns,
  billingSchedules,
  billingSeries,
  billingSettings,
} from '../../db/schema.ts';
import {
  cancelDocument,
  type DocumentsDeps,
  issueInTransaction,
  recordPayment,
  type SigningKey,
  writeDraft,
} from '../billing/index.ts';
import {
  buildAngolanBilling,
  buildPortugueseBilling,
  type DemoBilling,
  type DemoDocument,
  type DemoLine,
  type DemoPayment,
  instantOf,
  PT_BILLING_MONTHS,
  PT_BILLING_SUPPLIERS,
  validationCodeOf,
} from './billing-demo-data.ts';
import { addDays, iso, monthsUpTo, seedOf } from './demo-calendar.ts';
import { demoToday } from './treasury-seed.ts';

// Writes the demo companies' invoicing. Documents go through billing's own issue path — the series
// lock, numbering, the signature chained on the previous one, ATCUD and the QR code — with the clock
// set to each document's own date and time, so that SystemEntryDate grows with the documents as if
// they had been issued over the year. Customer payments are the incoming bank transfers the treasury
// seed booked for them (found by their remittance text); supplier invoices are the outgoing ones.

export interface BillingSeedTarget {
  organizationId: string;
  country: 'PT' | 'AO';
  createdBy: string;
}

/**
 * Seeds the PT and AO demo companies' invoicing. Skips an organization that already has a series, so
 * running it twice changes nothing.
 */
export async function seedDemoBilling(
  tx: Db,
  signingKey: SigningKey,
  targets: { pt: BillingSeedTarget; ao: BillingSeedTarget },
  today = demoToday(),
): Promise<void> {
  await seedOrganization(tx, signingKey, targets.pt, buildPortugueseBilling(today), today);
  await seedOrganization(tx, signingKey, targets.ao, buildAngolanBilling(today), today);
}

const TIME_ZONES = { PT: 'Europe/Lisbon', AO: 'Africa/Luanda' } as const;
/** The SAF-T tax code of a mainland rate (suppliers' invoices are all mainland). */
const TAX_CODE_OF_RATE: Record<number, string> = { 2300: 'NOR', 1300: 'INT', 600: 'RED', 0: 'ISE' };

async function seedOrganization(
  tx: Db,
  signingKey: SigningKey,
  target: BillingSeedTarget,
  demo: DemoBilling,
  today: string,
): Promise<void> {
  const { organizationId, createdBy } = target;
  const existing = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM billing_series WHERE organization_id = ${organizationId} LIMIT 1`,
  );
  if (existing.length > 0) return;

  await tx.insert(billingSettings).values({ organizationId, ...demo.settings });

  // Parties stand for the treasury merchant of the same name, when the treasury seed made one.
  const merchants = new Map(
    (
      await rows<{ id: string; name: string }>(
        tx,
        sql`SELECT id, name FROM treasury_merchants WHERE organization_id = ${organizationId}`,
      )
    ).map((row) => [row.name, row.id]),
  );
  const supplierMerchant = new Map(PT_BILLING_SUPPLIERS.map((s) => [s.key, s.merchant]));
  const partyRows = await tx
    .insert(billingParties)
    .values(
      demo.parties.map((party) => ({
        organizationId,
        isCustomer: party.isCustomer,
        isSupplier: party.isSupplier,
        name: party.name,
        taxId: party.taxId,
        country: party.country,
        address: party.address,
        postalCode: party.postalCode || null,
        city: party.city,
        email: party.email,
        iban: party.iban,
        paymentTermsDays: party.paymentTermsDays,
        language: party.language,
        merchantId: merchants.get(supplierMerchant.get(party.key) ?? party.name) ?? null,
      })),
    )
    .returning({ id: billingParties.id });
  const partyIds = new Map(demo.parties.map((party, index) => [party.key, partyRows[index]!.id]));

  const productRows = await tx
    .insert(billingProducts)
    .values(demo.products.map((product) => ({ organizationId, ...product })))
    .returning({ id: billingProducts.id });
  const productIds = new Map(demo.products.map((product, index) => [product.code, productRows[index]!.id]));

  const seriesRows = await tx
    .insert(billingSeries)
    .values(
      demo.series.map((series) => ({
        organizationId,
        documentType: series.type,
        code: series.code,
        seriesType: 'F',
        validationCode: series.validationCode || null,
      })),
    )
    .returning({ id: billingSeries.id });
  const seriesIds = new Map(
    demo.series.map((series, index) => [`${series.type}:${series.code}`, seriesRows[index]!.id]),
  );

  // Schedules first: their runs' documents name them.
  const scheduleIds = new Map<string, string>();
  for (const schedule of demo.schedules) {
    const [row] = await tx
      .insert(billingSchedules)
      .values({
        organizationId,
        name: schedule.name,
        partyId: partyIds.get(schedule.party)!,
        seriesId: seriesIds.get(`FT:${schedule.series}`)!,
        documentType: 'FT',
        rrule: schedule.rrule,
        startDate: schedule.startDate,
        nextDate: schedule.nextDate,
        action: 'issue',
        sendEmail: false,
        // The recurring part's template (ZScheduleTemplate): lines without withholding, the
        // customer's own payment terms.
        template: {
          lines: schedule.lines.map(({ subjectToWithholding: _withholding, ...line }) =>
            lineInput(line, productIds),
          ),
          taxRegion: 'PT',
          withholdingBasisPoints: 0,
          notes: null,
        },
        createdBy,
      })
      .returning({ id: billingSchedules.id });
    scheduleIds.set(schedule.key, row!.id);
  }

  const timeZone = TIME_ZONES[target.country];
  const documentIds = new Map<string, string>();
  const movements = await incomingMovements(tx, organizationId);
  const events = [
    ...demo.documents.map((document) => ({ at: `${document.date}T${document.time}`, document })),
    // Payments reach the bank during the day; their receipts are issued at the end of it.
    ...demo.payments.map((payment) => ({ at: `${payment.date}T19:00:00`, payment })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  let year = events[0]?.at.slice(0, 4);
  for (const event of events) {
    if (event.at.slice(0, 4) !== year) {
      // A new year: last year's series are finalised (the AT's finalizarSerie), this year's take over.
      await tx
        .update(billingSeries)
        .set({ closed: true })
        .where(
          sql`${billingSeries.organizationId} = ${organizationId} AND ${billingSeries.code} IN ${demo.series
            .filter((series) => String(series.year) === year)
            .map((series) => series.code)}`,
        );
      year = event.at.slice(0, 4);
    }
    if ('payment' in event && event.payment) {
      const payment = event.payment;
      const deps: DocumentsDeps = {
        db: tx,
        signingKey,
        now: () => instantOf(payment.date, '19:00:00', timeZone),
        silent: true,
      };
      await recordCustomerPayment(
        tx,
        deps,
        { organizationId, userId: createdBy },
        payment,
        partyIds,
        documentIds,
        movements,
      );
      continue;
    }
    const document = (event as { document: DemoDocument }).document;
    const deps: DocumentsDeps = {
      db: tx,
      signingKey,
      now: () => instantOf(document.date, document.time, timeZone),
      silent: true,
    };
    const seriesId = seriesIds.get(`${document.type}:${document.series}`)!;
    const id = await writeDraft(
      tx,
      organizationId,
      null,
      {
        seriesId,
        issue: true,
        partyId: partyIds.get(document.party)!,
        documentDate: document.date,
        dueDate: document.dueDate,
        lines: document.lines.map((line) => lineInput(line, productIds)),
        withholdingBasisPoints: document.withholdingBasisPoints,
        referenceDocumentId: document.reference ? (documentIds.get(document.reference) ?? null) : null,
        reason: document.reason,
        notes: document.notes,
      },
      createdBy,
    );
    // What is not signed, written on the draft: the schedule a run came from, how a document paid at
    // once was paid.
    if (document.schedule || document.paidAtOnce)
      await tx
        .update(billingDocuments)
        .set({
          scheduleId: document.schedule ? (scheduleIds.get(document.schedule) ?? null) : null,
          paymentMethod: document.paidAtOnce,
        })
        .where(sql`${billingDocuments.id} = ${id}`);
    await issueInTransaction(deps, tx, organizationId, id);
    documentIds.set(document.key, id);
    if (document.type === 'FT' && document.reference && !document.reason) {
      // An invoice from an accepted quote: the quote is invoiced (SAF-T WorkStatus F).
      await tx
        .update(billingDocuments)
        .set({ status: 'F' })
        .where(sql`${billingDocuments.id} = ${documentIds.get(document.reference)!}`);
    }
    if (document.cancelReason) await cancelDocument(tx, organizationId, id, document.cancelReason);
  }

  // Each document as planned (the payments were worked out from these totals), checked in one query.
  const issued = await rows<{ id: string; document_number: string; gross_total: string }>(
    tx,
    sql`SELECT id, document_number, gross_total FROM billing_documents WHERE organization_id = ${organizationId}`,
  );
  const issuedById = new Map(issued.map((row) => [row.id, row]));
  for (const document of demo.documents) {
    const row = issuedById.get(documentIds.get(document.key) ?? '');
    if (row?.document_number !== document.documentNumber || Number(row.gross_total) !== document.grossTotal)
      throw new Error(
        `Demo document ${document.key}: issued as ${row?.document_number} for ${row?.gross_total}, planned as ${document.documentNumber} for ${document.grossTotal}`,
      );
  }
  for (const schedule of demo.schedules) {
    await tx.insert(billingScheduleRuns).values(
      schedule.runs.map((run) => ({
        organizationId,
        scheduleId: scheduleIds.get(schedule.key)!,
        runDate: run.date,
        documentId: documentIds.get(run.document) ?? null,
      })),
    );
  }

  if (target.country === 'PT') await seedPurchases(tx, organizationId, createdBy, partyIds, today);
}

function lineInput(line: DemoLine, productIds: ReadonlyMap<string, string>) {
  return {
    productId: productIds.get(line.product)!,
    quantity: line.quantity,
    discountBasisPoints: line.discountBasisPoints ?? 0,
    ...(line.subjectToWithholding ? { subjectToWithholding: true } : {}),
    ...(line.description ? { description: line.description } : {}),
    ...(line.unitPrice !== undefined ? { unitPrice: line.unitPrice } : {}),
    ...(line.taxCode ? { taxCode: line.taxCode } : {}),
    ...(line.exemptionCode ? { exemptionCode: line.exemptionCode } : {}),
  };
}

/** The customers' transfers the treasury seed booked, by their remittance text. */
async function incomingMovements(
  tx: Db,
  organizationId: string,
): Promise<Map<string, { id: string; amount: number }>> {
  const found = await rows<{ id: string; remittance_info: string; amount: string }>(
    tx,
    sql`SELECT id, remittance_info, amount FROM treasury_transactions
        WHERE organization_id = ${organizationId} AND amount > 0 AND remittance_info LIKE 'Pagamento %'`,
  );
  return new Map(found.map((row) => [row.remittance_info, { id: row.id, amount: Number(row.amount) }]));
}

/**
 * A customer's payment through billing's own payments service: the receipt is issued (signed in the RG
 * chain) on the payment's date, the documents settled, the bank movement linked.
 */
async function recordCustomerPayment(
  tx: Db,
  deps: DocumentsDeps,
  viewer: { organizationId: string; userId: string },
  payment: DemoPayment,
  partyIds: ReadonlyMap<string, string>,
  documentIds: ReadonlyMap<string, string>,
  movements: ReadonlyMap<string, { id: string; amount: number }>,
): Promise<void> {
  const movement = movements.get(payment.key);
  if (movement && movement.amount !== payment.amount)
    throw new Error(
      `Demo payment ${payment.key}: the bank received ${movement.amount}, not ${payment.amount}`,
    );
  await recordPayment(
    deps,
    tx,
    { ...viewer, role: 'owner' },
    {
      direction: 'in',
      partyId: partyIds.get(payment.party)!,
      paymentDate: payment.date,
      amount: payment.amount,
      method: payment.method,
      transactionId: movement?.id ?? null,
      allocations: payment.allocations.map((allocation) => ({
        documentId: documentIds.get(allocation.document)!,
        amount: allocation.amount,
      })),
    },
  );
}

/**
 * Supplier invoices: every outgoing movement of the billing year that paid a known supplier is the
 * payment of one invoice of that supplier, dated the supplier's usual days before; the current month
 * adds a few not yet paid (one of them overdue).
 */
async function seedPurchases(
  tx: Db,
  organizationId: string,
  createdBy: string,
  partyIds: ReadonlyMap<string, string>,
  today: string,
): Promise<void> {
  const first = monthsUpTo(today, PT_BILLING_MONTHS)[0]!;
  const start = iso(first.year, first.month, 1);
  const bySupplier = new Map(PT_BILLING_SUPPLIERS.map((supplier) => [supplier.merchant, supplier]));
  const paid = await rows<{ id: string; booking_date: string; amount: string; merchant: string }>(
    tx,
    sql`SELECT t.id, t.booking_date::text AS booking_date, t.amount, m.name AS merchant
        FROM treasury_transactions t JOIN treasury_merchants m ON m.id = t.merchant_id
        WHERE t.organization_id = ${organizationId} AND t.amount < 0 AND t.booking_date >= ${start}
          AND t.booking_date < ${today} AND m.name IN ${[...bySupplier.keys()]}
        ORDER BY t.booking_date, t.id`,
  );
  const counters = new Map<string, number>();
  const purchases: (typeof billingPurchases.$inferInsert & { transactionId: string | null })[] = [];
  const add = (supplierKey: string, documentDate: string, gross: number, transactionId: string | null) => {
    const supplier = PT_BILLING_SUPPLIERS.find((s) => s.key === supplierKey)!;
    const year = documentDate.slice(0, 4);
    const counterKey = `${supplier.key}:${year}`;
    // Each supplier numbers its own series; start somewhere in the middle of its year.
    const number = (counters.get(counterKey) ?? 100 + (seedOf(counterKey) % 4_000)) + 1;
    counters.set(counterKey, number);
    const net = Math.round((gross * 10_000) / (10_000 + supplier.vatBasisPoints));
    purchases.push({
      organizationId,
      partyId: partyIds.get(supplier.key)!,
      documentType: 'FT',
      documentNumber: `${supplier.series}${year}/${number}`,
      atcud: `${validationCodeOf(`supplier:${counterKey}`)}-${number}`,
      documentDate,
      dueDate: addDays(documentDate, supplier.paymentTermsDays),
      currency: 'EUR',
      netTotal: net,
      taxPayable: gross - net,
      grossTotal: gross,
      // As the purchases part stores them: one entry per region and SAF-T tax code.
      taxes: [
        {
          taxRegion: 'PT',
          taxCode: TAX_CODE_OF_RATE[supplier.vatBasisPoints] ?? 'NOR',
          vatBasisPoints: supplier.vatBasisPoints,
          base: net,
          vat: gross - net,
        },
      ],
      state: 'open',
      settled: transactionId ? gross : 0,
      createdBy,
      transactionId,
    });
  };
  for (const movement of paid) {
    const supplier = bySupplier.get(movement.merchant)!;
    add(
      supplier.key,
      addDays(movement.booking_date, -supplier.daysBeforePayment),
      -Number(movement.amount),
      movement.id,
    );
  }
  // Not paid yet: this month's consultancy (not due) and the stationery overdue since last week.
  add('rede', addDays(today, -6), 184_500, null);
  add('staples', addDays(today, -12), 23_370, null);
  add('accountant', addDays(today, -2), 36_900, null);

  const inserted = await tx
    .insert(billingPurchases)
    .values(purchases.map(({ transactionId: _transactionId, ...purchase }) => purchase))
    .returning({ id: billingPurchases.id });
  const payments: SQL[] = [];
  purchases.forEach((purchase, index) => {
    if (!purchase.transactionId) return;
    payments.push(
      sql`(${inserted[index]!.id}::uuid, ${purchase.partyId}::uuid, ${purchase.grossTotal}::bigint, ${purchase.transactionId}::uuid)`,
    );
  });
  if (payments.length === 0) return;
  // One outgoing payment per paid invoice, on the movement that paid it, allocated to the invoice.
  await tx.execute(sql`
    WITH source(purchase_id, party_id, amount, transaction_id) AS (VALUES ${sql.join(payments, sql`, `)}),
    paid AS (
      SELECT s.*, t.booking_date FROM source s JOIN treasury_transactions t ON t.id = s.transaction_id
    ),
    written AS (
      INSERT INTO billing_payments (organization_id, direction, party_id, payment_date, currency, amount, method, transaction_id, created_by)
      SELECT ${organizationId}, 'out', party_id, booking_date, 'EUR', amount, 'TB', transaction_id, ${createdBy}
      FROM paid RETURNING id, transaction_id, amount
    )
    INSERT INTO billing_payment_allocations (organization_id, payment_id, purchase_id, amount)
    SELECT ${organizationId}, w.id, p.purchase_id, w.amount FROM written w JOIN paid p ON p.transaction_id = w.transaction_id`);
}

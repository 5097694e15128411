import type { Purchase, PurchaseTax } from '@fluxo/domain';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingParties, billingPurchases } from '../../../db/schema.ts';

// Rows of billing_purchases with their supplier's name and tax number. The stamp duty has no column:
// it is kept among the `taxes` entries as taxCode "IS" (imposto do selo), with the amount in `vat`.

export type PurchaseRow = typeof billingPurchases.$inferSelect;
type StoredTax = PurchaseTax | { taxRegion: string; taxCode: 'IS'; vatBasisPoints: 0; base: 0; vat: number };

export interface PurchaseWithParty {
  purchase: PurchaseRow;
  partyName: string;
  partyTaxId: string;
}

export function storedTaxes(taxes: readonly PurchaseTax[], stampDuty: number): StoredTax[] {
  const stored: StoredTax[] = [...taxes];
  if (stampDuty > 0)
    stored.push({ taxRegion: 'PT', taxCode: 'IS', vatBasisPoints: 0, base: 0, vat: stampDuty });
  return stored;
}

export function toPurchase({ purchase: row, partyName, partyTaxId }: PurchaseWithParty): Purchase {
  const stored = (row.taxes ?? []) as StoredTax[];
  const taxes = stored.filter((tax): tax is PurchaseTax => tax.taxCode !== 'IS');
  const stampDuty = stored.reduce((sum, tax) => sum + (tax.taxCode === 'IS' ? tax.vat : 0), 0);
  const payable = row.grossTotal - row.withholding;
  return {
    id: row.id,
    partyId: row.partyId,
    partyName,
    partyTaxId,
    documentType: row.documentType as Purchase['documentType'],
    documentNumber: row.documentNumber,
    atcud: row.atcud,
    documentDate: row.documentDate,
    dueDate: row.dueDate,
    currency: row.currency,
    taxes,
    stampDuty,
    netTotal: row.netTotal,
    taxPayable: row.taxPayable,
    grossTotal: row.grossTotal,
    withholding: row.withholding,
    payable,
    settled: row.settled,
    outstanding: row.state === 'cancelled' ? 0 : payable - row.settled,
    state: row.state as Purchase['state'],
    qrCode: row.qrCode,
    file:
      row.storageKey && row.fileName && row.contentType
        ? { fileName: row.fileName, contentType: row.contentType }
        : null,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

const withParty = (db: Db) =>
  db
    .select({ purchase: billingPurchases, partyName: billingParties.name, partyTaxId: billingParties.taxId })
    .from(billingPurchases)
    .innerJoin(
      billingParties,
      and(
        eq(billingParties.id, billingPurchases.partyId),
        eq(billingParties.organizationId, billingPurchases.organizationId),
      ),
    );

export async function findPurchase(
  db: Db,
  organizationId: string,
  id: string,
  lock = false,
): Promise<PurchaseWithParty | undefined> {
  const query = withParty(db).where(
    and(eq(billingPurchases.organizationId, organizationId), eq(billingPurchases.id, id)),
  );
  const [found] = lock ? await query.for('update', { of: billingPurchases }) : await query;
  return found;
}

export async function findByNumber(
  db: Db,
  organizationId: string,
  partyId: string,
  documentNumber: string,
): Promise<string | undefined> {
  const [found] = await db
    .select({ id: billingPurchases.id })
    .from(billingPurchases)
    .where(
      and(
        eq(billingPurchases.organizationId, organizationId),
        eq(billingPurchases.partyId, partyId),
        eq(billingPurchases.documentNumber, documentNumber),
      ),
    );
  return found?.id;
}

/** Whether a payment still standing (not cancelled) settles part of the purchase. */
export async function hasAllocations(db: Db, organizationId: string, id: string): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT 1 FROM billing_payment_allocations a
        JOIN billing_payments p ON p.id = a.payment_id AND p.organization_id = a.organization_id
        WHERE a.organization_id = ${organizationId} AND a.purchase_id = ${id} AND p.cancelled_at IS NULL
        LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export interface ListFilters {
  partyId?: string;
  state?: 'open' | 'cancelled';
  openOnly?: boolean;
  from?: string;
  to?: string;
  after: { date: string; id: string } | null;
  limit: number;
}

/** Newest first, keyset on (document date, id); one row more than the page tells whether another follows. */
export async function listPurchases(
  db: Db,
  organizationId: string,
  filters: ListFilters,
): Promise<PurchaseWithParty[]> {
  const { after } = filters;
  return withParty(db)
    .where(
      and(
        eq(billingPurchases.organizationId, organizationId),
        filters.partyId ? eq(billingPurchases.partyId, filters.partyId) : undefined,
        filters.state ? eq(billingPurchases.state, filters.state) : undefined,
        filters.openOnly
          ? and(
              eq(billingPurchases.state, 'open'),
              sql`${billingPurchases.settled} < ${billingPurchases.grossTotal} - ${billingPurchases.withholding}`,
            )
          : undefined,
        filters.from ? sql`${billingPurchases.documentDate} >= ${filters.from}` : undefined,
        filters.to ? sql`${billingPurchases.documentDate} <= ${filters.to}` : undefined,
        after
          ? or(
              lt(billingPurchases.documentDate, after.date),
              and(eq(billingPurchases.documentDate, after.date), lt(billingPurchases.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(billingPurchases.documentDate), desc(billingPurchases.id))
    .limit(filters.limit + 1);
}

import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';

/** Units of an add-on a user or organization holds at `now` (what counts toward its maximum). */
export async function heldQuantity(
  executor: Executor,
  key: string,
  target: { organizationId: string | null; userId: string | null },
  now: Date,
): Promise<number> {
  const [row] = await query<{ held: number }>(
    executor,
    target.organizationId
      ? sql`SELECT coalesce(sum(quantity), 0)::int AS held FROM addon_purchases
            WHERE key = ${key} AND organization_id = ${target.organizationId} AND counts_until > ${now.toISOString()}`
      : sql`SELECT coalesce(sum(quantity), 0)::int AS held FROM addon_purchases
            WHERE key = ${key} AND user_id = ${target.userId} AND organization_id IS NULL
              AND counts_until > ${now.toISOString()}`,
  );
  return row?.held ?? 0;
}

export async function insertPurchase(
  executor: Executor,
  values: {
    subscriptionId: string;
    key: string;
    scope: string;
    userId: string | null;
    organizationId: string | null;
    quantity: number;
    unitPriceCents: number;
    unitPriceWithoutDiscountCents: number;
    priceCents: number;
    priceWithoutDiscountCents: number;
    isMonthly: boolean;
    expiresAt: Date | null;
    countsUntil: Date;
    purchasedBy: string;
    onTrial: boolean;
  },
): Promise<{ id: string; created_at: Date }> {
  const [row] = await query<{ id: string; created_at: Date }>(
    executor,
    sql`INSERT INTO addon_purchases (subscription_id, key, scope, user_id, organization_id, quantity, unit_price_cents,
          unit_price_without_discount_cents, price_cents, price_without_discount_cents, is_monthly, expires_at,
          counts_until, purchased_by, on_trial)
        VALUES (${values.subscriptionId}, ${values.key}, ${values.scope}, ${values.userId}, ${values.organizationId},
          ${values.quantity}, ${values.unitPriceCents}, ${values.unitPriceWithoutDiscountCents}, ${values.priceCents},
          ${values.priceWithoutDiscountCents}, ${values.isMonthly}, ${values.expiresAt?.toISOString() ?? null},
          ${values.countsUntil.toISOString()}, ${values.purchasedBy}, ${values.onTrial})
        RETURNING id, created_at`,
  );
  return row!;
}

export async function linkPayment(
  executor: Executor,
  purchaseIds: string[],
  paymentId: string,
): Promise<void> {
  for (const id of purchaseIds) {
    await executor.execute(sql`UPDATE addon_purchases SET payment_id = ${paymentId} WHERE id = ${id}`);
  }
}

export async function addUserCredits(executor: Executor, userId: string, credits: number): Promise<number> {
  const [row] = await query<{ credits: number }>(
    executor,
    sql`UPDATE users SET credits = credits + ${credits} WHERE id = ${userId} RETURNING credits`,
  );
  return row!.credits;
}

export async function addOrganizationCredits(
  executor: Executor,
  organizationId: string,
  credits: number,
): Promise<number> {
  const [row] = await query<{ cloud_credit: number }>(
    executor,
    sql`UPDATE organizations SET cloud_credit = cloud_credit + ${credits} WHERE id = ${organizationId}
        RETURNING cloud_credit`,
  );
  return row!.cloud_credit;
}

export interface PurchaseListRow {
  id: string;
  key: string;
  quantity: number;
  organization_id: string | null;
  user_id: string | null;
  unit_price_cents: number;
  unit_price_without_discount_cents: number;
  price_cents: number;
  price_without_discount_cents: number;
  is_monthly: boolean;
  expires_at: Date | null;
  created_at: Date;
  payment_id: string | null;
  payment_status: number | null;
}

/** Add-ons the user bought or that his own subscriptions paid for, newest first. */
export function purchasesFor(executor: Executor, userId: string): Promise<PurchaseListRow[]> {
  return query<PurchaseListRow>(
    executor,
    sql`SELECT a.id, a.key, a.quantity, a.organization_id, a.user_id, a.unit_price_cents,
               a.unit_price_without_discount_cents, a.price_cents, a.price_without_discount_cents, a.is_monthly,
               a.expires_at, a.created_at, a.payment_id, p.status AS payment_status
        FROM addon_purchases a
        JOIN subscriptions s ON s.id = a.subscription_id
        LEFT JOIN payments p ON p.id = a.payment_id
        WHERE s.owner_id = ${userId} OR a.purchased_by = ${userId}
        ORDER BY a.created_at DESC, a.id
        LIMIT 500`,
  );
}

export function portfolioClients(
  executor: Executor,
  portfolioOrganizationId: string,
  country: string,
  now: Date,
) {
  return query<{ id: string; name: string; country: string; keys: string[] | null }>(
    executor,
    sql`SELECT o.id, o.name, o.country,
               (SELECT array_agg(DISTINCT a.key ORDER BY a.key) FROM addon_purchases a
                WHERE a.organization_id = o.id AND a.counts_until > ${now.toISOString()}) AS keys
        FROM portfolio_clients pc JOIN organizations o ON o.id = pc.client_organization_id
        WHERE pc.portfolio_organization_id = ${portfolioOrganizationId} AND upper(o.country) = ${country.toUpperCase()}
        ORDER BY o.name, o.id`,
  );
}

export async function isPortfolioClient(
  executor: Executor,
  portfolioOrganizationId: string,
  clientId: string,
) {
  const [row] = await query<{ country: string }>(
    executor,
    sql`SELECT o.country FROM portfolio_clients pc JOIN organizations o ON o.id = pc.client_organization_id
        WHERE pc.portfolio_organization_id = ${portfolioOrganizationId} AND pc.client_organization_id = ${clientId}`,
  );
  return row ?? null;
}

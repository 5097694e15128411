import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { canReachSubscription, type Session } from '../../platform/guard.ts';
import { type Executor, query } from '../../platform/tx.ts';

export interface SubscriptionRow {
  id: string;
  owner_id: string;
  plan_name: string;
  status: number;
  is_trial: boolean;
  customer_type: string;
  billing_interval: number;
  start_date: Date;
  end_date: Date | null;
  created_at: Date;
}

export async function findSubscription(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const [row] = await query<SubscriptionRow>(
    executor,
    options.lock
      ? sql`SELECT * FROM subscriptions WHERE id = ${id} FOR UPDATE`
      : sql`SELECT * FROM subscriptions WHERE id = ${id}`,
  );
  return row ? normalize(row) : null;
}

/** Dates come back as strings from some drivers: make them Dates. */
export function normalize(row: SubscriptionRow): SubscriptionRow {
  return {
    ...row,
    start_date: new Date(row.start_date),
    end_date: row.end_date ? new Date(row.end_date) : null,
    created_at: new Date(row.created_at),
  };
}

/**
 * A subscription the caller may see or manage (the guard's `subscription` rule, asked again here
 * under the caller's transaction and row lock). Anyone else gets 403, whether or not it exists.
 */
export async function requireSubscriptionAccess(
  executor: Executor,
  session: Session,
  subscriptionId: string,
  need: 'view' | 'manage',
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow> {
  if (!(await canReachSubscription(executor as Db, session, subscriptionId, need))) {
    throw new AppError('FORBIDDEN', 'You have no access to this subscription.');
  }
  const subscription = await findSubscription(executor, subscriptionId, options);
  if (!subscription) throw new AppError('NOT_FOUND', 'No such subscription.');
  return subscription;
}

/** The membership of a user in an organization, or null. */
export async function membership(executor: Executor, userId: string, organizationId: string) {
  const [row] = await query<{
    role: string;
    permissions: Record<string, number>;
    subscription_id: string | null;
    name: string;
    country: string;
    cloud_credit: number;
  }>(
    executor,
    sql`SELECT m.role, m.permissions, o.subscription_id, o.name, o.country, o.cloud_credit
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id
        WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}`,
  );
  return row ?? null;
}

/** The subscription a user owns and is living on (newest not completed nor superseded). */
export async function ownSubscription(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await query<SubscriptionRow>(
    executor,
    sql`SELECT * FROM subscriptions WHERE owner_id = ${userId} AND status NOT IN (3, 4)
        ORDER BY created_at DESC, id LIMIT 1`,
  );
  return row ? normalize(row) : null;
}

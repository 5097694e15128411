import {
  type ActiveSubscription,
  ADDONS,
  addonDiscountPercent,
  basePlan,
  discounted,
  divideRounded,
  hasFlag,
  intervalMonths,
  isAddonKey,
  isPayableStatus,
  isTerminalStatus,
  organizationsIncluded,
  PermissionFlag,
  PLAN_ALLOWANCES,
  planOffer,
  planPriceCents,
  planRank,
  plansOpenTo,
  SUBSCRIPTION_STATUS_TEXT,
  type SubscriptionEventType,
  SubscriptionStatus,
  transition,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrgContext, Session } from '../../platform/guard.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { addMonths, DAY_MS, type Executor, iso, query, type Tx } from '../../platform/tx.ts';
import type { PaymentRow } from '../payments/payments.repository.ts';
import * as paymentsRepo from '../payments/payments.repository.ts';
import { type BillingConfig, issuePayment, paymentView } from '../payments/payments.service.ts';
import { findSubscription, normalize, ownSubscription, type SubscriptionRow } from './subscription-access.ts';
import { announceSubscriptionSignals, type BillingEventSink } from './subscription-signals.ts';

export interface SubscriptionDeps {
  db: Db;
  billing: BillingConfig;
  sink: BillingEventSink;
}

export const RENEW_JOB = 'subscription.renew';
const { CREATED, ACTIVE, LOCKED } = SubscriptionStatus;

/**
 * Applies a status event to a subscription whose row the caller holds locked: the pure state
 * machine decides, the row and an audit line are written, and the signals go to the outbox — all
 * in the caller's transaction.
 */
export async function applyEvent(
  tx: Tx,
  sink: BillingEventSink,
  subscription: SubscriptionRow,
  event: SubscriptionEventType,
): Promise<SubscriptionRow> {
  const from = { status: subscription.status as 0, isTrial: subscription.is_trial };
  const result = transition(from, event);
  if (!result.ok) throw new AppError('INVALID_SUBSCRIPTION_TRANSITION', result.reason);
  const { status, isTrial } = result.state;
  if (status !== from.status || isTrial !== from.isTrial) {
    await tx.execute(
      sql`UPDATE subscriptions SET status = ${status}, is_trial = ${isTrial} WHERE id = ${subscription.id}`,
    );
    await tx.execute(sql`
      INSERT INTO subscription_events (subscription_id, event, from_status, to_status)
      VALUES (${subscription.id}, ${event}, ${from.status}, ${status})`);
  }
  await announceSubscriptionSignals(
    tx,
    sink,
    { id: subscription.id, ownerId: subscription.owner_id, status, planName: subscription.plan_name },
    result.signals,
  );
  return { ...subscription, status, is_trial: isTrial };
}

/**
 * A payment arrived. A plan's invoice activates (ends a trial); any payment that leaves no other
 * invoice past its grace period unlocks a locked subscription. An add-on payment never ends a trial.
 */
export function settlePayment(deps: Pick<SubscriptionDeps, 'billing' | 'sink'>) {
  return async (tx: Tx, payment: PaymentRow, now: Date): Promise<void> => {
    const subscription = await findSubscription(tx, payment.subscription_id, { lock: true });
    if (!subscription || isTerminalStatus(subscription.status)) return;
    if (payment.purpose === 'addon' && subscription.status !== LOCKED) return;
    const stillOverdue = await paymentsRepo.overdueUnpaid(
      tx,
      subscription.id,
      payment.id,
      now,
      deps.billing.graceDays,
    );
    if (stillOverdue > 0) return;
    await applyEvent(tx, deps.sink, subscription, 'pay');
  };
}

/** Starts a trial (status 0, trial) of `days`; its renewal issues the first invoice. */
export async function startTrial(
  tx: Tx,
  input: { ownerId: string; planName: string; billingInterval?: 1 | 2; now?: Date; days?: number },
): Promise<string> {
  const now = input.now ?? new Date();
  const end = new Date(now.getTime() + (input.days ?? 14) * DAY_MS);
  const [row] = await query<{ id: string }>(
    tx,
    sql`INSERT INTO subscriptions (owner_id, plan_name, status, is_trial, billing_interval, start_date, end_date)
        VALUES (${input.ownerId}, ${input.planName}, ${CREATED}, true, ${input.billingInterval ?? 1},
                ${now.toISOString()}, ${end.toISOString()})
        RETURNING id`,
  );
  await scheduleJob(tx, { kind: RENEW_JOB, subjectId: row!.id, dueAt: end });
  return row!.id;
}

/**
 * Who looks at a subscription, and through which organization. Its owner sees every organization and
 * every member's credits. Anyone else looks through one organization they belong to (OrgId): they see
 * that organization's credits and their own; a member whose grants cover the organization's settings
 * (organization.settings VIEW) also sees the credits and names of that organization's members.
 */
export interface SubscriptionViewer {
  userId: string;
  /** The organization looked through; null when the viewer reads a subscription of their own. */
  organization: Pick<OrgContext, 'id' | 'grants'> | null;
}

/** The viewer sees the credits of the members of their organization (owner: of every one). */
function seesMembers(viewer: SubscriptionViewer): boolean {
  const granted = viewer.organization?.grants['organization.settings'];
  return granted !== undefined && hasFlag(granted, PermissionFlag.VIEW);
}

/** The spec's active-subscription shape, as one viewer sees it (see SubscriptionViewer). */
export async function subscriptionView(
  executor: Executor,
  subscription: SubscriptionRow,
  viewer: SubscriptionViewer,
): Promise<ActiveSubscription> {
  const owner = subscription.owner_id === viewer.userId;
  const through = viewer.organization?.id ?? null;
  if (!owner && !through) throw new Error('A subscription is shown to its owner or through an organization');
  const organizations = await query<{ id: string; name: string; cloud_credit: number }>(
    executor,
    owner
      ? sql`SELECT id, name, cloud_credit FROM organizations WHERE subscription_id = ${subscription.id} ORDER BY name, id`
      : sql`SELECT id, name, cloud_credit FROM organizations WHERE subscription_id = ${subscription.id} AND id = ${through}`,
  );
  const users = await query<{ id: string; name: string; credits: number }>(
    executor,
    owner
      ? sql`SELECT u.id, u.name, u.credits FROM users u
            WHERE u.id = ${subscription.owner_id}
               OR u.id IN (SELECT m.user_id FROM organization_members m JOIN organizations o ON o.id = m.organization_id
                           WHERE o.subscription_id = ${subscription.id})
            ORDER BY (u.id = ${subscription.owner_id}) DESC, u.name, u.id`
      : seesMembers(viewer)
        ? sql`SELECT u.id, u.name, u.credits FROM users u
              WHERE u.id IN (SELECT m.user_id FROM organization_members m WHERE m.organization_id = ${through})
              ORDER BY (u.id = ${subscription.owner_id}) DESC, u.name, u.id`
        : sql`SELECT u.id, u.name, u.credits FROM users u WHERE u.id = ${viewer.userId}`,
  );
  const [partner] = await query<{ has: boolean }>(
    executor,
    sql`SELECT EXISTS (
          SELECT 1 FROM portfolio_clients pc
          JOIN organizations client ON client.id = pc.client_organization_id
          JOIN organizations firm ON firm.id = pc.portfolio_organization_id
          WHERE client.subscription_id = ${subscription.id}
            AND firm.subscription_id IS DISTINCT FROM ${subscription.id}) AS has`,
  );
  const open = !isTerminalStatus(subscription.status) && subscription.status !== SubscriptionStatus.CANCELED;
  return {
    id: subscription.id,
    startDate: iso(subscription.start_date)!,
    endDate: iso(subscription.end_date),
    status: subscription.status,
    statusText: SUBSCRIPTION_STATUS_TEXT[subscription.status] ?? 'UNKNOWN',
    planName: subscription.plan_name,
    hasPartner: partner?.has ?? false,
    isCustom: planOffer(subscription.plan_name).custom,
    isOwner: owner,
    isTrial: subscription.is_trial,
    billingInterval: subscription.billing_interval === 2 ? 2 : 1,
    numberMonths: intervalMonths(subscription.billing_interval),
    nextRenewal: open ? iso(subscription.end_date) : null,
    userCredits: users.map((u) => ({ userId: u.id, name: u.name, credits: u.credits })),
    organizationCredits: organizations.map((o) => ({
      organizationId: o.id,
      name: o.name,
      credits: o.cloud_credit,
    })),
    plan: planOffer(subscription.plan_name),
  };
}

/**
 * The subscription of the organization named by OrgId (the guard checked membership), as that member
 * sees it; without OrgId, the caller's own.
 */
export async function activeSubscription(db: Db, session: Session, org: OrgContext | null) {
  let subscription: SubscriptionRow | null = null;
  if (org) {
    const [row] = await query<{ subscription_id: string | null }>(
      db,
      sql`SELECT subscription_id FROM organizations WHERE id = ${org.id}`,
    );
    subscription = row?.subscription_id ? await findSubscription(db, row.subscription_id) : null;
  } else {
    subscription = await ownSubscription(db, session.userId);
  }
  if (!subscription) throw new AppError('NO_SUBSCRIPTION', 'There is no subscription here.');
  return subscriptionView(db, subscription, { userId: session.userId, organization: org });
}

export async function userCredits(db: Db, userId: string) {
  const [row] = await query<{ credits: number }>(db, sql`SELECT credits FROM users WHERE id = ${userId}`);
  return { userId, credits: row?.credits ?? 0 };
}

/** The cloud credit of an organization, for any of its members (the guard checked membership). */
export async function organizationCredits(db: Db, organizationId: string) {
  const [row] = await query<{ cloud_credit: number }>(
    db,
    sql`SELECT cloud_credit FROM organizations WHERE id = ${organizationId}`,
  );
  return { organizationId, credits: row?.cloud_credit ?? 0 };
}

/** The plan an organization runs on, for any of its members: the shell reads it on every switch. */
export async function organizationPlan(db: Db, organizationId: string) {
  const [row] = await query<{ subscription_id: string | null }>(
    db,
    sql`SELECT subscription_id FROM organizations WHERE id = ${organizationId}`,
  );
  const subscription = row?.subscription_id ? await findSubscription(db, row.subscription_id) : null;
  return {
    organizationId,
    subscriptionId: subscription?.id ?? null,
    planName: subscription?.plan_name ?? null,
    status: subscription?.status ?? null,
    isTrial: subscription?.is_trial ?? false,
    locked: subscription?.status === LOCKED,
    ownerIsSimple: basePlan(subscription?.plan_name) === 'simple' && subscription !== null,
    plan: subscription ? planOffer(subscription.plan_name) : null,
  };
}

async function unusedCredit(executor: Executor, subscription: SubscriptionRow, now: Date): Promise<number> {
  if (subscription.is_trial || subscription.status !== ACTIVE || !subscription.end_date) return 0;
  const [unpaid] = await query<{ n: number }>(
    executor,
    sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${subscription.id}
          AND purpose IN ('subscription', 'plan_change') AND status <> 3 AND status <> 4
          AND period_start = ${subscription.start_date.toISOString()}`,
  );
  if ((unpaid?.n ?? 0) > 0) return 0;
  const price = planPriceCents(subscription.plan_name, subscription.billing_interval) ?? 0;
  const totalDays = Math.round(
    (subscription.end_date.getTime() - subscription.start_date.getTime()) / DAY_MS,
  );
  const leftDays = Math.floor((subscription.end_date.getTime() - now.getTime()) / DAY_MS);
  if (totalDays <= 0 || leftDays <= 0) return 0;
  return divideRounded(price * Math.min(leftDays, totalDays), totalDays);
}

async function organizationsAllowed(
  executor: Executor,
  subscription: SubscriptionRow,
  planName: string,
  now: Date,
) {
  const included = organizationsIncluded(planName);
  if (included === null) return true;
  const [row] = await query<{ orgs: number; extra: number }>(
    executor,
    sql`SELECT (SELECT count(*)::int FROM organizations WHERE subscription_id = ${subscription.id}) AS orgs,
               (SELECT coalesce(sum(quantity), 0)::int FROM addon_purchases
                WHERE subscription_id = ${subscription.id} AND key = 'extra_organization'
                  AND counts_until > ${now.toISOString()}) AS extra`,
  );
  return (row?.orgs ?? 0) <= included + (row?.extra ?? 0);
}

async function planOptions(executor: Executor, subscription: SubscriptionRow, now: Date) {
  const credit = await unusedCredit(executor, subscription, now);
  const usable = subscription.status !== LOCKED && !isTerminalStatus(subscription.status);
  const options = [];
  for (const planName of plansOpenTo(subscription.plan_name)) {
    for (const billingInterval of [1, 2] as const) {
      const offer = planOffer(planName);
      const price = (billingInterval === 2 ? offer.prices.yearly : offer.prices.monthly) ?? 0;
      const list =
        (billingInterval === 2 ? offer.priceWithoutDiscount.yearly : offer.priceWithoutDiscount.monthly) ?? 0;
      const samePlan = planName === subscription.plan_name.toLowerCase();
      const kind: 'same' | 'interval' | 'upgrade' | 'downgrade' =
        samePlan && billingInterval === subscription.billing_interval
          ? 'same'
          : samePlan
            ? 'interval'
            : planRank(planName) > planRank(subscription.plan_name)
              ? 'upgrade'
              : 'downgrade';
      const fits = await organizationsAllowed(executor, subscription, planName, now);
      options.push({
        planName,
        billingInterval,
        kind,
        priceCents: price,
        priceWithoutDiscountCents: list,
        creditCents: subscription.is_trial ? 0 : Math.min(credit, price),
        amountDueCents: subscription.is_trial ? 0 : Math.max(0, price - credit),
        allowed: usable && kind !== 'same' && fits,
      });
    }
  }
  return options;
}

async function requireOwnSubscription(executor: Executor, userId: string, lock = false) {
  const own = await ownSubscription(executor, userId);
  if (!own) throw new AppError('NO_SUBSCRIPTION', 'You own no subscription.');
  return lock ? (await findSubscription(executor, own.id, { lock: true }))! : own;
}

export async function changePlanIntent(
  db: Db,
  session: Session,
  filter: { planName?: string | undefined; billingInterval?: number | undefined },
  now = new Date(),
) {
  const subscription = await requireOwnSubscription(db, session.userId);
  const options = (await planOptions(db, subscription, now)).filter(
    (o) =>
      (!filter.planName || o.planName === filter.planName) &&
      (!filter.billingInterval || o.billingInterval === filter.billingInterval),
  );
  return {
    subscriptionId: subscription.id,
    currentPlan: subscription.plan_name,
    currentInterval: subscription.billing_interval === 2 ? (2 as const) : (1 as const),
    periodEnd: iso(subscription.end_date),
    currency: 'EUR',
    options,
  };
}

/**
 * Moves the owner to another plan: the old subscription becomes 4 (upgrade), a new one starts now
 * (keeping a running trial), organizations and running add-ons move to it, and what is due after
 * crediting the unused period is asked for. Runs in the caller's (idempotent) transaction.
 */
export async function changePlan(
  tx: Tx,
  deps: Pick<SubscriptionDeps, 'billing' | 'sink'>,
  session: Session,
  choice: { planName: string; billingInterval: 1 | 2 },
  now = new Date(),
) {
  const old = await requireOwnSubscription(tx, session.userId, true);
  const option = (await planOptions(tx, old, now)).find(
    (o) => o.planName === choice.planName && o.billingInterval === choice.billingInterval,
  );
  if (!option?.allowed) {
    throw new AppError('PLAN_NOT_AVAILABLE', 'That plan is not open to this subscription now.');
  }
  await applyEvent(tx, deps.sink, old, 'upgrade');
  const trial = old.is_trial;
  const start = trial ? old.start_date : now;
  const end = trial && old.end_date ? old.end_date : addMonths(now, intervalMonths(choice.billingInterval));
  const status = trial ? old.status : option.amountDueCents > 0 ? CREATED : ACTIVE;
  const [created] = await query<SubscriptionRow>(
    tx,
    sql`INSERT INTO subscriptions (owner_id, plan_name, status, is_trial, customer_type, billing_interval, start_date, end_date)
        VALUES (${old.owner_id}, ${choice.planName}, ${status}, ${trial}, ${old.customer_type}, ${choice.billingInterval},
                ${start.toISOString()}, ${end.toISOString()})
        RETURNING *`,
  );
  const next = normalize(created!);
  await tx.execute(
    sql`UPDATE organizations SET subscription_id = ${next.id} WHERE subscription_id = ${old.id}`,
  );
  await tx.execute(sql`
    UPDATE addon_purchases SET subscription_id = ${next.id}
    WHERE subscription_id = ${old.id} AND counts_until > ${now.toISOString()}`);
  await tx.execute(sql`
    INSERT INTO subscription_changes (from_subscription_id, to_subscription_id, from_plan, to_plan, to_interval, changed_by)
    VALUES (${old.id}, ${next.id}, ${old.plan_name}, ${choice.planName}, ${choice.billingInterval}, ${session.userId})`);
  await scheduleJob(tx, { kind: RENEW_JOB, subjectId: next.id, dueAt: end });
  const payment =
    !trial && option.amountDueCents > 0
      ? await issuePayment(tx, deps.billing, {
          subscriptionId: next.id,
          ownerId: next.owner_id,
          purpose: 'plan_change',
          description: `Plan ${choice.planName} from ${start.toISOString().slice(0, 10)}`,
          amountCents: option.amountDueCents,
          dueDate: now,
          periodStart: start,
          periodEnd: end,
        })
      : null;
  return {
    subscription: await subscriptionView(tx, next, { userId: session.userId, organization: null }),
    payment: payment ? paymentView(deps.billing, payment) : null,
  };
}

export async function cancelSubscription(db: Db, deps: Pick<SubscriptionDeps, 'sink'>, session: Session) {
  return db.transaction(async (tx) => {
    const subscription = await requireOwnSubscription(tx, session.userId, true);
    const canceled = await applyEvent(tx, deps.sink, subscription, 'cancel');
    return subscriptionView(tx, canceled, { userId: session.userId, organization: null });
  });
}

/**
 * The renewal of one period, run by the job due at the period's end: a canceled subscription
 * completes; otherwise the next period starts, running monthly add-ons renew with it, the plan's
 * monthly credits are granted and the period's invoice is issued.
 */
export async function renewSubscription(
  tx: Tx,
  deps: Pick<SubscriptionDeps, 'billing' | 'sink'>,
  subscriptionId: string,
  dueAt: Date,
): Promise<void> {
  const subscription = await findSubscription(tx, subscriptionId, { lock: true });
  if (!subscription || isTerminalStatus(subscription.status) || !subscription.end_date) return;
  // A job for a period that has since moved (plan change, earlier run) has nothing to do.
  if (subscription.end_date.getTime() !== dueAt.getTime()) return;
  if (subscription.status === SubscriptionStatus.CANCELED) {
    await applyEvent(tx, deps.sink, subscription, 'renew');
    return;
  }
  const months = intervalMonths(subscription.billing_interval);
  const start = subscription.end_date;
  const end = addMonths(start, months);
  const running = await query<{ key: string; quantity: number }>(
    tx,
    sql`UPDATE addon_purchases SET expires_at = ${end.toISOString()}, counts_until = ${end.toISOString()}
        WHERE subscription_id = ${subscription.id} AND is_monthly AND expires_at >= ${start.toISOString()}
        RETURNING key, quantity`,
  );
  const discount = addonDiscountPercent(subscription.plan_name);
  let amount = planPriceCents(subscription.plan_name, subscription.billing_interval) ?? 0;
  for (const addon of running) {
    if (!isAddonKey(addon.key)) continue;
    amount += discounted(ADDONS[addon.key].unitPriceCents, discount) * months * addon.quantity;
  }
  const renewed = await applyEvent(tx, deps.sink, subscription, 'renew');
  await tx.execute(sql`
    UPDATE subscriptions SET start_date = ${start.toISOString()}, end_date = ${end.toISOString()}
    WHERE id = ${subscription.id}`);
  const base = basePlan(renewed.plan_name);
  const credits = base === 'all' ? 0 : PLAN_ALLOWANCES[base].monthlyCredits * months;
  if (credits > 0) {
    await tx.execute(
      sql`UPDATE users SET credits = credits + ${credits} WHERE id = ${subscription.owner_id}`,
    );
  }
  if (amount > 0) {
    await issuePayment(tx, deps.billing, {
      subscriptionId: subscription.id,
      ownerId: subscription.owner_id,
      purpose: 'subscription',
      description: `Plan ${renewed.plan_name} ${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`,
      amountCents: amount,
      dueDate: start,
      periodStart: start,
      periodEnd: end,
    });
  }
  await scheduleJob(tx, { kind: RENEW_JOB, subjectId: subscription.id, dueAt: end });
}

/** An invoice still unpaid at the end of its grace period locks its subscription. */
export async function lockIfOverdue(
  tx: Tx,
  deps: Pick<SubscriptionDeps, 'sink'>,
  paymentId: string,
): Promise<void> {
  const payment = await paymentsRepo.findPayment(tx, paymentId, true);
  if (!payment || !isPayableStatus(payment.status)) return;
  const subscription = await findSubscription(tx, payment.subscription_id, { lock: true });
  if (!subscription || isTerminalStatus(subscription.status) || subscription.status === LOCKED) return;
  await applyEvent(tx, deps.sink, subscription, 'overdue');
}

/**
 * Schedules the renewal of every open subscription that has none pending (subscriptions made
 * outside this module, e.g. by the demo seed). Safe to run on every start of every instance.
 */
export async function ensureRenewalJobs(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO scheduled_jobs (kind, subject_id, due_at)
    SELECT ${RENEW_JOB}, s.id, s.end_date FROM subscriptions s
    WHERE s.end_date IS NOT NULL AND s.status IN (0, 1, 2, 5)
      AND NOT EXISTS (SELECT 1 FROM scheduled_jobs j WHERE j.kind = ${RENEW_JOB} AND j.subject_id = s.id
                        AND j.status = 'pending')
    ON CONFLICT (kind, subject_id, due_at) DO NOTHING`);
}

import {
  type AddonCost,
  type AddonDefinition,
  addonDefinition,
  addonDiscountPercent,
  canBuyAddon,
  discounted,
  divideRounded,
  hasFlag,
  intervalMonths,
  isCreditResource,
  isTerminalStatus,
  PermissionFlag,
  PRICE_FIELDS,
  type PurchaseItem,
  type PurchaseReceipt,
  portfolioAddons,
  RESOURCE_CREDIT_COSTS,
  SubscriptionStatus,
  times,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, type Session } from '../../platform/guard.ts';
import { addMonths, DAY_MS, type Executor, iso, query, type Tx } from '../../platform/tx.ts';
import { type BillingConfig, issuePayment, paymentView } from '../payments/payments.service.ts';
import {
  findSubscription,
  membership,
  ownSubscription,
  type SubscriptionRow,
} from '../subscriptions/subscription-access.ts';
import * as repo from './addons.repository.ts';

/** An add-on to buy, checked: who holds it and which subscription pays. */
interface ResolvedItem {
  definition: AddonDefinition;
  quantity: number;
  organizationId: string | null;
  userId: string | null;
  subscriptionId: string;
}

/** Prices for one unit bought now, by the server alone. */
export function unitPrices(definition: AddonDefinition, subscription: SubscriptionRow, now: Date) {
  const months = intervalMonths(subscription.billing_interval);
  const end = subscription.end_date && subscription.end_date > now ? subscription.end_date : null;
  let list = definition.unitPriceCents;
  if (definition.isMonthly) {
    if (end) {
      // A monthly add-on runs to the end of the billing period: charge the part of it that is left.
      const periodDays = Math.max(
        1,
        Math.round((end.getTime() - subscription.start_date.getTime()) / DAY_MS),
      );
      const leftDays = Math.min(periodDays, Math.max(1, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)));
      list = divideRounded(definition.unitPriceCents * months * leftDays, periodDays);
    } else {
      list = definition.unitPriceCents * months;
    }
  }
  const expiresAt = definition.isMonthly ? (end ?? addMonths(now, months)) : null;
  return {
    unit: discounted(list, addonDiscountPercent(subscription.plan_name)),
    unitWithoutDiscount: list,
    expiresAt,
    // One-offs count toward the maximum until the period ends, so the cap is per period.
    countsUntil: expiresAt ?? end ?? addMonths(now, 1),
  };
}

function requireDefinition(key: string, scope?: 'user' | 'organization'): AddonDefinition {
  const definition = addonDefinition(key);
  if (!definition || (scope && definition.scope !== scope)) {
    throw new AppError('UNKNOWN_ADDON', `There is no ${scope ?? ''} add-on "${key}".`.replace('  ', ' '));
  }
  return definition;
}

function requireOpen(subscription: SubscriptionRow | null): SubscriptionRow {
  if (!subscription || isTerminalStatus(subscription.status)) {
    throw new AppError('NO_SUBSCRIPTION', 'There is no running subscription to pay for this.');
  }
  return subscription;
}

async function costFor(
  executor: Executor,
  definition: AddonDefinition,
  subscription: SubscriptionRow,
  target: { organizationId: string | null; userId: string | null },
  now: Date,
): Promise<AddonCost> {
  if (!canBuyAddon(subscription.plan_name, definition.key)) {
    throw new AppError(
      'ADDON_NOT_IN_PLAN',
      `The ${subscription.plan_name} plan cannot buy ${definition.key}.`,
    );
  }
  const prices = unitPrices(definition, subscription, now);
  const held = await repo.heldQuantity(executor, definition.key, target, now);
  return {
    key: definition.key,
    price: prices.unit,
    priceWithoutDiscount: prices.unitWithoutDiscount,
    currency: 'EUR',
    expirationDate: iso(prices.expiresAt),
    isMonthly: definition.isMonthly,
    reachedMaximum: definition.maximum !== null && held + 1 > definition.maximum,
    maximum: definition.maximum,
    held,
  };
}

/** The cost of a user add-on for the user themself (the guard's `self` rule). */
export async function userAddonCost(db: Db, userId: string, key: string, now = new Date()) {
  const definition = requireDefinition(key, 'user');
  const subscription = requireOpen(await ownSubscription(db, userId));
  return costFor(db, definition, subscription, { organizationId: null, userId }, now);
}

export async function organizationAddonCost(db: Db, organizationId: string, key: string, now = new Date()) {
  const definition = requireDefinition(key, 'organization');
  const [org] = await query<{ subscription_id: string | null }>(
    db,
    sql`SELECT subscription_id FROM organizations WHERE id = ${organizationId}`,
  );
  const subscription = requireOpen(
    org?.subscription_id ? await findSubscription(db, org.subscription_id) : null,
  );
  return costFor(db, definition, subscription, { organizationId, userId: null }, now);
}

export function resourceCost(key: string) {
  if (!isCreditResource(key)) throw new AppError('UNKNOWN_ADDON', `No resource "${key}" costs credits.`);
  return { key, ...RESOURCE_CREDIT_COSTS[key] };
}

/**
 * Spends the credits a resource costs — the organization's cloudCredit or the user's ucreds —
 * atomically; NOT_ENOUGH_CREDITS (the no-credits modal) when the balance is short.
 */
export async function consumeCredits(
  executor: Executor,
  input: { resource: string; organizationId?: string; userId?: string; uses?: number },
): Promise<{ credits: number; remaining: number }> {
  const cost = resourceCost(input.resource);
  const credits = cost.credits * (input.uses ?? 1);
  const [row] =
    cost.payer === 'organization'
      ? await query<{ remaining: number }>(
          executor,
          sql`UPDATE organizations SET cloud_credit = cloud_credit - ${credits}
              WHERE id = ${input.organizationId ?? null} AND cloud_credit >= ${credits} RETURNING cloud_credit AS remaining`,
        )
      : await query<{ remaining: number }>(
          executor,
          sql`UPDATE users SET credits = credits - ${credits}
              WHERE id = ${input.userId ?? null} AND credits >= ${credits} RETURNING credits AS remaining`,
        );
  if (!row) throw new AppError('NOT_ENOUGH_CREDITS', `${input.resource} needs ${credits} credits.`);
  return { credits, remaining: row.remaining };
}

/** The server prices purchases: a request that carries a price is refused, not trusted. */
function refuseClientPrices(item: PurchaseItem): void {
  const sent = PRICE_FIELDS.filter((field) => item[field] !== undefined);
  if (sent.length > 0) {
    throw new AppError(
      'CLIENT_PRICE_REFUSED',
      `Prices are computed by the server; remove ${sent.join(', ')} from the request.`,
      sent.map((field) => ({
        path: `body.${field}`,
        messageKey: 'VALIDATION.UNKNOWN_FIELD',
        message: 'not accepted',
      })),
    );
  }
}

async function resolveItem(
  tx: Tx,
  session: Session,
  item: PurchaseItem,
  organizationHeader: string | undefined,
): Promise<ResolvedItem> {
  refuseClientPrices(item);
  const definition = requireDefinition(item.key);
  if (definition.scope === 'organization') {
    const organizationId = item.organizationId ?? organizationHeader;
    if (!organizationId)
      throw new AppError('ORGANIZATION_REQUIRED', 'Name the organization (organizationId).');
    const member = isUuid(organizationId) ? await membership(tx, session.userId, organizationId) : null;
    const granted = member?.permissions['billing.subscriptions'];
    if (!member || granted === undefined || !hasFlag(granted, PermissionFlag.CREATE)) {
      throw new AppError('FORBIDDEN', 'You may not buy add-ons for this organization.');
    }
    if (!member.subscription_id)
      throw new AppError('NO_SUBSCRIPTION', 'The organization has no subscription.');
    return {
      definition,
      quantity: item.quantity,
      organizationId,
      userId: null,
      subscriptionId: member.subscription_id,
    };
  }
  if (item.userId && item.userId !== session.userId) {
    throw new AppError('FORBIDDEN', 'You may only buy user add-ons for yourself.');
  }
  const own = requireOpen(await ownSubscription(tx, session.userId));
  return {
    definition,
    quantity: item.quantity,
    organizationId: null,
    userId: session.userId,
    subscriptionId: own.id,
  };
}

/**
 * Buys resolved add-ons in the caller's transaction: each paying subscription is locked (so
 * concurrent purchases cannot pass a maximum together), every price is computed here, credits are
 * granted at once, and one payment per subscription is issued for what is owed.
 */
async function buy(
  tx: Tx,
  billing: BillingConfig,
  session: Session,
  items: ResolvedItem[],
  options: { trialOnly: boolean; now: Date },
): Promise<PurchaseReceipt> {
  const { now } = options;
  const subscriptions = new Map<string, SubscriptionRow>();
  for (const id of [...new Set(items.map((i) => i.subscriptionId))].sort()) {
    const subscription = requireOpen(await findSubscription(tx, id, { lock: true }));
    if (subscription.status === SubscriptionStatus.LOCKED) {
      throw new AppError('ORGANIZATION_LOCKED', 'The subscription is locked until it is paid.');
    }
    if (options.trialOnly && !subscription.is_trial) {
      throw new AppError('NOT_ON_TRIAL', 'Direct purchase is only for subscriptions on trial.');
    }
    subscriptions.set(id, subscription);
  }
  const pending = new Map<string, number>();
  const receiptItems: PurchaseReceipt['items'] = [];
  const owed = new Map<string, { amount: number; purchaseIds: string[]; keys: string[] }>();
  let userCredits: number | null = null;
  let organizationCredits: number | null = null;
  for (const item of items) {
    const subscription = subscriptions.get(item.subscriptionId)!;
    const { definition, quantity } = item;
    if (!canBuyAddon(subscription.plan_name, definition.key)) {
      throw new AppError(
        'ADDON_NOT_IN_PLAN',
        `The ${subscription.plan_name} plan cannot buy ${definition.key}.`,
      );
    }
    const target = { organizationId: item.organizationId, userId: item.userId };
    const slot = `${definition.key}|${item.organizationId ?? ''}|${item.userId ?? ''}`;
    const held = (await repo.heldQuantity(tx, definition.key, target, now)) + (pending.get(slot) ?? 0);
    if (definition.maximum !== null && held + quantity > definition.maximum) {
      throw new AppError(
        'ADDON_MAXIMUM_REACHED',
        `At most ${definition.maximum} of ${definition.key}; ${held} held. Contact your account manager.`,
      );
    }
    pending.set(slot, (pending.get(slot) ?? 0) + quantity);
    const prices = unitPrices(definition, subscription, now);
    const price = times(prices.unit, quantity);
    const priceWithoutDiscount = times(prices.unitWithoutDiscount, quantity);
    const purchase = await repo.insertPurchase(tx, {
      subscriptionId: subscription.id,
      key: definition.key,
      scope: definition.scope,
      userId: item.userId,
      organizationId: item.organizationId,
      quantity,
      unitPriceCents: prices.unit,
      unitPriceWithoutDiscountCents: prices.unitWithoutDiscount,
      priceCents: price,
      priceWithoutDiscountCents: priceWithoutDiscount,
      isMonthly: definition.isMonthly,
      expiresAt: prices.expiresAt,
      countsUntil: prices.countsUntil,
      purchasedBy: session.userId,
      onTrial: subscription.is_trial,
    });
    if (definition.creditsPerUnit > 0) {
      const credits = definition.creditsPerUnit * quantity;
      if (item.organizationId)
        organizationCredits = await repo.addOrganizationCredits(tx, item.organizationId, credits);
      else userCredits = await repo.addUserCredits(tx, item.userId!, credits);
    }
    const bill = owed.get(subscription.id) ?? { amount: 0, purchaseIds: [], keys: [] };
    bill.amount += price;
    bill.purchaseIds.push(purchase.id);
    bill.keys.push(`${quantity} × ${definition.key}`);
    owed.set(subscription.id, bill);
    receiptItems.push({
      purchaseId: purchase.id,
      key: definition.key,
      quantity,
      organizationId: item.organizationId,
      userId: item.userId,
      unitPrice: prices.unit,
      unitPriceWithoutDiscount: prices.unitWithoutDiscount,
      price,
      priceWithoutDiscount,
      isMonthly: definition.isMonthly,
      expirationDate: iso(prices.expiresAt),
    });
  }
  const payments = [];
  for (const [subscriptionId, bill] of owed) {
    if (bill.amount <= 0) continue;
    const subscription = subscriptions.get(subscriptionId)!;
    const payment = await issuePayment(tx, billing, {
      subscriptionId,
      ownerId: subscription.owner_id,
      purpose: 'addon',
      description: `Add-ons: ${bill.keys.join(', ')}`,
      amountCents: bill.amount,
      dueDate: now,
    });
    await repo.linkPayment(tx, bill.purchaseIds, payment.id);
    payments.push(paymentView(billing, payment));
  }
  return {
    items: receiptItems,
    currency: 'EUR',
    totalCents: receiptItems.reduce((sum, i) => sum + i.price, 0),
    totalWithoutDiscountCents: receiptItems.reduce((sum, i) => sum + i.priceWithoutDiscount, 0),
    payments,
    userCredits,
    organizationCredits,
  };
}

export async function buyAddons(
  tx: Tx,
  billing: BillingConfig,
  session: Session,
  items: PurchaseItem[],
  options: { organizationHeader?: string | undefined; trialOnly?: boolean; now?: Date } = {},
): Promise<PurchaseReceipt> {
  const resolved = [];
  for (const item of items) resolved.push(await resolveItem(tx, session, item, options.organizationHeader));
  return buy(tx, billing, session, resolved, {
    trialOnly: options.trialOnly ?? false,
    now: options.now ?? new Date(),
  });
}

export async function paymentList(db: Db, userId: string) {
  const rows = await repo.purchasesFor(db, userId);
  return rows.map((r) => ({
    purchaseId: r.id,
    key: r.key,
    quantity: r.quantity,
    organizationId: r.organization_id,
    userId: r.user_id,
    unitPrice: Number(r.unit_price_cents),
    unitPriceWithoutDiscount: Number(r.unit_price_without_discount_cents),
    price: Number(r.price_cents),
    priceWithoutDiscount: Number(r.price_without_discount_cents),
    isMonthly: r.is_monthly,
    expirationDate: iso(r.expires_at),
    purchasedAt: iso(r.created_at)!,
    paymentId: r.payment_id,
    paymentStatus: r.payment_status,
  }));
}

/** Portfolio add-ons for a country, at the firm's prices, and which clients there hold which. */
export async function portfolioAddonOffer(db: Db, firmId: string, country: string, now = new Date()) {
  const [firm] = await query<{ subscription_id: string | null }>(
    db,
    sql`SELECT subscription_id FROM organizations WHERE id = ${firmId}`,
  );
  const subscription = firm?.subscription_id ? await findSubscription(db, firm.subscription_id) : null;
  const discount = addonDiscountPercent(subscription?.plan_name);
  const offered = portfolioAddons(country);
  const keys = new Set(offered.map((d) => d.key));
  const clients = await repo.portfolioClients(db, firmId, country, now);
  return {
    country,
    addons: offered.map((d) => ({
      key: d.key,
      price: discounted(d.unitPriceCents, discount),
      priceWithoutDiscount: d.unitPriceCents,
      currency: 'EUR',
      isMonthly: d.isMonthly,
    })),
    clients: clients.map((c) => ({
      organizationId: c.id,
      name: c.name,
      country: c.country,
      addons: (c.keys ?? []).filter((k) => keys.has(k)),
    })),
  };
}

/** Buys portfolio add-ons for the firm's clients in a country; the firm's subscription pays. */
export async function buyPortfolioAddons(
  tx: Tx,
  billing: BillingConfig,
  session: Session,
  firmId: string,
  country: string,
  clients: { organizationId: string; addons: string[] }[],
  now = new Date(),
): Promise<PurchaseReceipt> {
  const [firm] = await query<{ subscription_id: string | null }>(
    tx,
    sql`SELECT subscription_id FROM organizations WHERE id = ${firmId}`,
  );
  if (!firm?.subscription_id) throw new AppError('NO_SUBSCRIPTION', 'The portfolio has no subscription.');
  const offered = new Map(portfolioAddons(country).map((d) => [d.key, d]));
  const items: ResolvedItem[] = [];
  for (const client of clients) {
    const found = await repo.isPortfolioClient(tx, firmId, client.organizationId);
    if (!found) throw new AppError('FORBIDDEN', 'That organization is not a client of this portfolio.');
    if (found.country.toUpperCase() !== country.toUpperCase()) {
      throw new AppError('VALIDATION_FAILED', `The client is not in ${country.toUpperCase()}.`);
    }
    for (const key of new Set(client.addons)) {
      const definition = offered.get(key);
      if (!definition)
        throw new AppError('UNKNOWN_ADDON', `No portfolio add-on "${key}" in ${country.toUpperCase()}.`);
      items.push({
        definition,
        quantity: 1,
        organizationId: client.organizationId,
        userId: null,
        subscriptionId: firm.subscription_id,
      });
    }
  }
  return buy(tx, billing, session, items, { trialOnly: false, now });
}

import { type AddonKey, planAddons } from '../addons/catalogue.ts';
import { BillingInterval } from '../code-tables.ts';
import { discounted } from '../money.ts';
import type { ResourceGroup } from '../permissions.ts';
import {
  basePlan,
  FOUNDER_DISCOUNT_PERCENT,
  isFounderPlan,
  type KnownPlan,
  normalizePlan,
  organizationsIncluded,
  PLAN_ALLOWANCES,
  PLAN_PRICES_CENTS,
  planModules,
} from '../plans.ts';

export type BillingIntervalCode = (typeof BillingInterval)[keyof typeof BillingInterval];

/** Months in one billing period. */
export function intervalMonths(interval: number): number {
  return interval === BillingInterval.YEARLY ? 12 : 1;
}

/** One plan as sold: what it costs per interval and what it includes. Null limits: per contract. */
export interface PlanOffer {
  plan: KnownPlan;
  founder: boolean;
  custom: boolean;
  currency: 'EUR';
  /** Integer euro cents per period; null for custom and special plans (negotiated). */
  prices: { monthly: number | null; yearly: number | null };
  priceWithoutDiscount: { monthly: number | null; yearly: number | null };
  includes: {
    organizations: number | null;
    users: number | null;
    bankConnections: number | null;
    monthlyCredits: number | null;
    modules: ResourceGroup[];
  };
  addons: AddonKey[];
}

export function planOffer(name: string | null | undefined): PlanOffer {
  const plan = normalizePlan(name);
  const base = basePlan(plan);
  const founder = isFounderPlan(plan);
  const discount = founder ? FOUNDER_DISCOUNT_PERCENT : 0;
  const list = base === 'all' ? null : PLAN_PRICES_CENTS[base];
  const allowance = base === 'all' ? null : PLAN_ALLOWANCES[base];
  return {
    plan,
    founder,
    custom: base === 'all',
    currency: 'EUR',
    prices: {
      monthly: list ? discounted(list.monthly, discount) : null,
      yearly: list ? discounted(list.yearly, discount) : null,
    },
    priceWithoutDiscount: { monthly: list?.monthly ?? null, yearly: list?.yearly ?? null },
    includes: {
      organizations: organizationsIncluded(plan),
      users: allowance?.users ?? null,
      bankConnections: allowance?.bankConnections ?? null,
      monthlyCredits: allowance?.monthlyCredits ?? null,
      modules: planModules(plan),
    },
    addons: planAddons(plan),
  };
}

/** A plan's price for one period of the interval, integer cents; null for negotiated plans. */
export function planPriceCents(name: string | null | undefined, interval: number): number | null {
  const offer = planOffer(name);
  return interval === BillingInterval.YEARLY ? offer.prices.yearly : offer.prices.monthly;
}

/** Plans a customer may move to: the founder variants only when already a founder. */
export function plansOpenTo(currentPlan: string | null | undefined): KnownPlan[] {
  const founder = isFounderPlan(currentPlan);
  const bases: KnownPlan[] = ['simple', 'essential', 'plus', 'expand', 'premium'];
  return founder ? ['simple', ...bases.slice(1).map((p) => `${p}_founder` as KnownPlan)] : bases;
}

/** The rank of a plan, to tell an upgrade from a downgrade; custom and special rank highest. */
export function planRank(name: string | null | undefined): number {
  const base = basePlan(name);
  return base === 'all' ? 5 : ['simple', 'essential', 'plus', 'expand', 'premium'].indexOf(base);
}

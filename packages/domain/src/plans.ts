import type { ResourceGroup } from './permissions.ts';

export const BASE_PLANS = ['simple', 'essential', 'plus', 'expand', 'premium'] as const;
export type BasePlan = (typeof BASE_PLANS)[number];
export const KNOWN_PLANS = [
  ...BASE_PLANS,
  'essential_founder',
  'plus_founder',
  'expand_founder',
  'premium_founder',
  'custom',
  'special',
] as const;
export type KnownPlan = (typeof KNOWN_PLANS)[number];

/** Normalises a plan name; any name that is not a known plan is shown as a custom plan. */
export function normalizePlan(name: string | null | undefined): KnownPlan {
  const lower = (name ?? '').trim().toLowerCase();
  return (KNOWN_PLANS as readonly string[]).includes(lower) ? (lower as KnownPlan) : 'custom';
}

export function isFounderPlan(name: string | null | undefined): boolean {
  return (name ?? '').toLowerCase().includes('founder');
}
export function isPremiumPlan(name: string | null | undefined): boolean {
  const plan = normalizePlan(name);
  return plan === 'premium' || plan === 'premium_founder';
}
export function isSimplePlan(name: string | null | undefined): boolean {
  return normalizePlan(name) === 'simple';
}

/** The base tier of a plan: founders share their plan's modules; custom and special get everything. */
export function basePlan(name: string | null | undefined): BasePlan | 'all' {
  const plan = normalizePlan(name);
  if (plan === 'custom' || plan === 'special') return 'all';
  return plan.replace('_founder', '') as BasePlan;
}

const ALWAYS: ResourceGroup[] = ['organization', 'settings', 'dashboards', 'chat'];
const PLAN_MODULES: Record<BasePlan, ResourceGroup[]> = {
  simple: [...ALWAYS, 'treasury', 'financial', 'billing'],
  essential: [...ALWAYS, 'treasury', 'financial', 'billing', 'integrations'],
  plus: [...ALWAYS, 'treasury', 'financial', 'billing', 'integrations', 'accounting'],
  expand: [...ALWAYS, 'treasury', 'financial', 'billing', 'integrations', 'accounting', 'reports'],
  premium: [
    ...ALWAYS,
    'treasury',
    'financial',
    'billing',
    'integrations',
    'accounting',
    'reports',
    'portfolio',
  ],
};

/** Whether a plan includes a module (resource group). */
export function planIncludes(name: string | null | undefined, group: ResourceGroup): boolean {
  const base = basePlan(name);
  return base === 'all' || PLAN_MODULES[base].includes(group);
}

/** Organizations a subscription may hold, per base plan; founders share their plan's number. */
export const ORGANIZATIONS_INCLUDED: Record<BasePlan, number> = {
  simple: 1,
  essential: 1,
  plus: 3,
  expand: 10,
  premium: 50,
};

/** How many organizations a plan includes; null means unlimited (custom and special plans). */
export function organizationsIncluded(name: string | null | undefined): number | null {
  const base = basePlan(name);
  return base === 'all' ? null : ORGANIZATIONS_INCLUDED[base];
}

/** Custom and special plans are negotiated: no list price, limits set per contract. */
export function isCustomPlan(name: string | null | undefined): boolean {
  return basePlan(name) === 'all';
}

/** The modules (resource groups) a plan includes; custom and special plans include every one. */
export function planModules(name: string | null | undefined): ResourceGroup[] {
  const base = basePlan(name);
  if (base === 'all') return [...new Set(Object.values(PLAN_MODULES).flat())];
  return [...PLAN_MODULES[base]];
}

/** List price per billing interval, integer euro cents. A year costs ten months. */
export const PLAN_PRICES_CENTS: Record<BasePlan, { monthly: number; yearly: number }> = {
  simple: { monthly: 900, yearly: 9_000 },
  essential: { monthly: 1_900, yearly: 19_000 },
  plus: { monthly: 3_900, yearly: 39_000 },
  expand: { monthly: 7_900, yearly: 79_000 },
  premium: { monthly: 14_900, yearly: 149_000 },
};

/** Founder plans keep this discount on the plan and on its add-ons for life. */
export const FOUNDER_DISCOUNT_PERCENT = 20;

/** What a base plan includes besides organizations; founders share their plan's numbers. */
export const PLAN_ALLOWANCES: Record<
  BasePlan,
  { users: number; bankConnections: number; monthlyCredits: number }
> = {
  simple: { users: 1, bankConnections: 2, monthlyCredits: 0 },
  essential: { users: 2, bankConnections: 5, monthlyCredits: 50 },
  plus: { users: 5, bankConnections: 15, monthlyCredits: 150 },
  expand: { users: 15, bankConnections: 40, monthlyCredits: 400 },
  premium: { users: 50, bankConnections: 150, monthlyCredits: 1_000 },
};

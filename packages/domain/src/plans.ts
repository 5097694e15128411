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

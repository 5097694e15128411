import { type BasePlan, basePlan, FOUNDER_DISCOUNT_PERCENT, isFounderPlan } from '../plans.ts';

/**
 * The add-ons Fluxo sells. Prices are integer euro cents; a monthly add-on is charged per month of
 * the subscription's billing period and renews with it, a one-off one (credit packs) once.
 * - scope `user`: bought for a user (user credits `ucreds`, extra organizations he may own);
 * - scope `organization`: bought for an organization (its `cloudCredit`, users, bank connections,
 *   portfolio clients, a client's integrations).
 * `maximum` caps what a user or organization may hold at once (reachedMaximum); null: no cap.
 */
export interface AddonDefinition {
  key: string;
  scope: 'user' | 'organization';
  unitPriceCents: number;
  isMonthly: boolean;
  maximum: number | null;
  /** Credits granted per unit (credit packs). */
  creditsPerUnit: number;
  /** Only sold to a portfolio (accountant) for its clients in this country. */
  portfolioCountry?: 'PT' | 'AO';
}

const addon = (
  d: Omit<AddonDefinition, 'creditsPerUnit'> & { creditsPerUnit?: number },
): AddonDefinition => ({
  creditsPerUnit: 0,
  ...d,
});

export const ADDONS = {
  extra_user: addon({
    key: 'extra_user',
    scope: 'organization',
    unitPriceCents: 500,
    isMonthly: true,
    maximum: 20,
  }),
  bank_connection: addon({
    key: 'bank_connection',
    scope: 'organization',
    unitPriceCents: 300,
    isMonthly: true,
    maximum: 50,
  }),
  extra_organization: addon({
    key: 'extra_organization',
    scope: 'user',
    unitPriceCents: 900,
    isMonthly: true,
    maximum: 20,
  }),
  user_credits: addon({
    key: 'user_credits',
    scope: 'user',
    unitPriceCents: 1_000,
    isMonthly: false,
    maximum: 10,
    creditsPerUnit: 100,
  }),
  organization_credits: addon({
    key: 'organization_credits',
    scope: 'organization',
    unitPriceCents: 1_000,
    isMonthly: false,
    maximum: 10,
    creditsPerUnit: 100,
  }),
  portfolio_client: addon({
    key: 'portfolio_client',
    scope: 'organization',
    unitPriceCents: 400,
    isMonthly: true,
    maximum: 500,
  }),
  pt_efatura: addon({
    key: 'pt_efatura',
    scope: 'organization',
    unitPriceCents: 300,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'PT',
  }),
  pt_seg_social: addon({
    key: 'pt_seg_social',
    scope: 'organization',
    unitPriceCents: 200,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'PT',
  }),
  pt_bank_portugal: addon({
    key: 'pt_bank_portugal',
    scope: 'organization',
    unitPriceCents: 200,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'PT',
  }),
  pt_fiscal_situation: addon({
    key: 'pt_fiscal_situation',
    scope: 'organization',
    unitPriceCents: 200,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'PT',
  }),
  ao_portal_contribuinte: addon({
    key: 'ao_portal_contribuinte',
    scope: 'organization',
    unitPriceCents: 300,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'AO',
  }),
  ao_seg_social: addon({
    key: 'ao_seg_social',
    scope: 'organization',
    unitPriceCents: 200,
    isMonthly: true,
    maximum: 1,
    portfolioCountry: 'AO',
  }),
} as const satisfies Record<string, AddonDefinition>;

export type AddonKey = keyof typeof ADDONS;
export const ADDON_KEYS = Object.keys(ADDONS) as AddonKey[];

export function isAddonKey(key: string): key is AddonKey {
  return Object.hasOwn(ADDONS, key);
}

export function addonDefinition(key: string): AddonDefinition | null {
  return isAddonKey(key) ? ADDONS[key] : null;
}

const CREDITS: AddonKey[] = ['user_credits', 'organization_credits'];
const PORTFOLIO: AddonKey[] = ADDON_KEYS.filter((k) => ADDONS[k].portfolioCountry !== undefined);

/** Which add-ons each base plan may buy; founders share their plan's list. */
export const PLAN_ADDONS: Record<BasePlan, AddonKey[]> = {
  simple: [...CREDITS],
  essential: [...CREDITS, 'extra_user', 'bank_connection'],
  plus: [...CREDITS, 'extra_user', 'bank_connection', 'extra_organization'],
  expand: [...CREDITS, 'extra_user', 'bank_connection', 'extra_organization'],
  premium: [
    ...CREDITS,
    'extra_user',
    'bank_connection',
    'extra_organization',
    'portfolio_client',
    ...PORTFOLIO,
  ],
};

/** The add-ons a plan may buy; custom and special plans may buy every one. */
export function planAddons(planName: string | null | undefined): AddonKey[] {
  const base = basePlan(planName);
  return base === 'all' ? [...ADDON_KEYS] : [...PLAN_ADDONS[base]];
}

export function canBuyAddon(planName: string | null | undefined, key: string): boolean {
  return isAddonKey(key) && planAddons(planName).includes(key);
}

/** The discount a plan gets on add-ons, in percent. */
export function addonDiscountPercent(planName: string | null | undefined): number {
  return isFounderPlan(planName) ? FOUNDER_DISCOUNT_PERCENT : 0;
}

/** Portfolio add-ons sold for clients in a country (lower or upper case). */
export function portfolioAddons(country: string): AddonDefinition[] {
  const code = country.toUpperCase();
  return ADDON_KEYS.map((k) => ADDONS[k] as AddonDefinition).filter((d) => d.portfolioCountry === code);
}

/**
 * Resources that cost credits when used, and whose credits pay: the organization's `cloudCredit`
 * or the user's `ucreds`.
 */
export const RESOURCE_CREDIT_COSTS = {
  bank_connection_refresh: { credits: 1, payer: 'organization' },
  document_ocr: { credits: 2, payer: 'organization' },
  efatura_sync: { credits: 1, payer: 'organization' },
  saft_import: { credits: 5, payer: 'organization' },
  business_evaluation_report: { credits: 10, payer: 'organization' },
  company_lookup: { credits: 1, payer: 'user' },
} as const satisfies Record<string, { credits: number; payer: 'user' | 'organization' }>;
export type CreditResource = keyof typeof RESOURCE_CREDIT_COSTS;

export function isCreditResource(key: string): key is CreditResource {
  return Object.hasOwn(RESOURCE_CREDIT_COSTS, key);
}

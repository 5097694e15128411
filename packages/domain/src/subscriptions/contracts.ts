import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZPayment } from '../payments/contracts.ts';
import { KNOWN_PLANS } from '../plans.ts';

export const ZBillingInterval = z.union([z.literal(1), z.literal(2)]);

const ZNullableCents = z.number().int().nullable();
export const ZPlanOffer = z.object({
  plan: z.string(),
  founder: z.boolean(),
  custom: z.boolean(),
  currency: z.string(),
  prices: z.object({ monthly: ZNullableCents, yearly: ZNullableCents }),
  priceWithoutDiscount: z.object({ monthly: ZNullableCents, yearly: ZNullableCents }),
  includes: z.object({
    organizations: z.number().int().nullable(),
    users: z.number().int().nullable(),
    bankConnections: z.number().int().nullable(),
    monthlyCredits: z.number().int().nullable(),
    modules: z.array(z.string()),
  }),
  addons: z.array(z.string()),
});

/** The active subscription (spec §3), with what the plan page shows. */
export const ZActiveSubscription = z.object({
  id: z.uuid(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.number().int().min(0).max(5),
  statusText: z.string(),
  planName: z.string(),
  hasPartner: z.boolean(),
  isCustom: z.boolean(),
  isOwner: z.boolean(),
  isTrial: z.boolean(),
  billingInterval: ZBillingInterval,
  numberMonths: z.number().int(),
  /** The next renewal (end of the current period); null once canceled or ended. */
  nextRenewal: z.string().nullable(),
  userCredits: z.array(z.object({ userId: z.uuid(), name: z.string(), credits: z.number().int() })),
  organizationCredits: z.array(
    z.object({ organizationId: z.uuid(), name: z.string(), credits: z.number().int() }),
  ),
  plan: ZPlanOffer,
});
export type ActiveSubscription = z.infer<typeof ZActiveSubscription>;

export const subscriptionContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription',
  response: ZActiveSubscription,
});
export const userCreditsContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/usercredits',
  response: z.object({ userId: z.uuid(), credits: z.number().int() }),
});
/** Credits of the organization named by the OrgId header. */
export const organizationCreditsContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/orgcredits',
  response: z.object({ organizationId: z.uuid(), credits: z.number().int() }),
});
export const organizationPlanContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/organization/:id/plan',
  params: z.object({ id: z.uuid() }),
  response: z.object({
    organizationId: z.uuid(),
    subscriptionId: z.uuid().nullable(),
    planName: z.string().nullable(),
    status: z.number().int().nullable(),
    isTrial: z.boolean(),
    locked: z.boolean(),
    ownerIsSimple: z.boolean(),
    plan: ZPlanOffer.nullable(),
  }),
});
export const plansContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/plans',
  response: z.array(ZPlanOffer),
});

export const ZPlanChoice = z.strictObject({
  planName: z.enum(KNOWN_PLANS),
  billingInterval: ZBillingInterval,
});

export const ZChangePlanOption = z.object({
  planName: z.string(),
  billingInterval: ZBillingInterval,
  kind: z.enum(['upgrade', 'downgrade', 'interval', 'same']),
  /** The new plan's price for one period, cents. */
  priceCents: z.number().int(),
  priceWithoutDiscountCents: z.number().int(),
  /** What is left of the current paid period, credited against the new one. */
  creditCents: z.number().int(),
  /** priceCents − creditCents, never below 0; VAT is added on the payment. */
  amountDueCents: z.number().int(),
  allowed: z.boolean(),
});
/** What changing plan would cost now: every plan open to the customer, or the one asked for. */
export const changePlanIntentContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/change-plan-intent',
  query: z.object({
    planName: z.enum(KNOWN_PLANS).optional(),
    billingInterval: z.coerce.number().pipe(ZBillingInterval).optional(),
  }),
  response: z.object({
    subscriptionId: z.uuid(),
    currentPlan: z.string(),
    currentInterval: ZBillingInterval,
    periodEnd: z.string().nullable(),
    currency: z.string(),
    options: z.array(ZChangePlanOption),
  }),
});
/** Changes plan (status 4 on the old subscription, a new one from now); needs an Idempotency-Key. */
export const changePlanContract = defineContract({
  method: 'POST',
  path: '/api/v1/subscription/change-plan',
  body: ZPlanChoice,
  response: z.object({ subscription: ZActiveSubscription, payment: ZPayment.nullable() }),
  status: 201,
});
export const cancelSubscriptionContract = defineContract({
  method: 'POST',
  path: '/api/v1/subscription/cancel',
  response: ZActiveSubscription,
});

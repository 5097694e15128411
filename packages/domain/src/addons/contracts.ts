import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZPayment } from '../payments/contracts.ts';

/**
 * The cost of one unit of an add-on, in integer euro cents. The client multiplies by the
 * quantity for display only: the server prices every purchase itself.
 */
export const ZAddonCost = z.object({
  key: z.string(),
  price: z.number().int(),
  priceWithoutDiscount: z.number().int(),
  currency: z.string().length(3),
  /** Until when a monthly add-on bought now runs (the end of the billing period); null for one-offs. */
  expirationDate: z.string().nullable(),
  isMonthly: z.boolean(),
  /** True when one more unit would pass the maximum: show the contact-the-account-manager modal. */
  reachedMaximum: z.boolean(),
  maximum: z.number().int().nullable(),
  held: z.number().int(),
});
export type AddonCost = z.infer<typeof ZAddonCost>;

const ZAddonKeyQuery = z.object({ key: z.string().trim().min(1).max(60) });

export const userAddonCostContract = defineContract({
  method: 'GET',
  path: '/api/v1/addon/cost/user/:id',
  params: z.object({ id: z.uuid() }),
  query: ZAddonKeyQuery,
  response: ZAddonCost,
});
export const organizationAddonCostContract = defineContract({
  method: 'GET',
  path: '/api/v1/addon/cost/organization/:id',
  params: z.object({ id: z.uuid() }),
  query: ZAddonKeyQuery,
  response: ZAddonCost,
});
/** Credits a resource costs each time it is used, and who pays them. */
export const resourceCostContract = defineContract({
  method: 'GET',
  path: '/api/v1/addon/resource/cost',
  query: ZAddonKeyQuery,
  response: z.object({ key: z.string(), credits: z.number().int(), payer: z.enum(['user', 'organization']) }),
});

/**
 * One add-on to buy. Price fields are listed only to be refused: a request carrying any of them
 * gets 400 CLIENT_PRICE_REFUSED, because the server computes every price.
 */
export const ZPurchaseItem = z.strictObject({
  key: z.string().trim().min(1).max(60),
  quantity: z.number().int().min(1).max(1000),
  organizationId: z.uuid().optional(),
  userId: z.uuid().optional(),
  price: z.unknown().optional(),
  priceWithoutDiscount: z.unknown().optional(),
  expirationDate: z.unknown().optional(),
  expirationDateString: z.unknown().optional(),
  isMonthly: z.unknown().optional(),
});
export type PurchaseItem = z.infer<typeof ZPurchaseItem>;
export const PRICE_FIELDS = [
  'price',
  'priceWithoutDiscount',
  'expirationDate',
  'expirationDateString',
  'isMonthly',
] as const;

export const ZPurchasedAddon = z.object({
  purchaseId: z.uuid(),
  key: z.string(),
  quantity: z.number().int(),
  organizationId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  unitPrice: z.number().int(),
  unitPriceWithoutDiscount: z.number().int(),
  price: z.number().int(),
  priceWithoutDiscount: z.number().int(),
  isMonthly: z.boolean(),
  expirationDate: z.string().nullable(),
});
export const ZPurchaseReceipt = z.object({
  items: z.array(ZPurchasedAddon),
  currency: z.string().length(3),
  totalCents: z.number().int(),
  totalWithoutDiscountCents: z.number().int(),
  /** The payments asked for: one per paying subscription; empty when nothing is owed. */
  payments: z.array(ZPayment),
  /** Credit balances after the purchase, when it granted credits. */
  userCredits: z.number().int().nullable(),
  organizationCredits: z.number().int().nullable(),
});
export type PurchaseReceipt = z.infer<typeof ZPurchaseReceipt>;

/** Every purchase call needs an `Idempotency-Key` header: a repeat returns the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const buyAddonContract = defineContract({
  method: 'POST',
  path: '/api/v1/addon/ondemand',
  body: ZPurchaseItem,
  response: ZPurchaseReceipt,
  status: 201,
});
export const buyAddonsContract = defineContract({
  method: 'POST',
  path: '/api/v1/addon/ondemand/multiple',
  body: z.strictObject({ items: z.array(ZPurchaseItem).min(1).max(20) }),
  response: ZPurchaseReceipt,
  status: 201,
});
/** On trial the purchase is immediate (no confirmation modal); refused when not on trial. */
export const buyAddonOnTrialContract = defineContract({
  method: 'POST',
  path: '/api/v1/addon/ondemand/trial',
  body: ZPurchaseItem,
  response: ZPurchaseReceipt,
  status: 201,
});
export const addonPaymentListContract = defineContract({
  method: 'GET',
  path: '/api/v1/addon/paymentlist',
  response: z.array(
    ZPurchasedAddon.extend({
      purchasedAt: z.string(),
      paymentId: z.uuid().nullable(),
      paymentStatus: z.number().int().nullable(),
    }),
  ),
});

const ZCountryQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toLowerCase()),
});
export const ZPortfolioAddonOffer = z.object({
  key: z.string(),
  price: z.number().int(),
  priceWithoutDiscount: z.number().int(),
  currency: z.string(),
  isMonthly: z.boolean(),
});
/** Portfolio add-ons sold for clients in a country, and which each client of the portfolio has. */
export const portfolioAddonsContract = defineContract({
  method: 'GET',
  path: '/api/v1/portfolio/addons',
  query: ZCountryQuery,
  response: z.object({
    country: z.string(),
    addons: z.array(ZPortfolioAddonOffer),
    clients: z.array(
      z.object({
        organizationId: z.uuid(),
        name: z.string(),
        country: z.string(),
        addons: z.array(z.string()),
      }),
    ),
  }),
});
export const buyPortfolioAddonsContract = defineContract({
  method: 'POST',
  path: '/api/v1/portfolio/addons',
  query: ZCountryQuery,
  body: z.strictObject({
    clients: z
      .array(
        z.strictObject({
          organizationId: z.uuid(),
          addons: z.array(z.string().min(1).max(60)).min(1).max(20),
        }),
      )
      .min(1)
      .max(200),
  }),
  response: ZPurchaseReceipt,
  status: 201,
});

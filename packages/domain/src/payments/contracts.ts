import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const ZPaymentType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** A payment Fluxo asks for. Amounts are integer euro cents; totalCents = amountCents + vatCents. */
export const ZPayment = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  purpose: z.enum(['subscription', 'addon', 'plan_change']),
  description: z.string(),
  /** Payment type code (1 multibanco, 2 direct debit, 3 transfer, 4 credit card); null until chosen. */
  type: ZPaymentType.nullable(),
  /** Payment status code (0/1 submitted, 2 awaiting validation, 3 paid, 4 cancelled, 5 error). */
  status: z.number().int().min(0).max(5),
  currency: z.string().length(3),
  amountCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  dueDate: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  multibanco: z
    .object({ entity: z.string(), reference: z.string(), amountCents: z.number().int() })
    .nullable(),
  transfer: z
    .object({ beneficiary: z.string(), iban: z.string(), bic: z.string(), reference: z.string() })
    .nullable(),
  directDebit: z
    .object({ mandateReference: z.string(), ibanMasked: z.string(), documentType: z.literal(2) })
    .nullable(),
  /** Card (type 4): the Stripe Checkout page the customer pays on, while it is open. */
  card: z.object({ checkoutUrl: z.url(), expiresAt: z.string() }).nullable(),
});
export type Payment = z.infer<typeof ZPayment>;

/** A path on Fluxo's own origin: starts with one `/`, so it can never point at another host. */
export const ZReturnPath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/);

/** How the customer pays one payment: IBAN and holder only for direct debit (SEPA mandate). */
export const ZPayPaymentRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal(1) }),
  z.strictObject({
    type: z.literal(2),
    iban: z.string().trim().min(15).max(42),
    holderName: z.string().trim().min(2).max(140),
  }),
  z.strictObject({ type: z.literal(3) }),
  z.strictObject({
    type: z.literal(4),
    /** Path of the web app (same origin) Stripe sends the customer back to; `/` when absent. */
    returnPath: ZReturnPath.optional(),
  }),
]);

const ZSubscriptionPaymentParams = z.object({ id: z.uuid(), paymentId: z.uuid() });

export const pendingPaymentsContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/:id/payments/pending',
  params: z.object({ id: z.uuid() }),
  response: z.array(ZPayment),
});
export const payPaymentContract = defineContract({
  method: 'PUT',
  path: '/api/v1/subscription/:id/payments/:paymentId',
  params: ZSubscriptionPaymentParams,
  body: ZPayPaymentRequest,
  response: ZPayment,
});
/** The payment types offered; credit card only when Stripe is configured. */
export const paymentMethodsContract = defineContract({
  method: 'GET',
  path: '/api/v1/subscription/payment-methods',
  response: z.object({
    methods: z.array(
      z.object({ type: ZPaymentType, name: z.enum(['multibanco', 'directDebit', 'transfer', 'creditCard']) }),
    ),
  }),
});
/** Admin: a transfer (or a Multibanco payment reported by the bank) has arrived. */
export const confirmPaymentContract = defineContract({
  method: 'POST',
  path: '/api/v1/admin/payments/:paymentId/confirm',
  params: z.object({ paymentId: z.uuid() }),
  response: ZPayment,
});
/**
 * Stripe's webhook (public; the body is verified with the Stripe-Signature header). A paid Checkout
 * Session marks its payment paid; a repeated event is answered but not processed again.
 */
export const stripeWebhookContract = defineContract({
  method: 'POST',
  path: '/api/v1/payments/stripe/webhook',
  response: z.object({
    received: z.literal(true),
    duplicate: z.boolean(),
    /** What the first delivery did: paid, failed, awaiting, ignored, unknown_payment, … */
    outcome: z.string().optional(),
  }),
});

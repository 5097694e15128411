import { randomBytes, randomUUID } from 'node:crypto';
import type { ZPayPaymentRequest } from '@fluxo/domain';
import {
  basisPointsOf,
  compactIban,
  isPayableStatus,
  isValidIban,
  MULTIBANCO_MAX_CENTS,
  maskIban,
  multibancoReference,
  type Payment,
  PaymentStatus,
  PaymentType,
} from '@fluxo/domain';
import Stripe from 'stripe';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, type Session } from '../../platform/guard.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { DAY_MS, iso, type Tx } from '../../platform/tx.ts';
import { requireSubscriptionAccess } from '../subscriptions/subscription-access.ts';
import { vatForUser } from '../tax/tax.service.ts';
import * as repo from './payments.repository.ts';
import { cardPaymentsEnabled, openCardCheckout } from './stripe-gateway.ts';

export type BillingConfig = Config['billing'] & { stripeKey: string };
export const OVERDUE_JOB = 'payment.overdue';

/** A Checkout Session with less than this left is not offered again; a new one is opened. */
const CHECKOUT_REUSE_MARGIN_MS = 5 * 60_000;

/** What a card payment needs besides the payment: Stripe (null when not configured) and our origin. */
export interface CardContext {
  stripe: Stripe | null;
  /** `https://host[:port]` the customer is sent back to after Stripe Checkout. */
  origin: string;
}

/** Random, unambiguous reference characters (no 0/O, 1/I). */
function code(length: number): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Issues a payment for a subscription: VAT from the owner's billing address, a Multibanco
 * reference and a transfer reference ready, and an overdue check at the end of the grace period.
 */
export async function issuePayment(
  tx: Tx,
  config: BillingConfig,
  input: {
    subscriptionId: string;
    ownerId: string;
    purpose: repo.PaymentRow['purpose'];
    description: string;
    amountCents: number;
    dueDate: Date;
    periodStart?: Date | null;
    periodEnd?: Date | null;
  },
): Promise<repo.PaymentRow> {
  const vat = await vatForUser(tx, input.ownerId, input.dueDate);
  const vatCents = basisPointsOf(input.amountCents, vat.rateBasisPoints);
  const totalCents = input.amountCents + vatCents;
  const id = randomUUID();
  const multibanco =
    totalCents >= 1 && totalCents <= MULTIBANCO_MAX_CENTS
      ? multibancoReference(config.multibancoEntity, await repo.nextMultibancoId(tx), totalCents)
      : null;
  await repo.insertPayment(tx, {
    id,
    subscriptionId: input.subscriptionId,
    purpose: input.purpose,
    description: input.description,
    amountCents: input.amountCents,
    vatRateBasisPoints: vat.rateBasisPoints,
    vatCents,
    totalCents,
    dueDate: input.dueDate,
    periodStart: input.periodStart ?? null,
    periodEnd: input.periodEnd ?? null,
    multibancoEntity: multibanco ? config.multibancoEntity : null,
    multibancoReference: multibanco,
    transferReference: `FLX-${code(10)}`,
  });
  await scheduleJob(tx, {
    kind: OVERDUE_JOB,
    subjectId: id,
    dueAt: new Date(input.dueDate.getTime() + config.graceDays * DAY_MS),
  });
  return (await repo.findPayment(tx, id))!;
}

export function paymentView(config: BillingConfig, row: repo.PaymentRow): Payment {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    purpose: row.purpose,
    description: row.description,
    type: (row.type as Payment['type']) ?? null,
    status: row.status,
    currency: row.currency,
    amountCents: row.amount_cents,
    vatRateBasisPoints: row.vat_rate_basis_points,
    vatCents: row.vat_cents,
    totalCents: row.total_cents,
    dueDate: iso(row.due_date)!,
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    paidAt: iso(row.paid_at),
    createdAt: iso(row.created_at)!,
    multibanco:
      row.multibanco_entity && row.multibanco_reference
        ? { entity: row.multibanco_entity, reference: row.multibanco_reference, amountCents: row.total_cents }
        : null,
    transfer: {
      beneficiary: config.transferBeneficiary,
      iban: config.transferIban,
      bic: config.transferBic,
      reference: row.transfer_reference,
    },
    directDebit:
      row.mandate_reference && row.mandate_iban
        ? { mandateReference: row.mandate_reference, ibanMasked: maskIban(row.mandate_iban), documentType: 2 }
        : null,
    card:
      row.type === PaymentType.CREDIT_CARD &&
      (row.status === PaymentStatus.SUBMITTED || row.status === PaymentStatus.SUBMITTED_ALT) &&
      row.card_checkout_url &&
      row.card_checkout_expires_at &&
      row.card_checkout_expires_at > new Date()
        ? { checkoutUrl: row.card_checkout_url, expiresAt: iso(row.card_checkout_expires_at)! }
        : null,
  };
}

/** Multibanco, direct debit and transfer always; credit card only with Stripe configured. */
export function availableMethods(config: BillingConfig) {
  const methods: { type: 1 | 2 | 3 | 4; name: 'multibanco' | 'directDebit' | 'transfer' | 'creditCard' }[] = [
    { type: 1, name: 'multibanco' },
    { type: 2, name: 'directDebit' },
    { type: 3, name: 'transfer' },
  ];
  if (cardPaymentsEnabled(config)) methods.push({ type: 4, name: 'creditCard' });
  return { methods };
}

export async function listPending(db: Db, config: BillingConfig, session: Session, subscriptionId: string) {
  await requireSubscriptionAccess(db, session, subscriptionId, 'view');
  return (await repo.pendingPayments(db, subscriptionId)).map((row) => paymentView(config, row));
}

/**
 * The customer chooses how to pay: Multibanco shows its reference; a transfer shows Fluxo's IBAN and
 * the reference to quote (an Admin confirms it); direct debit signs a SEPA mandate (document type
 * 2) on a valid IBAN and awaits the collection; a card opens a Stripe Checkout page to pay on.
 */
export async function choosePaymentMethod(
  db: Db,
  config: BillingConfig,
  session: Session,
  params: { id: string; paymentId: string },
  body: z.infer<typeof ZPayPaymentRequest>,
  card: CardContext,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const subscription = await requireSubscriptionAccess(tx, session, params.id, 'manage');
    const payment = await repo.findPayment(tx, params.paymentId, true);
    if (!payment || payment.subscription_id !== subscription.id)
      throw new AppError('NOT_FOUND', 'No such payment.');
    if (!isPayableStatus(payment.status)) {
      throw new AppError(
        'PAYMENT_NOT_PAYABLE',
        'This payment is already paid, cancelled or being collected.',
      );
    }
    switch (body.type) {
      case PaymentType.MULTIBANCO:
        if (!payment.multibanco_reference) {
          throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'Multibanco cannot carry this amount.');
        }
        await repo.updatePaymentMethod(tx, payment.id, { type: 1, status: PaymentStatus.SUBMITTED_ALT });
        break;
      case PaymentType.DIRECT_DEBIT: {
        if (!isValidIban(body.iban)) throw new AppError('INVALID_IBAN', 'The IBAN is not valid.');
        const mandateId = await repo.insertMandate(tx, {
          userId: session.userId,
          subscriptionId: subscription.id,
          reference: `FLXM-${code(12)}`,
          iban: compactIban(body.iban),
          holderName: body.holderName,
        });
        await repo.updatePaymentMethod(tx, payment.id, {
          type: 2,
          status: PaymentStatus.AWAITING_VALIDATION,
          mandateId,
        });
        break;
      }
      case PaymentType.TRANSFER:
        await repo.updatePaymentMethod(tx, payment.id, { type: 3, status: PaymentStatus.SUBMITTED_ALT });
        break;
      case PaymentType.CREDIT_CARD:
        await chooseCard(tx, config, card, payment, body.returnPath ?? '/');
        break;
    }
    return paymentView(config, (await repo.findPayment(tx, payment.id))!);
  });
}

export type PaidHook = (tx: Tx, payment: repo.PaymentRow, now: Date) => Promise<void>;

/** An Admin records that a payment arrived; the subscription side (unlock, activate) follows. */
export async function confirmPayment(
  db: Db,
  config: BillingConfig,
  adminId: string,
  paymentId: string,
  onPaid: PaidHook,
  now = new Date(),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const payment = await repo.findPayment(tx, paymentId, true);
    if (!payment) throw new AppError('NOT_FOUND', 'No such payment.');
    if (payment.status === PaymentStatus.PAID || payment.status === PaymentStatus.CANCELLED) {
      throw new AppError('PAYMENT_NOT_PAYABLE', 'This payment is already paid or cancelled.');
    }
    return paymentView(config, await settle(tx, payment, { by: adminId, now, onPaid }));
  });
}

/** The one "paid" path of every payment type: the row is marked paid, then the subscription side. */
async function settle(
  tx: Tx,
  payment: repo.PaymentRow,
  input: { by: string | null; now: Date; onPaid: PaidHook; type?: number },
): Promise<repo.PaymentRow> {
  await repo.markPaid(tx, payment.id, input.by, input.now, input.type ?? null);
  const paid = (await repo.findPayment(tx, payment.id))!;
  await input.onPaid(tx, paid, input.now);
  return paid;
}

function returnUrl(origin: string, path: string, paymentId: string, outcome: 'paid' | 'cancelled'): string {
  const url = new URL(path, origin);
  url.searchParams.set('card', outcome);
  url.searchParams.set('payment', paymentId);
  return url.toString();
}

/** Card: the payment waits (status 1, still payable by another method) while the customer pays on Stripe. */
async function chooseCard(
  tx: Tx,
  config: BillingConfig,
  card: CardContext,
  payment: repo.PaymentRow,
  returnPath: string,
  now = new Date(),
): Promise<void> {
  if (!card.stripe || !cardPaymentsEnabled(config)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not available.');
  }
  // A page still open is handed out again, even after a detour through another method: a second
  // session could be paid twice. A failed payment (status 5) needs a new one.
  const open =
    payment.status !== PaymentStatus.ERROR &&
    payment.card_checkout_url &&
    payment.card_checkout_expires_at &&
    payment.card_checkout_expires_at.getTime() - now.getTime() > CHECKOUT_REUSE_MARGIN_MS;
  if (!open) {
    let checkout: Awaited<ReturnType<typeof openCardCheckout>>;
    try {
      checkout = await openCardCheckout(card.stripe, {
        paymentId: payment.id,
        subscriptionId: payment.subscription_id,
        purpose: payment.purpose,
        description: payment.description,
        totalCents: payment.total_cents,
        currency: payment.currency,
        customerEmail: await repo.ownerEmail(tx, payment.subscription_id),
        successUrl: returnUrl(card.origin, returnPath, payment.id, 'paid'),
        cancelUrl: returnUrl(card.origin, returnPath, payment.id, 'cancelled'),
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new AppError(
          'PAYMENT_PROVIDER_UNAVAILABLE',
          `Stripe refused the card payment: ${error.message}`,
        );
      }
      throw error;
    }
    await repo.setCardCheckout(tx, payment.id, checkout);
  }
  await repo.updatePaymentMethod(tx, payment.id, { type: 4, status: PaymentStatus.SUBMITTED_ALT });
}

type StripeOutcome =
  | 'paid'
  | 'failed'
  | 'awaiting'
  | 'ignored'
  | 'unknown_payment'
  | 'already_settled'
  | 'amount_mismatch';

/**
 * Stripe's webhook: the body must carry a valid Stripe-Signature (else 400), each event id is
 * handled once (a repeat is answered `duplicate`), and a paid Checkout Session settles its payment
 * through the same path as an Admin's confirmation — after checking it paid the payment's exact
 * total in its currency.
 */
export async function handleStripeWebhook(
  db: Db,
  config: BillingConfig,
  stripe: Stripe | null,
  input: {
    rawBody: Buffer | string | undefined;
    signature: string | undefined;
    onPaid: PaidHook;
    now?: Date;
  },
): Promise<{ received: true; duplicate: boolean; outcome?: StripeOutcome }> {
  if (!stripe || !cardPaymentsEnabled(config)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not configured.');
  }
  if (!input.signature || input.rawBody === undefined) {
    throw new AppError('INVALID_WEBHOOK_SIGNATURE', 'Missing Stripe-Signature header or body.');
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(input.rawBody, input.signature, config.stripeWebhookSecret);
  } catch {
    throw new AppError('INVALID_WEBHOOK_SIGNATURE', 'The Stripe signature does not match the body.');
  }
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await repo.claimStripeEvent(tx, event.id, event.type))) return { received: true, duplicate: true };
    const { outcome, paymentId } = await applyStripeEvent(tx, event, input.onPaid, now);
    await repo.recordStripeOutcome(tx, event.id, outcome, paymentId);
    return { received: true, duplicate: false, outcome };
  });
}

async function applyStripeEvent(
  tx: Tx,
  event: Stripe.Event,
  onPaid: PaidHook,
  now: Date,
): Promise<{ outcome: StripeOutcome; paymentId: string | null }> {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.async_payment_failed'
  ) {
    return { outcome: 'ignored', paymentId: null };
  }
  const checkout = event.data.object;
  const reference = checkout.metadata?.paymentId ?? checkout.client_reference_id ?? '';
  const payment = isUuid(reference) ? await repo.findPayment(tx, reference, true) : null;
  if (!payment) return { outcome: 'unknown_payment', paymentId: null };
  if (payment.status === PaymentStatus.PAID || payment.status === PaymentStatus.CANCELLED) {
    return { outcome: 'already_settled', paymentId: payment.id };
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    await repo.setStatus(tx, payment.id, PaymentStatus.ERROR);
    return { outcome: 'failed', paymentId: payment.id };
  }
  if (checkout.payment_status !== 'paid') return { outcome: 'awaiting', paymentId: payment.id };
  if (
    checkout.amount_total !== payment.total_cents ||
    checkout.currency?.toLowerCase() !== payment.currency.toLowerCase()
  ) {
    return { outcome: 'amount_mismatch', paymentId: payment.id };
  }
  await settle(tx, payment, { by: null, now, onPaid, type: PaymentType.CREDIT_CARD });
  return { outcome: 'paid', paymentId: payment.id };
}

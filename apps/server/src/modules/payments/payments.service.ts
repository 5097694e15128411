import { randomBytes, randomUUID } from 'node:crypto';
import type { ZPayPaymentRequest } from '@fluxo/domain';
import {
  basisPointsOf,
  compactIban,
  isValidIban,
  MULTIBANCO_MAX_CENTS,
  maskIban,
  multibancoReference,
  type Payment,
  PaymentStatus,
  PaymentType,
} from '@fluxo/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/guard.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { DAY_MS, iso, type Tx } from '../../platform/tx.ts';
import { requireSubscriptionAccess } from '../subscriptions/subscription-access.ts';
import { vatForUser } from '../tax/tax.service.ts';
import * as repo from './payments.repository.ts';

export type BillingConfig = Config['billing'] & { stripeKey: string };
export const OVERDUE_JOB = 'payment.overdue';

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
  };
}

/** Multibanco, direct debit and transfer always; credit card only with a Stripe key. */
export function availableMethods(config: BillingConfig) {
  const methods: { type: 1 | 2 | 3 | 4; name: 'multibanco' | 'directDebit' | 'transfer' | 'creditCard' }[] = [
    { type: 1, name: 'multibanco' },
    { type: 2, name: 'directDebit' },
    { type: 3, name: 'transfer' },
  ];
  if (config.stripeKey) methods.push({ type: 4, name: 'creditCard' });
  return { methods };
}

export async function listPending(db: Db, config: BillingConfig, session: Session, subscriptionId: string) {
  await requireSubscriptionAccess(db, session, subscriptionId, 'view');
  return (await repo.pendingPayments(db, subscriptionId)).map((row) => paymentView(config, row));
}

const PAYABLE: number[] = [PaymentStatus.SUBMITTED, PaymentStatus.SUBMITTED_ALT, PaymentStatus.ERROR];

/**
 * The customer chooses how to pay: Multibanco shows its reference; a transfer shows Fluxo's IBAN and
 * the reference to quote (an Admin confirms it); direct debit signs a SEPA mandate (document type
 * 2) on a valid IBAN and awaits the collection; a card needs Stripe configured.
 */
export async function choosePaymentMethod(
  db: Db,
  config: BillingConfig,
  session: Session,
  params: { id: string; paymentId: string },
  body: z.infer<typeof ZPayPaymentRequest>,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const subscription = await requireSubscriptionAccess(tx, session, params.id, 'manage');
    const payment = await repo.findPayment(tx, params.paymentId, true);
    if (!payment || payment.subscription_id !== subscription.id)
      throw new AppError('NOT_FOUND', 'No such payment.');
    if (!PAYABLE.includes(payment.status)) {
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
        if (!config.stripeKey) {
          throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not available.');
        }
        await repo.updatePaymentMethod(tx, payment.id, {
          type: 4,
          status: PaymentStatus.AWAITING_VALIDATION,
        });
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
    await repo.markPaid(tx, payment.id, adminId, now);
    const paid = (await repo.findPayment(tx, payment.id))!;
    await onPaid(tx, paid, now);
    return paymentView(config, paid);
  });
}

import { PaymentStatus } from '@fluxo/domain/code-tables';
import { normalizePlan } from '@fluxo/domain/plans';
import { SUBSCRIPTION_STATUS_TEXT } from '@fluxo/domain/subscriptions/checks';
import type { TFunction } from 'i18next';

const PAYMENT_STATUS: Record<number, string> = {
  0: 'SUBMITTED',
  1: 'SUBMITTED',
  2: 'AWAITING_VALIDATION',
  3: 'PAID',
  4: 'CANCELLED',
  5: 'ERROR',
};
/** The i18n name of each payment type (BILLING.PAYMENT_TYPE.*, CHECKOUT.METHOD_HELP.*). */
export const PAYMENT_TYPE_NAMES: Record<number, string> = {
  1: 'MULTIBANCO',
  2: 'DIRECT_DEBIT',
  3: 'TRANSFER',
  4: 'CREDIT_CARD',
};

/** Spec §3 code tables in the interface language. */
export function subscriptionStatusText(t: TFunction, status: number, statusText?: string): string {
  const name = SUBSCRIPTION_STATUS_TEXT[status] ?? statusText?.toUpperCase() ?? 'UNKNOWN';
  return t(`SUBSCRIPTION.STATUS.${name}`, { defaultValue: name });
}
export function paymentStatusText(t: TFunction, status: number): string {
  return t(`BILLING.PAYMENT_STATUS.${PAYMENT_STATUS[status] ?? 'SUBMITTED'}`);
}
export function paymentStatusColor(status: number): string {
  return status === PaymentStatus.PAID
    ? 'teal'
    : status === PaymentStatus.AWAITING_VALIDATION
      ? 'blue'
      : status === PaymentStatus.CANCELLED
        ? 'gray'
        : status === PaymentStatus.ERROR
          ? 'red'
          : 'yellow';
}
export function paymentTypeText(t: TFunction, type: number | null): string {
  return type === null
    ? t('BILLING.PAYMENT_TYPE.NONE')
    : t(`BILLING.PAYMENT_TYPE.${PAYMENT_TYPE_NAMES[type]}`);
}
export function intervalText(t: TFunction, interval: number): string {
  return interval === 2 ? t('SUBSCRIPTION.INTERVAL.YEARLY') : t('SUBSCRIPTION.INTERVAL.MONTHLY');
}
/** A plan's name; any name that is not a known plan is shown as a custom plan (spec §1). */
export function planNameText(t: TFunction, planName: string | null | undefined): string {
  return t(`SUBSCRIPTION.PLANS.${normalizePlan(planName).toUpperCase()}`);
}

export const BillingInterval = { MONTHLY: 1, YEARLY: 2 } as const;
export const SubscriptionStatus = {
  CREATED: 0,
  ACTIVE: 1,
  CANCELED: 2,
  COMPLETED: 3,
  UPGRADE: 4,
  LOCKED: 5,
} as const;
export type SubscriptionStatusCode = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];
export const DocumentType = { VALIDATE: 1, MANDATE: 2 } as const;
export const PaymentType = { MULTIBANCO: 1, DIRECT_DEBIT: 2, TRANSFER: 3, CREDIT_CARD: 4 } as const;
export const PaymentStatus = {
  SUBMITTED: 0,
  SUBMITTED_ALT: 1,
  AWAITING_VALIDATION: 2,
  PAID: 3,
  CANCELLED: 4,
  ERROR: 5,
} as const;
/** Statuses in which a payment still waits to be paid (by any method; an error may be retried). */
export const PAYABLE_PAYMENT_STATUSES: readonly number[] = [
  PaymentStatus.SUBMITTED,
  PaymentStatus.SUBMITTED_ALT,
  PaymentStatus.ERROR,
];
export function isPayableStatus(status: number): boolean {
  return PAYABLE_PAYMENT_STATUSES.includes(status);
}
export const ReferralStatus = { SENT: 1, ACCEPTED: 2, COMPLETED: 3, CANCELLED: 4 } as const;
export const ExpertType = { ALL: 0, PARTICULAR: 1, COMPANY: 2 } as const;
export const CONNECTION_AUTH_TYPES = ['token', 'question', 'qrcode', 'app'] as const;
export type ConnectionAuthType = (typeof CONNECTION_AUTH_TYPES)[number];

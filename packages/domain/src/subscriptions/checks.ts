import { SubscriptionStatus } from '../code-tables.ts';
import { isFounderPlan, isPremiumPlan, isSimplePlan } from '../plans.ts';

/** The fields the checks read, as the active subscription carries them (spec §3). */
export interface SubscriptionLike {
  status: number | string;
  planName: string | null;
  isTrial: boolean;
}

/** Spec §4: locked by status 5, or by a status text reading LOCKED. */
export function isLocked(subscription: Pick<SubscriptionLike, 'status'> | null | undefined): boolean {
  if (!subscription) return false;
  const { status } = subscription;
  return (
    status === SubscriptionStatus.LOCKED || (typeof status === 'string' && status.toUpperCase() === 'LOCKED')
  );
}
export function isTrial(subscription: Pick<SubscriptionLike, 'isTrial'> | null | undefined): boolean {
  return subscription?.isTrial === true;
}
/** Premium or premium founder. */
export function isPremium(subscription: Pick<SubscriptionLike, 'planName'> | null | undefined): boolean {
  return isPremiumPlan(subscription?.planName);
}
export function isSimple(subscription: Pick<SubscriptionLike, 'planName'> | null | undefined): boolean {
  return isSimplePlan(subscription?.planName);
}
/** Founder is read from the plan name (the customer's subscriptionPlan may contain FOUNDER). */
export function isFounder(subscription: Pick<SubscriptionLike, 'planName'> | null | undefined): boolean {
  return isFounderPlan(subscription?.planName);
}
/** Spec §4: set on the selected organization when its owner's plan is SIMPLE. */
export function ownerIsSimple(organization: { planName: string | null } | null | undefined): boolean {
  return isSimplePlan(organization?.planName);
}

/** The status text shown beside the code. */
export const SUBSCRIPTION_STATUS_TEXT: Record<number, string> = {
  0: 'CREATED',
  1: 'ACTIVE',
  2: 'CANCELED',
  3: 'COMPLETED',
  4: 'UPGRADE',
  5: 'LOCKED',
};

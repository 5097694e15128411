import { SubscriptionStatus, type SubscriptionStatusCode } from '../code-tables.ts';

/**
 * What happens to a subscription:
 * - pay: the open invoice was paid (the first one ends a trial and activates; one that was overdue
 *   unlocks);
 * - renew: the period ended and a new one starts with a new invoice (a canceled subscription
 *   completes instead; a trial's first invoice is issued);
 * - overdue: an invoice stayed unpaid past the grace period;
 * - unlock: an Admin lifts a lock without a payment (an agreed plan);
 * - upgrade: the plan changed — this subscription is superseded by a new one;
 * - cancel: the owner cancels; access runs to the end of the paid period.
 */
export const SUBSCRIPTION_EVENTS = ['pay', 'renew', 'overdue', 'unlock', 'upgrade', 'cancel'] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENTS)[number];

export interface SubscriptionState {
  status: SubscriptionStatusCode;
  isTrial: boolean;
}

/** Real-time events a transition announces (names from spec §7). */
export type SubscriptionSignal = 'SUBSCRIPTION_UNLOCKED' | 'ORGANIZATION_UNLOCKED' | 'SUBSCRIPTION_CHANGED';

export type TransitionResult =
  | { ok: true; state: SubscriptionState; signals: SubscriptionSignal[] }
  | { ok: false; reason: string };

const { CREATED, ACTIVE, CANCELED, COMPLETED, UPGRADE, LOCKED } = SubscriptionStatus;

/** Completed and superseded (upgrade) subscriptions never change again. */
export function isTerminalStatus(status: number): boolean {
  return status === COMPLETED || status === UPGRADE;
}

const to = (state: SubscriptionState, signals: SubscriptionSignal[] = []): TransitionResult => ({
  ok: true,
  state,
  signals,
});
const refuse = (reason: string): TransitionResult => ({ ok: false, reason });
const changed = (status: SubscriptionStatusCode, isTrial: boolean) =>
  to({ status, isTrial }, ['SUBSCRIPTION_CHANGED']);

/** The next state of a subscription for an event: a pure function, no clock, no I/O. */
export function transition(state: SubscriptionState, event: SubscriptionEventType): TransitionResult {
  const { status, isTrial } = state;
  if (isTerminalStatus(status)) {
    // Paying an old invoice of a finished subscription is always accepted and changes nothing.
    return event === 'pay' ? to(state) : refuse('The subscription has ended.');
  }
  if (status === LOCKED) {
    switch (event) {
      case 'pay':
      case 'unlock':
        return to({ status: ACTIVE, isTrial: false }, [
          'SUBSCRIPTION_UNLOCKED',
          'ORGANIZATION_UNLOCKED',
          'SUBSCRIPTION_CHANGED',
        ]);
      case 'renew':
      case 'overdue':
        return isTrial ? changed(LOCKED, false) : to(state);
      default:
        return refuse('A locked subscription must be paid first.');
    }
  }
  switch (event) {
    case 'pay':
      if (status === CREATED || isTrial) return changed(status === CANCELED ? CANCELED : ACTIVE, false);
      return to(state);
    case 'renew':
      if (status === CANCELED) return changed(COMPLETED, false);
      return isTrial ? changed(status, false) : to(state);
    case 'overdue':
      return changed(LOCKED, false);
    case 'unlock':
      return refuse('The subscription is not locked.');
    case 'upgrade':
      return changed(UPGRADE, isTrial);
    case 'cancel':
      return status === CANCELED
        ? refuse('The subscription is already canceled.')
        : changed(CANCELED, isTrial);
  }
}

/** Applies events in order, stopping at the first refused one. */
export function replay(
  initial: SubscriptionState,
  events: readonly SubscriptionEventType[],
): { state: SubscriptionState; signals: SubscriptionSignal[]; refused: number } {
  let state = initial;
  const signals: SubscriptionSignal[] = [];
  let refused = 0;
  for (const event of events) {
    const result = transition(state, event);
    if (!result.ok) {
      refused++;
      continue;
    }
    state = result.state;
    signals.push(...result.signals);
  }
  return { state, signals, refused };
}

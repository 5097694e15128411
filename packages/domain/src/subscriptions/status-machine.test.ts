import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SubscriptionStatus, type SubscriptionStatusCode } from '../code-tables.ts';
import {
  isTerminalStatus,
  replay,
  SUBSCRIPTION_EVENTS,
  type SubscriptionEventType,
  type SubscriptionState,
  transition,
} from './status-machine.ts';

const { CREATED, ACTIVE, CANCELED, COMPLETED, UPGRADE, LOCKED } = SubscriptionStatus;
const STATUSES: SubscriptionStatusCode[] = [CREATED, ACTIVE, CANCELED, COMPLETED, UPGRADE, LOCKED];

const state = (status: SubscriptionStatusCode, isTrial = false): SubscriptionState => ({ status, isTrial });
const next = (from: SubscriptionState, event: SubscriptionEventType) => {
  const result = transition(from, event);
  return result.ok ? { ...result.state, signals: result.signals } : 'refused';
};

describe('subscription status transitions', () => {
  it('activates a trial or a created subscription when paid', () => {
    expect(next(state(CREATED, true), 'pay')).toEqual({
      status: ACTIVE,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(ACTIVE, true), 'pay')).toEqual({
      status: ACTIVE,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(ACTIVE), 'pay')).toEqual({ status: ACTIVE, isTrial: false, signals: [] });
  });

  it('renews an active subscription, ends a trial, completes a canceled one', () => {
    expect(next(state(ACTIVE), 'renew')).toEqual({ status: ACTIVE, isTrial: false, signals: [] });
    expect(next(state(CREATED, true), 'renew')).toEqual({
      status: CREATED,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(CANCELED), 'renew')).toEqual({
      status: COMPLETED,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(LOCKED), 'renew')).toEqual({ status: LOCKED, isTrial: false, signals: [] });
  });

  it('locks when overdue past the grace period', () => {
    for (const from of [CREATED, ACTIVE, CANCELED] as const) {
      expect(next(state(from), 'overdue')).toEqual({
        status: LOCKED,
        isTrial: false,
        signals: ['SUBSCRIPTION_CHANGED'],
      });
    }
    expect(next(state(LOCKED), 'overdue')).toEqual({ status: LOCKED, isTrial: false, signals: [] });
  });

  it('unlocks when paid or unlocked by an Admin, announcing both unlock events', () => {
    const unlocked = {
      status: ACTIVE,
      isTrial: false,
      signals: ['SUBSCRIPTION_UNLOCKED', 'ORGANIZATION_UNLOCKED', 'SUBSCRIPTION_CHANGED'],
    };
    expect(next(state(LOCKED), 'pay')).toEqual(unlocked);
    expect(next(state(LOCKED), 'unlock')).toEqual(unlocked);
    expect(next(state(ACTIVE), 'unlock')).toBe('refused');
  });

  it('upgrades (4) and cancels (2), and refuses both while locked', () => {
    expect(next(state(ACTIVE), 'upgrade')).toEqual({
      status: UPGRADE,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(CANCELED), 'upgrade')).toMatchObject({ status: UPGRADE });
    expect(next(state(ACTIVE), 'cancel')).toEqual({
      status: CANCELED,
      isTrial: false,
      signals: ['SUBSCRIPTION_CHANGED'],
    });
    expect(next(state(CREATED, true), 'cancel')).toMatchObject({ status: CANCELED, isTrial: true });
    expect(next(state(CANCELED), 'cancel')).toBe('refused');
    expect(next(state(LOCKED), 'upgrade')).toBe('refused');
    expect(next(state(LOCKED), 'cancel')).toBe('refused');
  });

  it('never changes a completed or superseded subscription, but accepts an old payment', () => {
    for (const from of [COMPLETED, UPGRADE] as const) {
      for (const event of SUBSCRIPTION_EVENTS) {
        const result = next(state(from), event);
        if (event === 'pay') expect(result).toEqual({ status: from, isTrial: false, signals: [] });
        else expect(result).toBe('refused');
      }
    }
  });
});

describe('subscription status invariants (fast-check)', () => {
  const arbState = fc.record({
    status: fc.constantFrom(...STATUSES),
    isTrial: fc.boolean(),
  });
  const arbEvents = fc.array(fc.constantFrom(...SUBSCRIPTION_EVENTS), { maxLength: 40 });

  it('always yields a known status code', () => {
    fc.assert(
      fc.property(arbState, arbEvents, (initial, events) => {
        const { state: end } = replay(initial, events);
        expect(STATUSES).toContain(end.status);
      }),
    );
  });

  it('announces the unlock events exactly when a locked subscription leaves LOCKED', () => {
    fc.assert(
      fc.property(arbState, fc.constantFrom(...SUBSCRIPTION_EVENTS), (from, event) => {
        const result = transition(from, event);
        if (!result.ok) return;
        const left = from.status === LOCKED && result.state.status !== LOCKED;
        expect(result.signals.includes('SUBSCRIPTION_UNLOCKED')).toBe(left);
        expect(result.signals.includes('ORGANIZATION_UNLOCKED')).toBe(left);
        if (left) expect(['pay', 'unlock']).toContain(event);
      }),
    );
  });

  it('announces SUBSCRIPTION_CHANGED exactly when the status or trial flag changes', () => {
    fc.assert(
      fc.property(arbState, fc.constantFrom(...SUBSCRIPTION_EVENTS), (from, event) => {
        const result = transition(from, event);
        if (!result.ok) return;
        const differs = result.state.status !== from.status || result.state.isTrial !== from.isTrial;
        expect(result.signals.includes('SUBSCRIPTION_CHANGED')).toBe(differs);
      }),
    );
  });

  it('keeps terminal states terminal and a trial, once over, over', () => {
    fc.assert(
      fc.property(arbState, arbEvents, (initial, events) => {
        let current = initial;
        for (const event of events) {
          const result = transition(current, event);
          if (!result.ok) continue;
          if (isTerminalStatus(current.status)) expect(result.state).toEqual(current);
          if (!current.isTrial) expect(result.state.isTrial).toBe(false);
          current = result.state;
        }
      }),
    );
  });

  it('reaches ACTIVE only by paying, unlocking or renewing an active subscription', () => {
    fc.assert(
      fc.property(arbState, fc.constantFrom(...SUBSCRIPTION_EVENTS), (from, event) => {
        const result = transition(from, event);
        if (!result.ok || result.state.status !== ACTIVE) return;
        expect(event === 'pay' || event === 'unlock' || from.status === ACTIVE).toBe(true);
      }),
    );
  });

  it('is deterministic: the same events from the same state end in the same place', () => {
    fc.assert(
      fc.property(arbState, arbEvents, (initial, events) => {
        expect(replay(initial, events)).toEqual(replay(initial, events));
      }),
    );
  });

  it('a paid or unlocked subscription is never left LOCKED', () => {
    fc.assert(
      fc.property(arbState, arbEvents, (initial, events) => {
        const { state: end } = replay(initial, [...events, 'pay']);
        expect(end.status).not.toBe(LOCKED);
      }),
    );
  });
});

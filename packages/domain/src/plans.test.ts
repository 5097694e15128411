import { describe, expect, it } from 'vitest';
import { basePlan, isFounderPlan, isPremiumPlan, isSimplePlan, normalizePlan } from './plans.ts';

describe('plans', () => {
  it('recognises the known plans and shows anything else as custom', () => {
    expect(normalizePlan('PREMIUM')).toBe('premium');
    expect(normalizePlan('plus_founder')).toBe('plus_founder');
    expect(normalizePlan('special')).toBe('special');
    expect(normalizePlan('gold')).toBe('custom');
    expect(normalizePlan(null)).toBe('custom');
  });
  it('detects founder from the name, premium for premium and premium founder, simple', () => {
    expect(isFounderPlan('ESSENTIAL_FOUNDER')).toBe(true);
    expect(isFounderPlan('essential')).toBe(false);
    expect(isPremiumPlan('premium_founder')).toBe(true);
    expect(isPremiumPlan('plus')).toBe(false);
    expect(isSimplePlan('SIMPLE')).toBe(true);
    expect(basePlan('expand_founder')).toBe('expand');
    expect(basePlan('special')).toBe('all');
  });
});

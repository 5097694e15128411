import { describe, expect, it } from 'vitest';
import {
  basePlan,
  isFounderPlan,
  isPremiumPlan,
  isSimplePlan,
  normalizePlan,
  organizationsIncluded,
} from './plans.ts';

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

describe('organizations included per plan', () => {
  it('follows the base plan, founders included, and is unlimited for custom and special', () => {
    expect(organizationsIncluded('simple')).toBe(1);
    expect(organizationsIncluded('ESSENTIAL')).toBe(1);
    expect(organizationsIncluded('plus_founder')).toBe(3);
    expect(organizationsIncluded('expand')).toBe(10);
    expect(organizationsIncluded('premium_founder')).toBe(50);
    expect(organizationsIncluded('special')).toBeNull();
    expect(organizationsIncluded('custom')).toBeNull();
    expect(organizationsIncluded('gold')).toBeNull();
  });
});

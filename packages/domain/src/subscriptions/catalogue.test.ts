import { describe, expect, it } from 'vitest';
import { addonDiscountPercent, canBuyAddon, planAddons, portfolioAddons } from '../addons/catalogue.ts';
import { basisPointsOf, discounted, divideRounded, formatCents } from '../money.ts';
import { isCustomPlan, KNOWN_PLANS } from '../plans.ts';
import { planOffer, planPriceCents, plansOpenTo } from './catalogue.ts';
import { isFounder, isLocked, isPremium, isSimple, isTrial, ownerIsSimple } from './checks.ts';

describe('plan catalogue', () => {
  it('prices every known plan per interval in integer cents; founders 20 % off', () => {
    for (const plan of KNOWN_PLANS) {
      const offer = planOffer(plan);
      for (const price of [offer.prices.monthly, offer.prices.yearly]) {
        if (price !== null) expect(Number.isInteger(price)).toBe(true);
      }
    }
    expect(planPriceCents('essential', 1)).toBe(1_900);
    expect(planPriceCents('essential', 2)).toBe(19_000);
    expect(planPriceCents('essential_founder', 1)).toBe(1_520);
    expect(planOffer('premium_founder').priceWithoutDiscount.yearly).toBe(149_000);
    expect(planOffer('premium_founder').prices.yearly).toBe(119_200);
  });

  it('states what each plan includes and which add-ons it can buy', () => {
    const simple = planOffer('simple');
    expect(simple.includes).toMatchObject({
      organizations: 1,
      users: 1,
      bankConnections: 2,
      monthlyCredits: 0,
    });
    expect(simple.includes.modules).not.toContain('portfolio');
    expect(simple.addons).toEqual(['user_credits', 'organization_credits']);
    expect(planOffer('premium').includes.modules).toContain('portfolio');
    expect(planAddons('plus_founder')).toContain('extra_organization');
    expect(canBuyAddon('essential', 'portfolio_client')).toBe(false);
    expect(canBuyAddon('premium', 'portfolio_client')).toBe(true);
    expect(canBuyAddon('premium', 'no_such_addon')).toBe(false);
    expect(addonDiscountPercent('expand_founder')).toBe(20);
    expect(portfolioAddons('pt').map((a) => a.key)).toEqual([
      'pt_efatura',
      'pt_seg_social',
      'pt_bank_portugal',
      'pt_fiscal_situation',
    ]);
    expect(portfolioAddons('ao')).toHaveLength(2);
    expect(portfolioAddons('es')).toEqual([]);
  });

  it('shows custom, special and unknown names as negotiated custom plans with every module', () => {
    for (const name of ['custom', 'SPECIAL', 'gold-2030']) {
      const offer = planOffer(name);
      expect(offer.custom).toBe(true);
      expect(offer.prices.monthly).toBeNull();
      expect(offer.includes.organizations).toBeNull();
      expect(isCustomPlan(name)).toBe(true);
    }
    expect(planOffer('gold-2030').plan).toBe('custom');
    expect(planOffer('special').addons.length).toBeGreaterThan(5);
  });

  it('opens founder variants only to founders', () => {
    expect(plansOpenTo('plus')).toEqual(['simple', 'essential', 'plus', 'expand', 'premium']);
    expect(plansOpenTo('plus_founder')).toEqual([
      'simple',
      'essential_founder',
      'plus_founder',
      'expand_founder',
      'premium_founder',
    ]);
  });
});

describe('subscription checks (spec §4)', () => {
  it('reads locked from status 5 or the LOCKED text, trial, premium, simple and founder', () => {
    expect(isLocked({ status: 5 })).toBe(true);
    expect(isLocked({ status: 'LOCKED' })).toBe(true);
    expect(isLocked({ status: 1 })).toBe(false);
    expect(isLocked(null)).toBe(false);
    expect(isTrial({ isTrial: true })).toBe(true);
    expect(isTrial(undefined)).toBe(false);
    expect(isPremium({ planName: 'premium' })).toBe(true);
    expect(isPremium({ planName: 'PREMIUM_FOUNDER' })).toBe(true);
    expect(isPremium({ planName: 'expand' })).toBe(false);
    expect(isSimple({ planName: 'SIMPLE' })).toBe(true);
    expect(isFounder({ planName: 'essential_FOUNDER' })).toBe(true);
    expect(isFounder({ planName: 'essential' })).toBe(false);
    expect(ownerIsSimple({ planName: 'simple' })).toBe(true);
    expect(ownerIsSimple({ planName: null })).toBe(false);
  });
});

describe('money in integer cents', () => {
  it('rounds half up without floats', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(basisPointsOf(1_900, 2_300)).toBe(437);
    expect(basisPointsOf(1_000, 2_550)).toBe(255);
    expect(basisPointsOf(1, 5_000)).toBe(1);
    expect(discounted(1_900, 20)).toBe(1_520);
    expect(formatCents(43_211)).toBe('432.11');
    expect(formatCents(-5)).toBe('-0.05');
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { addonTotals, decideAddonFlow, remainingUnits } from './addon-flow.ts';

const cost = { price: 800, priceWithoutDiscount: 1_000, reachedMaximum: false, maximum: 10, held: 3 };

describe('decideAddonFlow (spec §4)', () => {
  it('shows the contact modal when the maximum is reached, even on trial', () => {
    expect(decideAddonFlow({ ...cost, reachedMaximum: true }, { isTrial: false })).toEqual({
      step: 'contact',
    });
    expect(decideAddonFlow({ ...cost, reachedMaximum: true }, { isTrial: true })).toEqual({
      step: 'contact',
    });
  });

  it('buys directly on trial, with the totals for the quantity', () => {
    expect(decideAddonFlow(cost, { isTrial: true, quantity: 2 })).toEqual({
      step: 'buy',
      quantity: 2,
      totalCents: 1_600,
      totalWithoutDiscountCents: 2_000,
    });
  });

  it('asks for confirmation otherwise, one unit by default', () => {
    expect(decideAddonFlow(cost, { isTrial: false })).toEqual({
      step: 'confirm',
      quantity: 1,
      totalCents: 800,
      totalWithoutDiscountCents: 1_000,
    });
  });

  it('never uses a quantity below one', () => {
    expect(decideAddonFlow(cost, { isTrial: false, quantity: 0 })).toMatchObject({ quantity: 1 });
  });
});

describe('addonTotals', () => {
  it('multiplies price and undiscounted price by the quantity in integer cents', () => {
    expect(addonTotals({ price: 333, priceWithoutDiscount: 417 }, 3)).toEqual({
      quantity: 3,
      totalCents: 999,
      totalWithoutDiscountCents: 1_251,
    });
  });
});

describe('remainingUnits', () => {
  it('is what the maximum leaves, or null without one', () => {
    expect(remainingUnits(cost)).toBe(7);
    expect(remainingUnits({ maximum: 2, held: 5 })).toBe(0);
    expect(remainingUnits({ maximum: null, held: 5 })).toBeNull();
  });
});

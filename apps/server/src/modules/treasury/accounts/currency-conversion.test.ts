import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, currencyDigits, isKnownCurrency } from './currency-conversion.ts';

describe('currency conversion in minor units', () => {
  it('knows ISO currencies and their digits', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(isKnownCurrency('AOA')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
  });

  it('divides by the rate across digits, rounding half away from zero', () => {
    expect(convertMinor(12_501, '1.25', 2, 2)).toBe(10_001);
    expect(convertMinor(-12_501, '1.25', 2, 2)).toBe(-10_001);
    expect(convertMinor(1_000, '160.5', 0, 2)).toBe(623);
    expect(convertMinor(10_000, '0.8', 2, 0)).toBe(125);
    expect(convertMinor(5, '2', 2, 2)).toBe(3);
    expect(convertMinor(-5, '2', 2, 2)).toBe(-3);
    expect(() => convertMinor(1, '0', 2, 2)).toThrow(RangeError);
  });

  it('is exact: at rate 1 with equal digits it changes nothing, and conversion keeps the sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 1e6 }),
        (amount, scaled) => {
          expect(convertMinor(amount, '1.000000', 2, 2)).toBe(amount);
          const rate = (scaled / 10_000).toFixed(4);
          const converted = convertMinor(amount, rate, 2, 2);
          expect(Math.sign(converted) === Math.sign(amount) || converted === 0).toBe(true);
          expect(convertMinor(-amount, rate, 2, 2)).toBe(-converted || 0);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorDigits } from './decimal-amount.ts';

describe('aggregator amounts to minor units', () => {
  it('reads plain decimals by string arithmetic', () => {
    expect(decimalToMinor('-1234.5', 2)).toBe(-123_450);
    expect(decimalToMinor('3450.70', 2)).toBe(345_070);
    expect(decimalToMinor('1000', 2)).toBe(100_000);
    expect(decimalToMinor('+0.01', 2)).toBe(1);
    expect(decimalToMinor('-0.00', 2)).toBe(0);
    expect(decimalToMinor('12.300', 2)).toBe(1_230);
    expect(decimalToMinor('250', 0)).toBe(250);
  });

  it('refuses what is not a plain decimal or needs more digits than the currency has', () => {
    for (const text of ['', '1,50', '1.2.3', 'abc', '1e5', '0.001', '99999999999999999.99']) {
      expect(decimalToMinor(text, 2), text).toBeNull();
    }
  });

  it('knows the minor unit of a currency', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
  });

  it('round-trips every amount in cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const sign = cents < 0 ? '-' : '';
        const abs = Math.abs(cents);
        const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        expect(decimalToMinor(text, 2)).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});

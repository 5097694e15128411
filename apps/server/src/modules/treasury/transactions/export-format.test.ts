import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMinor } from './export-transactions.ts';

describe('export number format', () => {
  it('writes minor units with the currency decimals and either separator', () => {
    expect(formatMinor(-4550, 2, ',')).toBe('-45,50');
    expect(formatMinor(5, 2, '.')).toBe('0.05');
    expect(formatMinor(-5, 3, ',')).toBe('-0,005');
    expect(formatMinor(0, 2, ',')).toBe('0,00');
    expect(formatMinor(-1234, 0, ',')).toBe('-1234');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 2, '.')).toBe('90071992547409.91');
    expect([
      currencyDigits('EUR'),
      currencyDigits('AOA'),
      currencyDigits('JPY'),
      currencyDigits('KWD'),
    ]).toEqual([2, 2, 0, 3]);
  });

  it('reads back as the same minor units, for any amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 4 }),
        (amount, digits) => {
          const text = formatMinor(amount, digits, ',');
          const [whole, fraction = ''] = text.split(',');
          expect(fraction).toHaveLength(digits);
          expect(BigInt(`${whole}${fraction}`.replace(/^(-?)0+(?=\d)/, '$1'))).toBe(BigInt(amount));
        },
      ),
    );
  });
});

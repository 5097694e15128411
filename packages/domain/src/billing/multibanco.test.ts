import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMultibancoReference,
  isValidMultibancoReference,
  MULTIBANCO_MAX_CENTS,
  multibancoReference,
} from '../payments/multibanco.ts';

// The references printed on billing documents use the platform's SIBS check-digit function
// (payments/multibanco.ts); these properties pin what billing relies on.

const entity = fc.stringMatching(/^\d{5}$/);
const orderId = fc.integer({ min: 0, max: 9_999_999 });
const cents = fc.integer({ min: 1, max: MULTIBANCO_MAX_CENTS });

describe('Multibanco references on billing documents', () => {
  it('reproduces the published worked example (entity 90150, id 1231234, 432.11 €)', () => {
    // github.com/Miguel-Frazao/sibs-check-digits-php-python, check_digits.php: REF 123123451.
    expect(multibancoReference('90150', 1231234, 43211)).toBe('123123451');
  });

  it('makes entity, id, amount and check digits a number ≡ 1 (mod 97): ISO 7064 MOD 97-10', () => {
    fc.assert(
      fc.property(entity, orderId, cents, (e, id, amount) => {
        const reference = multibancoReference(e, id, amount);
        expect(reference).toMatch(/^\d{9}$/);
        expect(Number(reference.slice(0, 7))).toBe(id);
        const whole = BigInt(
          `${e}${reference.slice(0, 7)}${String(amount).padStart(8, '0')}${reference.slice(7)}`,
        );
        expect(whole % 97n).toBe(1n);
        expect(isValidMultibancoReference(e, reference, amount)).toBe(true);
      }),
    );
  });

  it('catches a wrong amount or a mistyped digit', () => {
    fc.assert(
      fc.property(entity, orderId, cents, fc.integer({ min: 0, max: 8 }), (e, id, amount, position) => {
        const reference = multibancoReference(e, id, amount);
        const other = amount === MULTIBANCO_MAX_CENTS ? amount - 1 : amount + 1;
        expect(isValidMultibancoReference(e, reference, other)).toBe(false);
        const digit = Number(reference[position]);
        const typo = `${reference.slice(0, position)}${(digit + 1) % 10}${reference.slice(position + 1)}`;
        expect(isValidMultibancoReference(e, typo, amount)).toBe(false);
      }),
    );
  });

  it('refuses what a reference cannot carry', () => {
    expect(() => multibancoReference('1234', 1, 100)).toThrow(RangeError);
    expect(() => multibancoReference('12345', 10_000_000, 100)).toThrow(RangeError);
    expect(() => multibancoReference('12345', 1, 0)).toThrow(RangeError);
    expect(() => multibancoReference('12345', 1, MULTIBANCO_MAX_CENTS + 1)).toThrow(RangeError);
    expect(formatMultibancoReference('123123451')).toBe('123 123 451');
  });
});

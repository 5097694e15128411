import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAccountIban, isValidBic, isValidIban, isValidPtNib, ptNibCheckDigits } from './iban.ts';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('Portuguese NIB', () => {
  it('accepts the published example and refuses a changed check digit', () => {
    // The example IBAN of the SWIFT registry: PT50 0002 0123 1234 5678 9015 4.
    expect(isValidPtNib('0002 0123 1234 5678 9015 4')).toBe(true);
    expect(ptNibCheckDigits('0002012312345678901')).toBe('54');
    expect(isValidPtNib('000201231234567890155')).toBe(false);
    expect(isValidPtNib('00020123123456789015')).toBe(false);
    expect(isValidPtNib('00020123123456789015X')).toBe(false);
    expect(() => ptNibCheckDigits('123')).toThrow(RangeError);
  });

  it('holds for any 19 digits, and PT50 + a valid NIB is always a valid IBAN', () => {
    fc.assert(
      fc.property(digits(19), (first19) => {
        const nib = first19 + ptNibCheckDigits(first19);
        expect(isValidPtNib(nib)).toBe(true);
        expect(isValidIban(`PT50${nib}`)).toBe(true);
        expect(isValidAccountIban(`PT50${nib}`)).toBe(true);
      }),
    );
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(
        digits(19),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 9 }),
        (first19, at, by) => {
          const nib = first19 + ptNibCheckDigits(first19);
          const changed = nib.slice(0, at) + String((Number(nib[at]) + by) % 10) + nib.slice(at + 1);
          expect(isValidPtNib(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('account IBAN and BIC', () => {
  it('checks the IBAN structure and, for PT, the NIB', () => {
    expect(isValidAccountIban('PT50 0002 0123 1234 5678 9015 4')).toBe(true);
    expect(isValidAccountIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidAccountIban('PT50 0002 0123 1234 5678 9015 5')).toBe(false);
    expect(isValidAccountIban('AO06 0044 0000 6729 5030 1010 2')).toBe(true);
    expect(isValidAccountIban('not an iban')).toBe(false);
  });

  it('checks a BIC of 8 or 11 characters with a real country', () => {
    expect(isValidBic('CGDIPTPL')).toBe(true);
    expect(isValidBic('bcomptplxxx')).toBe(true);
    expect(isValidBic('CGDIPTP')).toBe(false);
    expect(isValidBic('CGDIZZPL')).toBe(false);
    expect(isValidBic('CGD1PTPL')).toBe(false);
  });
});

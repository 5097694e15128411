import { describe, expect, it } from 'vitest';
import { compactIban, isValidIban, maskIban } from './iban.ts';
import {
  formatMultibancoReference,
  isValidMultibancoReference,
  multibancoCheckDigits,
  multibancoReference,
} from './multibanco.ts';

describe('Multibanco references', () => {
  it('matches the published example: entity 90150, id 1231234, 432.11 € → 123123451', () => {
    expect(multibancoCheckDigits('90150', '1231234', 43_211)).toBe('51');
    expect(multibancoReference('90150', 1_231_234, 43_211)).toBe('123123451');
    expect(formatMultibancoReference('123123451')).toBe('123 123 451');
  });

  it('validates a reference against its entity and amount', () => {
    expect(isValidMultibancoReference('90150', '123 123 451', 43_211)).toBe(true);
    expect(isValidMultibancoReference('90150', '123123451', 43_212)).toBe(false);
    expect(isValidMultibancoReference('90151', '123123451', 43_211)).toBe(false);
    expect(isValidMultibancoReference('90150', '12312345', 43_211)).toBe(false);
  });

  it('pads small ids and check digits and refuses amounts it cannot carry', () => {
    const reference = multibancoReference('12345', 7, 100);
    expect(reference).toMatch(/^0000007\d{2}$/);
    expect(isValidMultibancoReference('12345', reference, 100)).toBe(true);
    expect(() => multibancoReference('12345', 1, 0)).toThrow(RangeError);
    expect(() => multibancoReference('12345', 1, 100_000_000)).toThrow(RangeError);
    expect(() => multibancoReference('1234', 1, 100)).toThrow(RangeError);
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces and refuses bad check digits', () => {
    expect(isValidIban('PT50 0002 0123 1234 5678 9015 4')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('PT50000201231234567890155')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
    expect(compactIban('pt50 0002 0123 1234 5678 9015 4')).toBe('PT50000201231234567890154');
    expect(maskIban('PT50000201231234567890154')).toBe('PT50*****************0154');
  });
});

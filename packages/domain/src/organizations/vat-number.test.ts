import { describe, expect, it } from 'vitest';
import { isValidVatNumber, normalizeVatNumber } from './vat-number.ts';

describe('organization VAT numbers', () => {
  it('stores PT and AO numbers without prefix or spaces, in upper case', () => {
    expect(normalizeVatNumber('PT', 'pt 508 332 150')).toBe('508332150');
    expect(normalizeVatNumber('ao', 'AO5417012345')).toBe('5417012345');
    expect(normalizeVatNumber('ES', 'b 12345678')).toBe('B12345678');
  });

  it("checks the country's pattern (PT check digit, AO formats), else 5 to 20 letters and digits", () => {
    expect(isValidVatNumber('PT', '508332150')).toBe(true);
    expect(isValidVatNumber('PT', 'PT508332150')).toBe(true);
    expect(isValidVatNumber('PT', '508332151')).toBe(false);
    expect(isValidVatNumber('AO', '5417012345')).toBe(true);
    expect(isValidVatNumber('AO', '004567890LA042')).toBe(true);
    expect(isValidVatNumber('AO', '541701234')).toBe(false);
    expect(isValidVatNumber('FR', 'FR12345678901')).toBe(true);
    expect(isValidVatNumber('DE', '1234')).toBe(false);
    expect(isValidVatNumber('DE', 'DE-123456789')).toBe(true);
    expect(isValidVatNumber('DE', 'DE12345678')).toBe(false);
    expect(isValidVatNumber('ZZ', 'AB-12')).toBe(false);
    expect(isValidVatNumber('ZZ', 'AB123')).toBe(true);
    expect(isValidVatNumber('DE', 'A'.repeat(21))).toBe(false);
  });
});

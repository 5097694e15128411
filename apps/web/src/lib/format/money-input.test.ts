import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, formatMoneyInput, parseMoneyInput } from './money-input.ts';

describe('parseMoneyInput', () => {
  it('reads either decimal mark and at most two decimals', () => {
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('12,5')).toBe(1250);
    expect(parseMoneyInput('12.05')).toBe(1205);
    expect(parseMoneyInput('-0,01')).toBe(-1);
    expect(parseMoneyInput(' +7 ')).toBe(700);
    expect(parseMoneyInput('0.10')).toBe(10);
  });

  it('reads thousands groups when the decimal mark differs from the grouping one', () => {
    expect(parseMoneyInput('1.234,56')).toBe(123456);
    expect(parseMoneyInput('1,234.56')).toBe(123456);
    expect(parseMoneyInput('-1 234 567,8')).toBe(-123456780);
    expect(parseMoneyInput('1.234.567')).toBe(123456700);
    // Three digits after one mark can only be a group: two decimals at most.
    expect(parseMoneyInput('12.345')).toBe(1234500);
  });

  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      '-',
      'abc',
      '1.234.56',
      '1e3',
      '--1',
      '1,2,3',
      '12.',
      '.5',
      'NaN',
      '1.234,567',
      '1.234,567,89',
      '1 234.567,10',
    ])
      expect(parseMoneyInput(text), text).toBeNull();
  });

  it('refuses amounts beyond a safe integer', () => {
    expect(parseMoneyInput('99999999999999999')).toBeNull();
  });

  it('follows the currency minor digits', () => {
    expect(parseMoneyInput('150', 0)).toBe(150);
    expect(parseMoneyInput('1,5', 0)).toBeNull();
    expect(currencyMinorDigits('EUR')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
  });

  it('gives back exactly what formatMoneyInput wrote, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (minor) => {
        expect(parseMoneyInput(formatMoneyInput(minor))).toBe(minor);
        expect(parseMoneyInput(formatMoneyInput(minor).replace('.', ','))).toBe(minor);
      }),
    );
  });
});

describe('formatMoneyInput', () => {
  it('writes minor units as plain decimal text', () => {
    expect(formatMoneyInput(0)).toBe('0.00');
    expect(formatMoneyInput(5)).toBe('0.05');
    expect(formatMoneyInput(-123456)).toBe('-1234.56');
    expect(formatMoneyInput(42, 0)).toBe('42');
  });
});

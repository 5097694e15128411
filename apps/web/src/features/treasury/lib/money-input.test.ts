import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './money-input.ts';

describe('parseMoneyInput (transaction-amount rule)', () => {
  it('reads whole amounts, one and two decimals, with a point or a comma', () => {
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput('12,05')).toBe(1205);
    expect(parseMoneyInput('0.01')).toBe(1);
    expect(parseMoneyInput(' 7 ')).toBe(700);
  });

  it('keeps the sign, and minus zero is zero', () => {
    expect(parseMoneyInput('-1234.56')).toBe(-123456);
    expect(parseMoneyInput('-0')).toBe(0);
    expect(Object.is(parseMoneyInput('-0.00'), 0)).toBe(true);
  });

  it('is exact where floats are not', () => {
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('1.15')).toBe(115);
    expect(parseMoneyInput('90071992547409.91')).toBe(9007199254740991);
  });

  it('refuses what the rule does not allow', () => {
    for (const text of [
      '',
      '-',
      '+5',
      '1.234',
      '1,234.56',
      '1 000',
      '12.',
      '.5',
      'abc',
      '1e3',
      '--1',
      '12,345',
    ])
      expect(parseMoneyInput(text), text).toBeNull();
  });

  it('refuses amounts beyond the safe integer range', () => {
    expect(parseMoneyInput('90071992547409.92')).toBeNull();
    expect(parseMoneyInput('99999999999999999')).toBeNull();
  });

  it('round-trips through formatMoneyInput', () => {
    for (const minor of [0, 1, 10, 99, 100, 123456, -1, -5, -123456])
      expect(parseMoneyInput(formatMoneyInput(minor))).toBe(minor);
    expect(formatMoneyInput(-5)).toBe('-0.05');
  });
});

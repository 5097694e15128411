import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnitPriceInput, parseUnitPrice } from './unit-price.ts';

describe('unit prices typed in the product form', () => {
  it.each([
    ['12,5', 125_000],
    ['1.234,5678', 12_345_678],
    ['1234.56', 12_345_600],
    ['0,125', 1_250],
    ['0.125', 1_250],
    ['1.234.567', 12_345_670_000],
    ['40 €', 400_000],
    ['0', 0],
  ])('reads %s as %i', (text, value) => expect(parseUnitPrice(text)).toBe(value));

  it.each(['', 'abc', '1,23456', '12,3,4', '1.23.4', '-5', '1e3'])('refuses %s', (text) =>
    expect(parseUnitPrice(text)).toBeNull(),
  );

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (value) => {
        expect(parseUnitPrice(formatUnitPriceInput(value))).toBe(value);
      }),
    );
    expect(formatUnitPriceInput(400_000)).toBe('40,00');
    expect(formatUnitPriceInput(12_345)).toBe('1,2345');
    expect(formatUnitPriceInput(12_340)).toBe('1,234');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCents, localeOf, totalCents } from './money.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCents', () => {
  it('formats integer cents in the locale and currency', () => {
    expect(formatCents(1999, 'EUR', 'en-GB')).toBe('€19.99');
    expect(nbsp(formatCents(1999, 'EUR', 'pt-PT'))).toBe('19,99 €');
    expect(nbsp(formatCents(149_000, 'EUR', 'fr-FR'))).toBe('1 490,00 €');
    expect(formatCents(0, 'EUR', 'en-GB')).toBe('€0.00');
    expect(formatCents(5, 'EUR', 'en-GB')).toBe('€0.05');
  });

  it('keeps exact cents where a float sum would drift', () => {
    expect(formatCents(totalCents(1_010, 3), 'EUR', 'en-GB')).toBe('€30.30');
    expect(formatCents(33, 'EUR', 'en-GB')).toBe('€0.33');
  });

  it('follows the currency’s own minor digits', () => {
    expect(formatCents(1500, 'JPY', 'en-GB')).toBe('JP¥1,500');
    expect(nbsp(formatCents(123_456, 'AOA', 'pt-PT'))).toMatch(/^1 ?234,56 (AOA|Kz)$/);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => formatCents(19.99, 'EUR', 'en-GB')).toThrow(RangeError);
  });
});

describe('totalCents', () => {
  it('multiplies the unit price by the quantity in integers', () => {
    expect(totalCents(1_000, 3)).toBe(3_000);
    expect(() => totalCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('localeOf', () => {
  it('maps the interface languages to locales', () => {
    expect(localeOf('pt')).toBe('pt-PT');
    expect(localeOf('xx')).toBe('en-GB');
  });
});

import { UNIT_PRICE_SCALE } from '@fluxo/domain/billing/document-totals';

// Unit prices are integers × 10,000 (4 decimals, as SAF-T's UnitPrice). Typed as "1.234,5678",
// "1234.56" or "12,5": parsed as text, never through a float.

/**
 * "1.234,5" → 12345000; null for what is not a price with at most 4 decimals. A comma is always the
 * decimal separator (dots then group thousands); without a comma a single dot is the decimal one.
 */
export function parseUnitPrice(text: string): number | null {
  const compact = text.trim().replace(/[\s€]/g, '');
  let whole: string;
  let fraction: string;
  if (compact.includes(',')) {
    const at = compact.lastIndexOf(',');
    whole = compact.slice(0, at);
    fraction = compact.slice(at + 1);
    if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(whole)) return null;
    whole = whole.replace(/\./g, '');
  } else if ((compact.match(/\./g) ?? []).length > 1) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(compact)) return null;
    whole = compact.replace(/\./g, '');
    fraction = '';
  } else {
    [whole = '', fraction = ''] = compact.split('.');
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,4}$/.test(fraction)) return null;
  const value = Number(whole) * UNIT_PRICE_SCALE + Number(fraction.padEnd(4, '0'));
  return Number.isSafeInteger(value) && value <= 1e15 ? value : null;
}

/** 12345000 → "1234,50" in the form's own notation (comma decimals, 2 to 4 places). */
export function formatUnitPriceInput(value: number): string {
  const whole = Math.trunc(value / UNIT_PRICE_SCALE);
  let fraction = String(value % UNIT_PRICE_SCALE).padStart(4, '0');
  fraction = fraction.replace(/0{1,2}$/, '');
  return `${whole},${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}

/** A price as shown in a list, in the interface's locale: 2 to 4 decimals. */
export function formatUnitPrice(value: number, currency: string, locale: string): string {
  const decimals = value % 100 === 0 ? 2 : value % 10 === 0 ? 3 : 4;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value / UNIT_PRICE_SCALE);
}

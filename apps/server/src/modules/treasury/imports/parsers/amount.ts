import currencyCodes from 'currency-codes';

// Decimal text → integer minor units by string manipulation only: a float never holds money here.

/** The currency's minor digits (EUR 2, JPY 0, BHD 3); null for a code ISO 4217 does not know. */
export function minorDigits(currency: string): number | null {
  const entry = currencyCodes.code(currency.toUpperCase());
  return entry ? entry.digits : null;
}

export type AmountResult = { ok: true; value: number } | { ok: false; reason: 'invalid' | 'too_large' };

/**
 * A plain decimal "123.45" / "-0,5" (one separator, no grouping) → minor units. More fraction digits
 * than the currency has are accepted only when they are zeros (an amount is never silently rounded).
 */
export function decimalToMinor(text: string, digits: number): AmountResult {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return { ok: false, reason: 'invalid' };
  const [, sign = '', whole = '', rawFraction = ''] = match;
  if (whole === '' && rawFraction === '') return { ok: false, reason: 'invalid' };
  let fraction = rawFraction;
  if (fraction.length > digits) {
    if (/[^0]/.test(fraction.slice(digits))) return { ok: false, reason: 'invalid' };
    fraction = fraction.slice(0, digits);
  }
  const digitsText = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '') || '0';
  if (digitsText.length > 16) return { ok: false, reason: 'too_large' };
  const magnitude = Number(digitsText);
  if (!Number.isSafeInteger(magnitude)) return { ok: false, reason: 'too_large' };
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

/**
 * An amount as people write it in a spreadsheet export: "1.234,56", "-1 234,56", "(12,00)", "12,00-",
 * "€ 1 234,56", "1,234.56". `decimalComma` says which separator is the decimal one; the other (and
 * spaces, apostrophes) are thousands separators.
 */
export function localeAmountToMinor(raw: string, digits: number, decimalComma: boolean): AmountResult {
  let text = raw
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^(?:EUR|AOA|USD|€|\$|Kz)|(?:EUR|AOA|USD|€|\$|Kz)$/i, '')
    .replace(/[\u2212\u2013]/g, '-');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  const [decimal, grouping] = decimalComma ? [',', '.'] : ['.', ','];
  const parts = text.split(decimal);
  if (parts.length > 2) return { ok: false, reason: 'invalid' };
  const [integerPart = '', fraction] = parts;
  // Grouping is only accepted in threes, so that "1.5" with a decimal comma is not read as 15.
  if (integerPart.includes(grouping) && !new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(integerPart)) {
    return { ok: false, reason: 'invalid' };
  }
  const whole = integerPart.split(grouping).join('');
  if (!/^\d*$/.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) {
    return { ok: false, reason: 'invalid' };
  }
  return decimalToMinor(
    `${negative ? '-' : ''}${whole}${fraction !== undefined ? `.${fraction}` : ''}`,
    digits,
  );
}

/** Minor units → "1234.56" (for messages and generated files). */
export function minorToDecimal(value: number, digits: number): string {
  const negative = value < 0;
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${body}`;
}

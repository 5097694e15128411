/** Digits after the decimal point of a currency's minor unit (EUR 2, JPY 0, BHD 3). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * "-1234.5" → -123450 for a 2-digit currency: string arithmetic, never a float, so no cent is lost.
 * Null when the text is not a plain decimal or has more digits than the currency's minor unit holds.
 */
export function decimalToMinor(text: string, digits: number): number | null {
  const match = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits) return null;
  const value = Number(`${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`);
  if (!Number.isSafeInteger(value)) return null;
  return sign === '-' && value !== 0 ? -value : value;
}

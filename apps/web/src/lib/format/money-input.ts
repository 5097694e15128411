/**
 * Spec §5 "Transaction amount": an optional minus, digits, at most two decimals. People type either
 * decimal mark ("12,50" in PT, "12.50" in GB) and sometimes thousands groups ("1.234,56", "1 234.56"):
 * the last mark followed by one or two digits is the decimal one, the others are grouping. Everything
 * is string arithmetic, so 0.1 + 0.2 never happens to a euro.
 */
const AMOUNT = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;
// One grouping mark throughout (\3): "1.234,567" mixes two and is refused, not read as 1234567.
const GROUPED = /^(-)?(\d{1,3}([.,\s\u00a0\u202f])\d{3}(?:\3\d{3})*)(?:([.,])(\d{1,2}))?$/;

/** Minor units (cents) of a typed amount, or null when it is not an amount. */
export function parseMoneyInput(text: string, minorDigits = 2): number | null {
  const value = text.trim().replace(/^\+/, '');
  if (!value) return null;
  let negative: boolean;
  let whole: string;
  let fraction: string;
  const plain = AMOUNT.exec(value);
  if (plain) {
    negative = !!plain[1];
    whole = plain[2] ?? '0';
    fraction = plain[3] ?? '';
  } else {
    const grouped = GROUPED.exec(value);
    // The grouping mark cannot also be the decimal mark ("1.234.56" is not an amount).
    if (!grouped || (grouped[4] && grouped[4] === grouped[3])) return null;
    negative = !!grouped[1];
    whole = (grouped[2] ?? '').replace(/[.,\s\u00a0\u202f]/g, '');
    fraction = grouped[5] ?? '';
  }
  if (fraction.length > minorDigits) return null;
  const digits = `${whole}${fraction.padEnd(minorDigits, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) return null;
  return negative && minor !== 0 ? -minor : minor;
}

/** Minor units as the plain text an input holds ("-1234.5" → "-1234.50"), without grouping. */
export function formatMoneyInput(minor: number, minorDigits = 2): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount must be integer minor units, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  if (minorDigits === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}

/** How many minor digits a currency has (EUR 2, JPY 0), from Intl; 2 for an unknown code. */
export function currencyMinorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * The spec's transaction-amount rule (§5): an optional minus, digits, at most two decimals. The
 * decimal separator may be a point or a comma (PT and ES users type commas); no grouping.
 */
const AMOUNT = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * A typed amount → integer minor units, by string arithmetic (never parseFloat): "-12,5" → -1250.
 * Null when the text does not follow the rule or is out of the safe integer range.
 */
export function parseMoneyInput(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const digits = `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 16) return null;
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  return minus && value !== 0 ? -value : value;
}

/** Minor units as the text the input shows back: -1250 → "-12.50" (a point, the rule's own form). */
export function formatMoneyInput(minor: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

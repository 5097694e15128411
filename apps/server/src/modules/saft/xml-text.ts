// Text and numbers as SAF-T writes them: XML-escaped, without the control characters XML 1.0 forbids,
// within the schema's lengths; money in euros with a decimal point; decimals without trailing zeros.

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, and the markup ones.
const NEEDS_WORK = /[\u0000-\u001F\uFFFE\uFFFF&<>"]/;

export function escapeXml(value: string): string {
  // Most values (numbers, dates, codes) have nothing to escape: one scan instead of five.
  if (!NEEDS_WORK.test(value)) return value;
  return value
    .replace(FORBIDDEN, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Trimmed, cut to `max` characters (code points), or the fallback when nothing is left. */
export function fit(value: string | null | undefined, max: number, fallback = 'Desconhecido'): string {
  const cleaned = (value ?? '').replace(FORBIDDEN, '').replace(/\s+/g, ' ').trim();
  if (!cleaned) return fallback;
  // UTF-16 length bounds the count of code points: only a long text needs counting.
  if (cleaned.length <= max) return cleaned;
  const points = [...cleaned];
  return points.length <= max ? cleaned : points.slice(0, max).join('').trimEnd();
}

/** `<name>text</name>`, the text escaped. */
export function el(name: string, value: string | number): string {
  return `<${name}>${typeof value === 'number' ? value : escapeXml(value)}</${name}>`;
}

/** Cents as euros with two decimals ("1234.50"); the schema's monetary type has no sign. */
export function money(cents: number): string {
  const magnitude = Math.abs(cents);
  return `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** An integer scaled by 10^scale as a decimal, trailing zeros dropped (at least `minDecimals`). */
export function decimal(scaled: bigint | number, scale: number, minDecimals = 0): string {
  const value = typeof scaled === 'bigint' ? scaled : BigInt(scaled);
  const magnitude = value < 0n ? -value : value;
  const digits = magnitude.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A rate kept with 10 decimals ("1.0850000000") as an integer × 10^10. */
export function rateScaled(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole + fraction.padEnd(10, '0').slice(0, 10));
}

/** A × 10^k ÷ B rounded half away from zero, for non-negative A and positive B. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

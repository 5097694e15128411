/**
 * A string that shares no memory with the text it was cut from. V8 keeps a substring of 13 or more
 * characters as a view into its parent, so one kept name would hold the parser's whole 256 KB chunk —
 * and 100,000 entries the whole file.
 */
export function detached(value: string): string {
  // A round trip through bytes gives one flat string of its own (slicing a copy would keep a view again).
  return value.length < 13 ? value : Buffer.from(value, 'utf8').toString('utf8');
}

/** Trims, collapses inner white space, and turns empty into null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : detached(cleaned);
}

/** An IBAN without spaces, upper case; null for an empty one. */
export function normaliseIban(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = value.replace(/[\s-]/g, '').toUpperCase();
  return cleaned === '' ? null : detached(cleaned);
}

/** True when the text is an IBAN whose check digits are right (ISO 13616, mod 97). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  return ibanRemainder(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The mod-97 remainder of an IBAN-style string, letters counted as 10–35. */
export function ibanRemainder(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Completes "PT00" + BBAN with its check digits (fixtures and generated statements). */
export function withIbanCheckDigits(country: string, bban: string): string {
  const check = 98 - ibanRemainder(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/**
 * Hands back one shared copy of each repeated string (dates, counterparties, recurring descriptions): a
 * 100,000-entry statement holds a few thousand distinct ones. Bounded, so unique texts do not pile up.
 */
export function stringPool(limit = 20_000): <T extends string | null>(value: T) => T {
  const pool = new Map<string, string>();
  return <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const hit = pool.get(value);
    if (hit !== undefined) return hit as T;
    if (pool.size < limit) pool.set(value, value);
    return value;
  };
}

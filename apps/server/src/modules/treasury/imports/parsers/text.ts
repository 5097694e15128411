/** Trims, collapses inner white space, and turns empty into null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** An IBAN without spaces, upper case; null for an empty one. */
export function normaliseIban(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = value.replace(/[\s-]/g, '').toUpperCase();
  return cleaned === '' ? null : cleaned;
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

import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** The IBAN without spaces, upper case; `PT50 0002 …` → `PT500002…`. */
export function compactIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/** ISO 13616 IBAN: country length and structure, and the ISO 7064 MOD 97-10 check digits. */
export function isValidIban(value: string): boolean {
  const compact = compactIban(value);
  return compact !== '' && isValidIBAN(compact);
}

/** `PT50 **** **** **** **** 1234 5`: enough to recognise an account without exposing it. */
export function maskIban(value: string): string {
  const compact = compactIban(value);
  return `${compact.slice(0, 4)}${'*'.repeat(Math.max(0, compact.length - 8))}${compact.slice(-4)}`;
}

/**
 * The two check digits of a Portuguese NIB (Número de Identificação Bancária) for its first 19 digits
 * (bank 4, branch 4, account 11): 98 − (those digits × 100 mod 97), as Banco de Portugal defines them.
 */
export function ptNibCheckDigits(first19: string): string {
  if (!/^\d{19}$/.test(first19)) throw new RangeError('A NIB check is computed over 19 digits');
  // Digit by digit, so that the 19-digit number never leaves the safe-integer range.
  let remainder = 0;
  for (const digit of `${first19}00`) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** A Portuguese NIB: 21 digits (spaces allowed) whose last two are the check digits of the first 19. */
export function isValidPtNib(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  return /^\d{21}$/.test(digits) && ptNibCheckDigits(digits.slice(0, 19)) === digits.slice(19);
}

/**
 * An account IBAN as Fluxo accepts it: ISO 13616 (structure and MOD 97-10), and for a Portuguese one
 * the NIB it carries (the 21 digits after `PT50`) must hold its own check digits.
 */
export function isValidAccountIban(value: string): boolean {
  const compact = compactIban(value);
  if (!isValidIban(compact)) return false;
  return !compact.startsWith('PT') || isValidPtNib(compact.slice(4));
}

/** A BIC (ISO 9362): 4 letters of the bank, the ISO country, 2 of location, optionally 3 of branch. */
export function isValidBic(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(compact) && isValidBIC(compact);
}

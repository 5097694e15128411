import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

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

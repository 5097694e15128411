import { isValidTaxNumber, nationalTaxNumber } from '../reference/tax-numbers.ts';

/**
 * The stored form of an organization's VAT number: the national form (upper case, no separators, no
 * country prefix), so that "PT 508 332 150" and "508332150" are the same organization.
 */
export function normalizeVatNumber(country: string, value: string): string {
  return nationalTaxNumber(country, value);
}

/**
 * An organization's VAT number must match its country's pattern (with the PT check digit), and — for
 * countries without a pattern — still look like a tax number: 5 to 20 letters and digits.
 */
export function isValidVatNumber(country: string, value: string): boolean {
  return isValidTaxNumber(country, value) && /^[A-Z0-9]{5,20}$/.test(normalizeVatNumber(country, value));
}

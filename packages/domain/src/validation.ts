/** Spec §5: an e-mail has the form {local}@{domain} with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
export const ALPHANUMERIC_PATTERN = /^[\p{L}\p{N}]+$/u;
export function isAlphanumeric(value: string): boolean {
  return ALPHANUMERIC_PATTERN.test(value);
}
export const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
export function isNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value);
}
export const TRANSACTION_AMOUNT_PATTERN = /^-?\d+(\.\d{1,2})?$/;
export function isTransactionAmount(value: string): boolean {
  return TRANSACTION_AMOUNT_PATTERN.test(value);
}

const PT_NIF_PREFIXES = [
  '1',
  '2',
  '3',
  '5',
  '6',
  '8',
  '9',
  '45',
  '70',
  '71',
  '72',
  '74',
  '75',
  '77',
  '78',
  '79',
  '90',
  '91',
  '98',
  '99',
];

/**
 * Portuguese NIF: 9 digits (an optional `PT` prefix is accepted), a permitted first digit or
 * pair, and a modulus-11 check digit with weights 9..2 where 10 or more becomes 0.
 */
export function isValidPtNif(value: string): boolean {
  const digits = value.trim().toUpperCase().replace(/^PT/, '');
  if (!/^\d{9}$/.test(digits)) return false;
  if (!PT_NIF_PREFIXES.some((prefix) => digits.startsWith(prefix))) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  const remainder = sum % 11;
  const check = remainder < 2 ? 0 : 11 - remainder;
  return check === Number(digits[8]);
}

/** Angolan NIF: 10 characters for companies (digits) or 14 for individuals (9 digits, 2 letters, 3 digits). */
export function isValidAoNif(value: string): boolean {
  const v = value.trim().toUpperCase().replace(/^AO/, '');
  return /^\d{10}$/.test(v) || /^\d{9}[A-Z]{2}\d{3}$/.test(v);
}

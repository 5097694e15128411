/**
 * Multibanco payment references (SIBS "referências com check digits"): a 9-digit reference made of
 * a 7-digit id and 2 check digits computed over entity (5 digits) + id (7) + amount in cents
 * (8, zero-padded) with ISO 7064 MOD 97-10 weights; check = 98 − (Σ dᵢ·wᵢ mod 97). Published
 * example: entity 90150, id 1231234, €432.11 → reference 123 123 451. Sources in
 * docs/payments.md.
 */
const WEIGHTS = [51, 73, 17, 89, 38, 62, 45, 53, 15, 50, 5, 49, 34, 81, 76, 27, 90, 9, 30, 3] as const;
/** The largest amount a Multibanco reference carries: 999 999.99 €. */
export const MULTIBANCO_MAX_CENTS = 99_999_999;

function digits(value: string, length: number, what: string): string {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new RangeError(`${what} must have ${length} digits`);
  return value;
}

function control(entity: string, id: string, amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > MULTIBANCO_MAX_CENTS) {
    throw new RangeError('The amount must be between 1 cent and 999 999.99 €');
  }
  return `${digits(entity, 5, 'entity')}${digits(id, 7, 'id')}${String(amountCents).padStart(8, '0')}`;
}

export function multibancoCheckDigits(entity: string, id: string, amountCents: number): string {
  const number = control(entity, id, amountCents);
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(number[i]) * WEIGHTS[i]!;
  return String(98 - (sum % 97)).padStart(2, '0');
}

/** The 9-digit reference for an id (0 … 9 999 999) and amount. */
export function multibancoReference(entity: string, idNumber: number, amountCents: number): string {
  if (!Number.isSafeInteger(idNumber) || idNumber < 0 || idNumber > 9_999_999) {
    throw new RangeError('The reference id must be between 0 and 9 999 999');
  }
  const id = String(idNumber).padStart(7, '0');
  return `${id}${multibancoCheckDigits(entity, id, amountCents)}`;
}

/** Whether a 9-digit reference is consistent with its entity and amount. */
export function isValidMultibancoReference(entity: string, reference: string, amountCents: number): boolean {
  const compact = reference.replace(/\s/g, '');
  if (!/^\d{9}$/.test(compact) || !/^\d{5}$/.test(entity)) return false;
  try {
    return multibancoCheckDigits(entity, compact.slice(0, 7), amountCents) === compact.slice(7);
  } catch {
    return false;
  }
}

/** "123 123 451", as printed on a payment slip. */
export function formatMultibancoReference(reference: string): string {
  return reference.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

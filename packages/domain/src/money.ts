/**
 * Money is integer minor units (cents for EUR) with an ISO currency, never a float. These helpers
 * keep every step in integers; rounding is half up, as on an invoice.
 */
export const BILLING_CURRENCY = 'EUR';

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/** `numerator / denominator`, both non-negative integers, rounded half up. */
export function divideRounded(numerator: number, denominator: number): number {
  assertCents(numerator, 'numerator');
  assertCents(denominator, 'denominator');
  if (denominator <= 0 || numerator < 0)
    throw new RangeError('divideRounded takes a non-negative numerator and a positive denominator');
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** A share of an amount in basis points (1 % = 100): VAT, discounts. */
export function basisPointsOf(amountCents: number, basisPoints: number): number {
  return divideRounded(amountCents * basisPoints, 10_000);
}

/** The amount after a percentage discount. */
export function discounted(amountCents: number, discountPercent: number): number {
  return divideRounded(amountCents * (100 - discountPercent), 100);
}

/** `unitCents × quantity`, checked to stay a safe integer. */
export function times(unitCents: number, quantity: number): number {
  const total = unitCents * quantity;
  assertCents(total, 'amount');
  return total;
}

/** "12.34" for 1234 cents: for display and documents only. */
export function formatCents(cents: number): string {
  assertCents(cents, 'amount');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

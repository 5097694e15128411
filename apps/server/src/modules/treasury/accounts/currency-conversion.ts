import currencyCodes from 'currency-codes';

/** Minor-unit digits of an ISO 4217 currency (2 when the list gives none, as for most currencies). */
export function currencyDigits(currency: string): number {
  const digits = currencyCodes.code(currency)?.digits;
  return typeof digits === 'number' && Number.isInteger(digits) ? digits : 2;
}

export function isKnownCurrency(currency: string): boolean {
  return currencyCodes.code(currency) !== undefined;
}

/**
 * `amount` minor units of a currency in another, at `rate` units of that currency per one of the
 * other (a decimal string, as the exchange-rate repository gives it): exact integer arithmetic,
 * rounded half away from zero like PostgreSQL's round(numeric), so the list and the daily series agree.
 */
export function convertMinor(amount: number, rate: string, fromDigits: number, toDigits: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match || /^0*(?:\.0*)?$/.test(rate.trim())) throw new RangeError(`Not a usable rate: ${rate}`);
  const fraction = match[2] ?? '';
  let numerator = BigInt(amount) * 10n ** BigInt(fraction.length);
  let denominator = BigInt(`${match[1]}${fraction}`);
  const shift = toDigits - fromDigits;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

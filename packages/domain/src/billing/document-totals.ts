// Totals of a sales document. Each line's net amount is rounded to the cent first (quantity × unit
// price − discount); VAT is then computed once per rate and region on the sum of the nets at that rate
// (the "per line, then per rate" method the SAF-T's DocumentTotals reflect: TaxPayable is the sum of the
// per-rate taxes, NetTotal the sum of the line nets, GrossTotal their sum). Everything is integer
// arithmetic on scaled values; rounding is half away from zero, as on an invoice.

/** Quantities carry up to 3 decimals (1.5 h = 1500), unit prices up to 4 (0.1234 € = 1234). */
export const QUANTITY_SCALE = 1_000;
export const UNIT_PRICE_SCALE = 10_000;

export interface DocumentLineInput {
  /** Quantity × QUANTITY_SCALE, > 0. */
  quantity: number;
  /** Unit price × UNIT_PRICE_SCALE, ≥ 0, without VAT. */
  unitPrice: number;
  /** Discount in basis points (10 % = 1000), 0–10000. */
  discountBasisPoints?: number;
  /** VAT rate in basis points (23 % = 2300); 0 needs an exemption code. */
  vatBasisPoints: number;
  /** SAF-T TaxCountryRegion: PT, PT-AC, PT-MA, AO, or another country's code. */
  taxRegion: string;
  /** M01…M99 (PT) or M00… (AO): mandatory when the rate is 0. */
  exemptionCode?: string | null;
  /** The line's amount is subject to withholding tax (services of a self-employed person, rents…). */
  subjectToWithholding?: boolean;
}

export interface TaxSummary {
  taxRegion: string;
  vatBasisPoints: number;
  exemptionCode: string | null;
  /** Sum of the line nets at this rate, in cents. */
  base: number;
  /** VAT at this rate on `base`, in cents. */
  vat: number;
}

export interface DocumentTotals {
  /** Each line's net amount in cents, in input order. */
  lineNets: number[];
  taxes: TaxSummary[];
  netTotal: number;
  taxPayable: number;
  grossTotal: number;
  /** Withholding tax in cents (IRS/IRC retention), deducted from what the customer pays. */
  withholding: number;
  /** grossTotal − withholding: what the customer pays. */
  payable: number;
}

export class DocumentTotalsError extends Error {
  constructor(
    readonly code: 'QUANTITY' | 'UNIT_PRICE' | 'DISCOUNT' | 'RATE' | 'EXEMPTION_REQUIRED' | 'EXEMPTION_CODE',
    readonly line: number,
  ) {
    super(`Line ${line + 1}: ${code}`);
  }
}

/** numerator / denominator rounded half away from zero, on bigints. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError('Amount out of range');
  return number;
}

/** A line's net in cents: quantity × unit price × (1 − discount), rounded once. */
export function lineNet(
  line: Pick<DocumentLineInput, 'quantity' | 'unitPrice' | 'discountBasisPoints'>,
): number {
  const discount = BigInt(10_000 - (line.discountBasisPoints ?? 0));
  // cents = q/1e3 × p/1e4 × (1e4 − d)/1e4 × 100
  const numerator = BigInt(line.quantity) * BigInt(line.unitPrice) * discount * 100n;
  const denominator = BigInt(QUANTITY_SCALE) * BigInt(UNIT_PRICE_SCALE) * 10_000n;
  return toSafeNumber(divideRounded(numerator, denominator));
}

/** `amount × basisPoints / 10000`, rounded half away from zero. */
export function percentOf(amount: number, basisPoints: number): number {
  return toSafeNumber(divideRounded(BigInt(amount) * BigInt(basisPoints), 10_000n));
}

const EXEMPTION = /^M\d{2}$/;

export function computeDocumentTotals(
  lines: readonly DocumentLineInput[],
  options: { withholdingBasisPoints?: number } = {},
): DocumentTotals {
  const taxes = new Map<string, TaxSummary>();
  let withholdingBase = 0;
  const lineNets = lines.map((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
      throw new DocumentTotalsError('QUANTITY', index);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw new DocumentTotalsError('UNIT_PRICE', index);
    const discount = line.discountBasisPoints ?? 0;
    if (!Number.isInteger(discount) || discount < 0 || discount > 10_000)
      throw new DocumentTotalsError('DISCOUNT', index);
    if (!Number.isInteger(line.vatBasisPoints) || line.vatBasisPoints < 0 || line.vatBasisPoints > 10_000)
      throw new DocumentTotalsError('RATE', index);
    const exemption = line.exemptionCode ?? null;
    if (line.vatBasisPoints === 0 && !exemption) throw new DocumentTotalsError('EXEMPTION_REQUIRED', index);
    if (exemption !== null && !EXEMPTION.test(exemption))
      throw new DocumentTotalsError('EXEMPTION_CODE', index);

    const net = lineNet(line);
    const exemptionKey = line.vatBasisPoints === 0 ? exemption : null;
    const key = `${line.taxRegion}|${line.vatBasisPoints}|${exemptionKey ?? ''}`;
    const summary = taxes.get(key) ?? {
      taxRegion: line.taxRegion,
      vatBasisPoints: line.vatBasisPoints,
      exemptionCode: exemptionKey,
      base: 0,
      vat: 0,
    };
    summary.base += net;
    taxes.set(key, summary);
    if (line.subjectToWithholding) withholdingBase += net;
    return net;
  });
  const summaries = [...taxes.values()];
  for (const summary of summaries) summary.vat = percentOf(summary.base, summary.vatBasisPoints);
  const netTotal = lineNets.reduce((sum, net) => sum + net, 0);
  const taxPayable = summaries.reduce((sum, summary) => sum + summary.vat, 0);
  const grossTotal = netTotal + taxPayable;
  const withholding = percentOf(withholdingBase, options.withholdingBasisPoints ?? 0);
  return {
    lineNets,
    taxes: summaries,
    netTotal,
    taxPayable,
    grossTotal,
    withholding,
    payable: grossTotal - withholding,
  };
}

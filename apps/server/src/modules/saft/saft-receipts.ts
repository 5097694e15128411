import { percentOf, saftExemptionReason } from '@fluxo/domain';
import { eurCents, type SaftReceiptExtras } from '../billing/index.ts';

// A receipt's SAF-T lines (Payments/Payment/Line), one per settled document — and, for RC receipts
// (VAT cash regime, whose lines must carry the tax: an XSD 1.1 assert), one per tax rate of that
// document, the amount settled shared across its rates in proportion to their gross amounts.

export interface ReceiptLine {
  originatingOn: string;
  invoiceDate: string;
  /** EUR cents without VAT for RC lines, the amount settled for RG ones. */
  amount: number;
  /** Debit when the settled document is a credit note (it reduces what is received). */
  side: 'debit' | 'credit';
  tax: { region: string; code: string; basisPoints: number; amount: number } | null;
  exemption: { code: string; reason: string } | null;
}

export interface ReceiptTotals {
  net: number;
  tax: number;
  gross: number;
}

/** Shares `total` across `weights` in proportion, the rounding remainder to the largest weights. */
function share(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map((value) => Math.floor(value));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] as number) + 1;
    left -= 1;
  }
  return parts;
}

export function receiptLines(
  receiptType: string,
  receiptId: string,
  extras: SaftReceiptExtras,
  exemptionReason: (code: string) => string = saftExemptionReason,
): { lines: ReceiptLine[]; totals: ReceiptTotals } {
  const lines: ReceiptLine[] = [];
  for (const allocation of extras.allocations) {
    if (allocation.receipt_id !== receiptId) continue;
    const side = allocation.document_type === 'NC' ? 'debit' : 'credit';
    const base = {
      originatingOn: allocation.document_number,
      invoiceDate: allocation.document_date,
      side,
    } as const;
    if (receiptType !== 'RC') {
      lines.push({
        ...base,
        amount: eurCents(allocation.amount, allocation.exchange_rate),
        tax: null,
        exemption: null,
      });
      continue;
    }
    const groups = extras.taxGroups.filter((group) => group.document_id === allocation.document_id);
    const grosses = groups.map((group) => group.net + percentOf(group.net, group.vat_basis_points));
    const portions = share(allocation.amount, grosses);
    groups.forEach((group, index) => {
      const portion = portions[index] as number;
      const gross = grosses[index] as number;
      const net = gross === 0 ? portion : Math.round((portion * group.net) / gross);
      const netEur = eurCents(net, allocation.exchange_rate);
      lines.push({
        ...base,
        amount: netEur,
        tax: {
          region: group.tax_region,
          code: group.tax_code,
          basisPoints: group.vat_basis_points,
          amount: eurCents(portion, allocation.exchange_rate) - netEur,
        },
        exemption:
          group.vat_basis_points === 0
            ? {
                code: group.exemption_code ?? 'M99',
                reason: exemptionReason(group.exemption_code ?? 'M99'),
              }
            : null,
      });
    });
  }
  let net = 0;
  let tax = 0;
  for (const line of lines) {
    const sign = line.side === 'credit' ? 1 : -1;
    net += sign * line.amount;
    tax += sign * (line.tax?.amount ?? 0);
  }
  return { lines, totals: { net: Math.abs(net), tax: Math.abs(tax), gross: Math.abs(net + tax) } };
}

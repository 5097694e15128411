import type { BillingDocument } from '@fluxo/domain/billing/contracts';

/** Types that are not sales: quotes and pro formas promise, receipts acknowledge money already counted. */
const NOT_SALES = new Set(['OR', 'PF', 'RC', 'RG']);

export interface DocumentSums {
  currency: string;
  count: number;
  /** Invoiced, credit notes subtracted (cents). */
  gross: number;
  /** Still to receive on what was invoiced (cents). */
  outstanding: number;
}

/**
 * Sums of the issued, not cancelled, sales documents among those shown, per currency. A credit note
 * counts against what was invoiced; its own `settled` is not money owed to anyone.
 */
export function sumDocuments(documents: readonly BillingDocument[]): DocumentSums[] {
  const sums = new Map<string, DocumentSums>();
  for (const document of documents) {
    if (document.state !== 'issued' || document.status === 'A' || NOT_SALES.has(document.documentType))
      continue;
    const sum = sums.get(document.currency) ?? {
      currency: document.currency,
      count: 0,
      gross: 0,
      outstanding: 0,
    };
    sum.count += 1;
    if (document.documentType === 'NC') sum.gross -= document.grossTotal;
    else {
      sum.gross += document.grossTotal;
      sum.outstanding += Math.max(document.payable - document.settled, 0);
    }
    sums.set(document.currency, sum);
  }
  return [...sums.values()];
}

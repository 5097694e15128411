import type { OpenItem } from '@fluxo/domain/billing/payments-contracts';

/** The open items a payment can settle: documents still owing (not credit notes), oldest due first. */
export function payableItems(items: readonly OpenItem[]): OpenItem[] {
  return items
    .filter((item) => item.open > 0)
    .sort((a, b) => (a.dueDate ?? a.documentDate).localeCompare(b.dueDate ?? b.documentDate));
}

/**
 * Spreads `amount` cents over the items, the oldest due first, never more than an item's open amount;
 * what does not fit is left over (the server refuses a payment larger than what it settles).
 */
export function allocateOldestFirst(
  items: readonly OpenItem[],
  amount: number,
): { allocations: Map<string, number>; leftover: number } {
  const allocations = new Map<string, number>();
  let left = Math.max(0, amount);
  for (const item of payableItems(items)) {
    if (left === 0) break;
    const part = Math.min(left, item.open);
    allocations.set(itemKey(item), part);
    left -= part;
  }
  return { allocations, leftover: left };
}

/** An item's identity in a form: its document or purchase id. */
export function itemKey(item: Pick<OpenItem, 'documentId' | 'purchaseId'>): string {
  return item.documentId ?? item.purchaseId ?? '';
}

export { localIsoDate as todayIso } from '@fluxo/domain';

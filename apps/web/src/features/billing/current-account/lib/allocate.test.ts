import type { OpenItem } from '@fluxo/domain/billing/payments-contracts';
import { describe, expect, it } from 'vitest';
import { allocateOldestFirst, payableItems } from './allocate.ts';

const item = (id: string, dueDate: string, open: number): OpenItem => ({
  documentId: id,
  purchaseId: null,
  documentType: open < 0 ? 'NC' : 'FT',
  number: `FT A/${id}`,
  documentDate: '2026-01-01',
  dueDate,
  payable: Math.abs(open),
  settled: 0,
  open,
  daysOverdue: 0,
});

describe('allocateOldestFirst', () => {
  const items = [
    item('2', '2026-03-01', 5_000),
    item('1', '2026-02-01', 12_300),
    item('3', '2026-01-15', -2_000),
  ];

  it('settles the oldest due first, never more than is open, and leaves credit notes alone', () => {
    const { allocations, leftover } = allocateOldestFirst(items, 15_000);
    expect([...allocations]).toEqual([
      ['1', 12_300],
      ['2', 2_700],
    ]);
    expect(leftover).toBe(0);
    expect(payableItems(items).map((i) => i.documentId)).toEqual(['1', '2']);
  });

  it('reports what does not fit', () => {
    expect(allocateOldestFirst(items, 20_000).leftover).toBe(2_700);
    expect(allocateOldestFirst(items, 0).allocations.size).toBe(0);
  });
});

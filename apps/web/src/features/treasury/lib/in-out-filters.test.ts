import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToQuery,
  filtersToSearch,
  type InOutFilters,
} from './in-out-filters.ts';

const A = '0b8c6c1e-6a8e-4f0e-9d55-1c1f3f1d2a01';
const B = '5f0c2b8e-0d7e-4b8a-8f3a-7a7d5e6b9c02';

describe('in-out filters in the URL', () => {
  it('writes nothing for the defaults and reads the defaults from an empty query', () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });

  it('writes every filter under a short readable name, amounts as decimals', () => {
    const filters: InOutFilters = {
      accountIds: [A, B],
      from: '2026-01-01',
      to: '2026-03-31',
      minAmount: -1250,
      maxAmount: 100000,
      q: ' renda ',
      categoryIds: [A],
      merchantIds: [B],
      direction: 'out',
      hasDocuments: false,
      uncategorised: true,
      transfers: 'exclude',
      sort: 'amount_asc',
    };
    const search = filtersToSearch(filters);
    expect(Object.fromEntries(search)).toEqual({
      accounts: `${A},${B}`,
      from: '2026-01-01',
      to: '2026-03-31',
      min: '-12.50',
      max: '1000.00',
      q: 'renda',
      categories: A,
      merchants: B,
      dir: 'out',
      docs: 'without',
      uncategorised: '1',
      transfers: 'exclude',
      sort: 'amount_asc',
    });
    expect(filtersFromSearch(search)).toEqual({ ...filters, q: 'renda' });
    expect(activeFilterCount(filters)).toBe(12);
  });

  it('leaves out whatever a hand-edited URL gets wrong', () => {
    const read = filtersFromSearch(
      new URLSearchParams(
        'accounts=nope,' +
          A +
          '&from=2026-13-45x&to=yesterday&min=12.345.6&max=abc&dir=sideways&docs=maybe&sort=random&transfers=all',
      ),
    );
    expect(read).toEqual({ ...EMPTY_FILTERS, accountIds: [A] });
  });

  it('accepts a typed comma amount in the URL', () => {
    expect(filtersFromSearch(new URLSearchParams('min=12,5')).minAmount).toBe(1250);
  });

  it('round-trips any filters through the URL', () => {
    const id = fc.constantFrom(A, B);
    const money = fc.option(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), { nil: null });
    const day = fc.option(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      { nil: null },
    );
    const filters = fc.record<InOutFilters>({
      accountIds: fc.uniqueArray(id, { maxLength: 2 }),
      from: day,
      to: day,
      minAmount: money,
      maxAmount: money,
      q: fc.string({ maxLength: 30 }).map((text) => text.trim()),
      categoryIds: fc.uniqueArray(id, { maxLength: 2 }),
      merchantIds: fc.uniqueArray(id, { maxLength: 2 }),
      direction: fc.constantFrom('in' as const, 'out' as const, null),
      hasDocuments: fc.constantFrom(true, false, null),
      uncategorised: fc.boolean(),
      transfers: fc.constantFrom('only' as const, 'exclude' as const, null),
      sort: fc.constantFrom(
        'date_desc' as const,
        'date_asc' as const,
        'amount_desc' as const,
        'amount_asc' as const,
      ),
    });
    fc.assert(
      fc.property(filters, (value) => {
        const text = filtersToSearch(value).toString();
        expect(filtersFromSearch(new URLSearchParams(text))).toEqual(value);
      }),
    );
  });
});

describe('filtersToQuery', () => {
  it('gives the API only the filters set, in its own names and types', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toEqual({});
    expect(
      filtersToQuery({ ...EMPTY_FILTERS, accountIds: [A], minAmount: 0, hasDocuments: true, q: '  x ' }),
    ).toEqual({ accountIds: [A], minAmount: 0, hasDocuments: true, q: 'x' });
  });
});

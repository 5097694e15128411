import { TRANSACTION_SORTS, type TransactionFilters } from '@fluxo/domain/treasury/contracts';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/format/money-input.ts';

export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/**
 * What the movements screen filters by, as the screen holds it. It lives in the URL query (so a
 * filtered list can be bookmarked, shared and survives a reload) under short, readable names; amounts
 * are written as decimals ("min=-12.50") and held as minor units.
 */
export interface InOutFilters {
  accountIds: string[];
  from: string | null;
  to: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  q: string;
  categoryIds: string[];
  merchantIds: string[];
  direction: 'in' | 'out' | null;
  /** true: with documents, false: without, null: either. */
  hasDocuments: boolean | null;
  uncategorised: boolean;
  transfers: 'only' | 'exclude' | null;
  sort: TransactionSort;
}

export const EMPTY_FILTERS: InOutFilters = {
  accountIds: [],
  from: null,
  to: null,
  minAmount: null,
  maxAmount: null,
  q: '',
  categoryIds: [],
  merchantIds: [],
  direction: null,
  hasDocuments: null,
  uncategorised: false,
  transfers: null,
  sort: 'date_desc',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_IDS = 100;

function ids(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').filter((id) => UUID.test(id)))].slice(0, MAX_IDS);
}

function date(value: string | null): string | null {
  if (!value || !ISO_DATE.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

function amount(value: string | null): number | null {
  return value ? parseMoneyInput(value) : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

/** The filters a URL query says; anything malformed is simply left out (a hand-edited URL never breaks the page). */
export function filtersFromSearch(search: URLSearchParams): InOutFilters {
  const docs = search.get('docs');
  return {
    accountIds: ids(search.get('accounts')),
    from: date(search.get('from')),
    to: date(search.get('to')),
    minAmount: amount(search.get('min')),
    maxAmount: amount(search.get('max')),
    q: (search.get('q') ?? '').slice(0, 200),
    categoryIds: ids(search.get('categories')),
    merchantIds: ids(search.get('merchants')),
    direction: oneOf(search.get('dir'), ['in', 'out'] as const),
    hasDocuments: docs === 'with' ? true : docs === 'without' ? false : null,
    uncategorised: search.get('uncategorised') === '1',
    transfers: oneOf(search.get('transfers'), ['only', 'exclude'] as const),
    sort: oneOf(search.get('sort'), TRANSACTION_SORTS) ?? EMPTY_FILTERS.sort,
  };
}

/** The URL query of some filters: only what differs from the defaults, in a stable order. */
export function filtersToSearch(filters: InOutFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.accountIds.length) search.set('accounts', filters.accountIds.join(','));
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.minAmount !== null) search.set('min', formatMoneyInput(filters.minAmount));
  if (filters.maxAmount !== null) search.set('max', formatMoneyInput(filters.maxAmount));
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.categoryIds.length) search.set('categories', filters.categoryIds.join(','));
  if (filters.merchantIds.length) search.set('merchants', filters.merchantIds.join(','));
  if (filters.direction) search.set('dir', filters.direction);
  if (filters.hasDocuments !== null) search.set('docs', filters.hasDocuments ? 'with' : 'without');
  if (filters.uncategorised) search.set('uncategorised', '1');
  if (filters.transfers) search.set('transfers', filters.transfers);
  if (filters.sort !== EMPTY_FILTERS.sort) search.set('sort', filters.sort);
  return search;
}

/** The API's filters (listTransactionsContract / exportTransactionsContract query) for the screen's. */
export function filtersToQuery(filters: InOutFilters): TransactionFilters {
  const query: TransactionFilters = {};
  if (filters.accountIds.length) query.accountIds = filters.accountIds;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.minAmount !== null) query.minAmount = filters.minAmount;
  if (filters.maxAmount !== null) query.maxAmount = filters.maxAmount;
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.categoryIds.length) query.categoryIds = filters.categoryIds;
  if (filters.merchantIds.length) query.merchantIds = filters.merchantIds;
  if (filters.direction) query.direction = filters.direction;
  if (filters.hasDocuments !== null) query.hasDocuments = filters.hasDocuments;
  if (filters.uncategorised) query.uncategorised = true;
  if (filters.transfers) query.transfers = filters.transfers;
  return query;
}

/** How many filters (not the sort) are set, for the "Filters (3)" badge. */
export function activeFilterCount(filters: InOutFilters): number {
  const search = filtersToSearch({ ...filters, sort: EMPTY_FILTERS.sort });
  return [...search.keys()].length;
}

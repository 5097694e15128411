import { listTransactionsContract } from '@fluxo/domain/treasury/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { filtersToQuery, type InOutFilters } from '../lib/in-out-filters.ts';
import { transactionsKeys } from './in-out-keys.ts';

/** Rows per page: enough to fill a tall screen twice, small enough for a quick first page. */
export const TRANSACTIONS_PAGE_SIZE = 200;

export const transactionsListQueryOptions = (organizationId: string | null, filters: InOutFilters) => {
  const query = filtersToQuery(filters);
  return infiniteQueryOptions({
    queryKey: transactionsKeys.list(organizationId, query, filters.sort),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listTransactionsContract, {
        query: {
          ...query,
          sort: filters.sort,
          limit: TRANSACTIONS_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
};

/** The filtered movements, page after page (keyset cursor), with the totals of the whole filtered set. */
export function useTransactionsList(filters: InOutFilters) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    ...transactionsListQueryOptions(organizationId, filters),
    // A new filter keeps the old rows on screen until the new ones arrive, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

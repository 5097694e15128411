import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  type InOutFilters,
} from '../lib/in-out-filters.ts';

/** The screen's filters, kept in the URL query: a change replaces the query (no history entry per keystroke). */
export function useInOutFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = useCallback(
    (change: Partial<InOutFilters>) =>
      setSearch((current) => filtersToSearch({ ...filtersFromSearch(current), ...change }), {
        replace: true,
      }),
    [setSearch],
  );
  const resetFilters = useCallback(
    () =>
      setSearch(filtersToSearch({ ...EMPTY_FILTERS, sort: filtersFromSearch(search).sort }), {
        replace: true,
      }),
    [setSearch, search],
  );
  return { filters, setFilters, resetFilters };
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DocumentFilters, filtersFromSearch, filtersIntoSearch } from '../lib/document-filters.ts';

const NO_FILTERS: DocumentFilters = { type: null, state: null, party: null, from: null, to: null };

/** The list's filters, kept in the URL beside the tab: a change replaces the query, no history entry. */
export function useDocumentFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = useCallback(
    (change: Partial<DocumentFilters>) =>
      setSearch((current) => filtersIntoSearch(current, { ...filtersFromSearch(current), ...change }), {
        replace: true,
      }),
    [setSearch],
  );
  const resetFilters = useCallback(
    () => setSearch((current) => filtersIntoSearch(current, NO_FILTERS), { replace: true }),
    [setSearch],
  );
  return { filters, setFilters, resetFilters };
}

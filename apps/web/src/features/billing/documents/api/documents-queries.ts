import {
  documentsTotalsContract,
  getDocumentContract,
  listDocumentsContract,
  listPartiesContract,
  listProductsContract,
  listSeriesContract,
} from '@fluxo/domain/billing/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import { catalogueKeys, type DocumentsQuery, documentsKeys } from './documents-keys.ts';

/** Rows per page of the documents list ("load more" asks for the next). */
export const DOCUMENTS_PAGE_SIZE = 50;

/** The filtered documents, newest first, page after page (keyset cursor). */
export function useDocumentsList(query: DocumentsQuery) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    queryKey: documentsKeys.list(organizationId, query),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listDocumentsContract, {
        query: { ...query, limit: DOCUMENTS_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** What every document the filters select adds up to, per currency (computed by the server). */
export function useDocumentsTotals(query: DocumentsQuery) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: documentsKeys.totals(organizationId, query),
    queryFn: ({ signal }) => apiRequest(documentsTotalsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string | null) {
  return useQuery({
    queryKey: documentsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(getDocumentContract, { params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Customers matching what is typed (the server searches name and tax number). */
export function useCustomers(q: string) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.parties(organizationId, q),
    queryFn: ({ signal }) =>
      apiRequest(listPartiesContract, { query: { role: 'customer', ...(q ? { q } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProducts() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.products(organizationId),
    queryFn: ({ signal }) => apiRequest(listProductsContract, { signal }),
  });
}

export function useSeries() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.series(organizationId),
    queryFn: ({ signal }) => apiRequest(listSeriesContract, { signal }),
  });
}

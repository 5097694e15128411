import type { listDocumentsContract } from '@fluxo/domain/billing/contracts';
import type { ContractQuery } from '@fluxo/domain/contract';
import { realtimeQueryKeys } from '../../../../lib/realtime/query-keys.ts';

export type DocumentsQuery = Omit<ContractQuery<typeof listDocumentsContract>, 'cursor' | 'limit'>;

/**
 * Query keys of the documents screen. Documents start with the real-time root `billing/documents`, so
 * BILLING_DOCUMENT_CREATED (another user, a schedule, a payment's receipt) refreshes the list and the
 * open document; products start with `billing/products` (BILLING_PRODUCT_CREATED).
 */
export const documentsKeys = {
  all: realtimeQueryKeys.billingDocuments,
  lists: (organizationId: string | null) => [...documentsKeys.all, 'list', organizationId] as const,
  list: (organizationId: string | null, query: DocumentsQuery) =>
    [...documentsKeys.lists(organizationId), query] as const,
  totals: (organizationId: string | null, query: DocumentsQuery) =>
    [...documentsKeys.all, 'totals', organizationId, query] as const,
  detail: (id: string) => [...documentsKeys.all, 'detail', id] as const,
};

export const catalogueKeys = {
  parties: (organizationId: string | null, q: string) =>
    ['billing', 'parties', organizationId, 'customers', q] as const,
  products: (organizationId: string | null) =>
    [...realtimeQueryKeys.billingProducts, organizationId] as const,
  series: (organizationId: string | null) => ['billing', 'series', organizationId] as const,
};

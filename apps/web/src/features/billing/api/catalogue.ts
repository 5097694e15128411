import {
  type BillingSettings,
  getBillingSettingsContract,
  lookupPartyContract,
  updateBillingSettingsContract,
} from '@fluxo/domain/billing/catalogue-contracts';
import {
  createPartyContract,
  createProductContract,
  createSeriesContract,
  listPartiesContract,
  listProductsContract,
  listSeriesContract,
  registerSeriesContract,
  updatePartyContract,
  updateProductContract,
} from '@fluxo/domain/billing/contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

// The catalogue's calls: customers and suppliers, products, series and billing settings. Parties and
// products sit under the roots CLIENT_SUPPLIER_CREATED and BILLING_PRODUCT_CREATED refresh.

export type PartyBody = ContractBody<typeof createPartyContract>;
export type PartyPatch = ContractBody<typeof updatePartyContract>;
export type ProductBody = ContractBody<typeof createProductContract>;
export type ProductPatch = ContractBody<typeof updateProductContract>;
export type PartyRole = 'customer' | 'supplier';

export const catalogueKeys = {
  parties: (organizationId: string | null) =>
    [...realtimeQueryKeys.clientSuppliers, organizationId, 'billing-parties'] as const,
  partyList: (organizationId: string | null, q: string, role: PartyRole | null) =>
    [...catalogueKeys.parties(organizationId), q, role] as const,
  products: (organizationId: string | null) =>
    [...realtimeQueryKeys.billingProducts, organizationId] as const,
  series: (organizationId: string | null) => ['billing', 'series', organizationId] as const,
  settings: (organizationId: string | null) => ['billing', 'settings', organizationId] as const,
};

export function useParties(q = '', role: PartyRole | null = null) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.partyList(organizationId, q, role),
    queryFn: ({ signal }) =>
      apiRequest(listPartiesContract, {
        query: { ...(q ? { q } : {}), ...(role ? { role } : {}) },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

function useInvalidate(key: (organizationId: string | null) => readonly unknown[]) {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: key(organizationId) });
}

export function useCreateParty() {
  const invalidate = useInvalidate(catalogueKeys.parties);
  return useMutation({
    mutationFn: (body: PartyBody) => apiRequest(createPartyContract, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateParty() {
  const invalidate = useInvalidate(catalogueKeys.parties);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartyPatch }) =>
      apiRequest(updatePartyContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Asked on demand (the form's "Look up" button), not cached: VIES is asked each time. */
export function usePartyLookup() {
  return useMutation({
    mutationFn: (query: { country: string; taxId: string }) =>
      apiRequest(lookupPartyContract, { query, appErrorHandling: false }),
  });
}

export function useProducts() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.products(organizationId),
    queryFn: ({ signal }) => apiRequest(listProductsContract, { signal }),
  });
}

export function useCreateProduct() {
  const invalidate = useInvalidate(catalogueKeys.products);
  return useMutation({
    mutationFn: (body: ProductBody) => apiRequest(createProductContract, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidate(catalogueKeys.products);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductPatch }) =>
      apiRequest(updateProductContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useSeriesList() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.series(organizationId),
    queryFn: ({ signal }) => apiRequest(listSeriesContract, { signal }),
  });
}

export function useCreateSeries() {
  const invalidate = useInvalidate(catalogueKeys.series);
  return useMutation({
    mutationFn: (body: ContractBody<typeof createSeriesContract>) =>
      apiRequest(createSeriesContract, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSeries() {
  const invalidate = useInvalidate(catalogueKeys.series);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractBody<typeof registerSeriesContract> }) =>
      apiRequest(registerSeriesContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useBillingSettings() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: catalogueKeys.settings(organizationId),
    queryFn: ({ signal }) => apiRequest(getBillingSettingsContract, { signal }),
  });
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return useMutation({
    mutationFn: (body: BillingSettings) => apiRequest(updateBillingSettingsContract, { body }),
    onSuccess: (saved) => queryClient.setQueryData(catalogueKeys.settings(organizationId), saved),
  });
}

import type { ContractBody } from '@fluxo/domain/contract';
import {
  createMerchantContract,
  deleteMerchantContract,
  listMerchantsContract,
  updateMerchantContract,
} from '@fluxo/domain/treasury/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { classificationKeys, transactionsKeys } from './in-out-keys.ts';

export type MerchantFields = ContractBody<typeof createMerchantContract>;

export function useMerchants() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: classificationKeys.merchants(organizationId),
    queryFn: ({ signal }) => apiRequest(listMerchantsContract, { signal }),
    staleTime: 60_000,
  });
}

function useInvalidateMerchants() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: classificationKeys.merchants(organizationId) });
}

export function useCreateMerchant() {
  const invalidate = useInvalidateMerchants();
  return useMutation({
    mutationFn: (body: MerchantFields) => apiRequest(createMerchantContract, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateMerchant() {
  const invalidate = useInvalidateMerchants();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractBody<typeof updateMerchantContract> }) =>
      apiRequest(updateMerchantContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteMerchant() {
  const invalidate = useInvalidateMerchants();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteMerchantContract, { params: { id } }),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: transactionsKeys.all })]),
  });
}

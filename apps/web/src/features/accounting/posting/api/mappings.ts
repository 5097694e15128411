import {
  listPostingMappingsContract,
  postPendingContract,
  setPostingMappingContract,
} from '@fluxo/domain/accounting/posting-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';

// The posting mappings: which account each role, product type, VAT rate, category and product posts to.

export type MappingChange = ContractBody<typeof setPostingMappingContract>;

export const postingKeys = {
  mappings: (organizationId: string | null) => ['accounting', 'posting', 'mappings', organizationId] as const,
};

export function usePostingMappings() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: postingKeys.mappings(organizationId),
    queryFn: ({ signal }) => apiRequest(listPostingMappingsContract, { signal }),
  });
}

export function useSetPostingMapping() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return useMutation({
    mutationFn: (body: MappingChange) => apiRequest(setPostingMappingContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postingKeys.mappings(organizationId) }),
  });
}

export function usePostPending() {
  return useMutation({ mutationFn: () => apiRequest(postPendingContract, {}) });
}

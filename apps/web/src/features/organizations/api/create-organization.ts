import type { ContractBody } from '@fluxo/domain/contract';
import { createOrganizationContract } from '@fluxo/domain/organizations/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export type CreateOrganizationInput = ContractBody<typeof createOrganizationContract>;

export function useCreateOrganization() {
  return useMutation({
    mutationFn: (body: CreateOrganizationInput) =>
      apiRequest(createOrganizationContract, { body, organizationId: null }),
  });
}

import { deleteOrganizationContract } from '@fluxo/domain/organizations/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { organizationsKeys } from './get-organizations.ts';

/** DELETE /api/v1/organizations/:id (owners only, with the typed VAT number or e-mail); the list is read again afterwards. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) =>
      apiRequest(deleteOrganizationContract, { params: { id }, body: { confirmation }, organizationId: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
  });
}

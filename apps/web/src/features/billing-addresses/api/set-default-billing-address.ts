import { defaultBillingAddressContract } from '@fluxo/domain/billing-addresses/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { billingAddressKeys } from './get-billing-addresses.ts';

/** Makes an address the one invoices go to. */
export function useSetDefaultBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(defaultBillingAddressContract, { params: { id }, organizationId: null }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingAddressKeys.all }),
  });
}

import { updateBillingAddressContract } from '@fluxo/domain/billing-addresses/contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { billingAddressKeys } from './get-billing-addresses.ts';

export type BillingAddressInput = ContractBody<typeof updateBillingAddressContract>;

/** Creates (no id) or updates (with id) a billing address. */
export function useUpdateBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingAddressInput) =>
      apiRequest(updateBillingAddressContract, { body, organizationId: null }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingAddressKeys.all }),
  });
}

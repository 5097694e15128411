import { billingAddressesContract } from '@fluxo/domain/billing-addresses/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export const billingAddressKeys = { all: ['billing-addresses'] as const };

/** The user's billing addresses, the default one first. */
export function useBillingAddresses() {
  return useQuery({
    queryKey: billingAddressKeys.all,
    queryFn: () => apiRequest(billingAddressesContract, { query: {}, organizationId: null }),
  });
}

import { addonPaymentListContract } from '@fluxo/domain/addons/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { addonKeys } from './get-addon-cost.ts';

/** The add-ons bought, with the payment each one asked for. */
export function useAddonPayments() {
  return useQuery({
    queryKey: addonKeys.payments(),
    queryFn: () => apiRequest(addonPaymentListContract),
  });
}

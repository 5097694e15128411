import { paymentMethodsContract } from '@fluxo/domain/payments/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { subscriptionKeys } from './get-subscription.ts';

/** The payment types offered; a card only when the server lists it. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: subscriptionKeys.methods(),
    queryFn: () => apiRequest(paymentMethodsContract),
    staleTime: 10 * 60_000,
  });
}

import { plansContract } from '@fluxo/domain/subscriptions/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { subscriptionKeys } from './get-subscription.ts';

/** Every plan as sold: prices per interval (integer cents) and what it includes. */
export function usePlans() {
  return useQuery({
    queryKey: subscriptionKeys.plans(),
    queryFn: () => apiRequest(plansContract),
    staleTime: 10 * 60_000,
  });
}

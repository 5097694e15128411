import { changePlanIntentContract } from '@fluxo/domain/subscriptions/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { subscriptionKeys } from './get-subscription.ts';

/** What moving to each plan open to the user would cost now (the server's prices). */
export function useChangePlanIntent(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.intent(),
    queryFn: () => apiRequest(changePlanIntentContract, { query: {}, organizationId: null }),
    enabled,
  });
}

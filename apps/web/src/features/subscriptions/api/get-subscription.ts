import { subscriptionContract } from '@fluxo/domain/subscriptions/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  active: (organizationId: string | null) => [...subscriptionKeys.all, 'active', organizationId] as const,
  pending: (subscriptionId: string) => [...subscriptionKeys.all, 'pending', subscriptionId] as const,
  intent: () => [...subscriptionKeys.all, 'change-plan-intent'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  methods: () => [...subscriptionKeys.all, 'payment-methods'] as const,
};

/** The subscription of the selected organization, else the user's own (no organization selected). */
export const subscriptionQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.active(organizationId),
    queryFn: () => apiRequest(subscriptionContract, { organizationId }),
  });

export function useSubscription(options: { refetchInterval?: number } = {}) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({ ...subscriptionQueryOptions(organizationId), ...options });
}

import { connectionEligibilityContract } from '@fluxo/domain/connections/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export const connectionsKeys = {
  all: ['connections'] as const,
  eligibility: (organizationId: string) => [...connectionsKeys.all, organizationId, 'eligibility'] as const,
};

/** GET /api/v1/connections/eligibility: the bank connections counted and the limit in force. */
export const connectionEligibilityQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: connectionsKeys.eligibility(organizationId),
    queryFn: () => apiRequest(connectionEligibilityContract, { organizationId, appErrorHandling: false }),
    enabled: organizationId !== '',
    retry: false,
  });

export function useConnectionEligibility(organizationId: string | null | undefined) {
  return useQuery(connectionEligibilityQueryOptions(organizationId ?? ''));
}

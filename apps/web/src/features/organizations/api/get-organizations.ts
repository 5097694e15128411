import { organizationsAllContract } from '@fluxo/domain/organizations/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export const organizationsKeys = {
  all: ['organizations'] as const,
  list: (userId: string) => [...organizationsKeys.all, 'list', userId] as const,
};

export const organizationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: organizationsKeys.list(userId),
    // The list is the same whichever organization is selected: no OrgId.
    queryFn: () => apiRequest(organizationsAllContract, { organizationId: null }),
    enabled: userId !== '',
  });

export function useOrganizationsList(userId: string) {
  return useQuery(organizationsQueryOptions(userId));
}

import { getOrganizationContract } from '@fluxo/domain/organizations/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { organizationsKeys } from './get-organizations.ts';

export const organizationDetailsKey = (id: string) => [...organizationsKeys.all, id, 'details'] as const;

/**
 * GET /api/v1/organizations/:id: the organization's full record. Asked for by pages that only
 * show it (welcome, printable), so it reports failures to the caller instead of changing page.
 */
export const organizationDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationDetailsKey(id),
    queryFn: () =>
      apiRequest(getOrganizationContract, { params: { id }, organizationId: id, appErrorHandling: false }),
    enabled: id !== '',
    retry: false,
  });

export function useOrganizationDetails(id: string | null | undefined) {
  return useQuery(organizationDetailsQueryOptions(id ?? ''));
}

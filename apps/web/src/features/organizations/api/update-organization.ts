import {
  deleteOrganizationLogoContract,
  type OrganizationDetails,
  type OrganizationUpdate,
  organizationSectorsContract,
  setDefaultOrganizationContract,
  updateOrganizationContract,
  uploadOrganizationLogoContract,
} from '@fluxo/domain/organizations/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api/binary.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { organizationDetailsKey } from './get-organization.ts';
import { organizationsKeys } from './get-organizations.ts';

/** PATCH /api/v1/organizations/:id: identity and fiscal settings; the list and the details read again. */
export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationUpdate) =>
      apiRequest(updateOrganizationContract, {
        params: { id },
        body,
        organizationId: id,
        appErrorHandling: false,
      }),
    onSuccess: (details: OrganizationDetails) => {
      queryClient.setQueryData(organizationDetailsKey(id), details);
      return queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
    },
  });
}

/** PUT (a PNG, JPEG or SVG file as the body) or DELETE /api/v1/organizations/:id/logo. */
export function useOrganizationLogo(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
  const upload = useMutation({
    mutationFn: (file: File) =>
      apiUpload(uploadOrganizationLogoContract, { params: { id } }, file, file.name),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () =>
      apiRequest(deleteOrganizationLogoContract, {
        params: { id },
        organizationId: id,
        appErrorHandling: false,
      }),
    onSuccess: refresh,
  });
  return { upload, remove };
}

/**
 * PUT /api/v1/organizations/:id/default; the session is refreshed at once so that its token names
 * the new default (claims.defaultOrg).
 */
export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const answer = await apiRequest(setDefaultOrganizationContract, {
        params: { id },
        organizationId: id,
        appErrorHandling: false,
      });
      await refreshSession();
      return answer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
  });
}

export const sectorsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['organization-sectors', term] as const,
    queryFn: () => apiRequest(organizationSectorsContract, { query: term ? { term } : {} }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /api/v1/organizations/organizationsectors: economic sectors matching a term. */
export function useSectors(term: string) {
  return useQuery({ ...sectorsQueryOptions(term.trim()), placeholderData: keepPreviousData });
}

import {
  acceptInvitationContract,
  createInvitationContract,
  invitationLookupContract,
  listInvitationsContract,
  listTeamMembersContract,
  removeTeamMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  setTeamMemberPermissionsContract,
  signupWithInvitationContract,
  transferOwnershipContract,
} from '@fluxo/domain/organizations/teams';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { organizationsKeys } from '../../organizations/api/get-organizations.ts';

/**
 * Under the organizations key: REFRESH_MENU, REFRESH_ORGANIZATIONS and ORGANIZATION_USER_ADDED
 * (which invalidate it) read the team again too.
 */
export const teamsKeys = {
  all: [...organizationsKeys.all, 'teams'] as const,
  members: (organizationId: string) => [...teamsKeys.all, 'members', organizationId] as const,
  invitations: (organizationId: string) => [...teamsKeys.all, 'invitations', organizationId] as const,
};

export const membersOptions = (organizationId: string) =>
  queryOptions({
    queryKey: teamsKeys.members(organizationId),
    queryFn: () => apiRequest(listTeamMembersContract, { organizationId }),
  });

export const invitationsOptions = (organizationId: string) =>
  queryOptions({
    queryKey: teamsKeys.invitations(organizationId),
    queryFn: () => apiRequest(listInvitationsContract, { organizationId }),
  });

export function useMembers(organizationId: string) {
  return useQuery(membersOptions(organizationId));
}

export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({ ...invitationsOptions(organizationId), enabled });
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamsKeys.all });
}

/** The mutations of the team screen; each reads the team again when done. Errors are shown in place. */
export function useTeamMutations(organizationId: string) {
  const onSuccess = useRefreshTeam();
  const queryClient = useQueryClient();
  const base = { organizationId, appErrorHandling: false } as const;
  return {
    invite: useMutation({
      mutationFn: (body: { email: string; permissions: string[] }) =>
        apiRequest(createInvitationContract, { ...base, body }),
      onSuccess,
    }),
    setPermissions: useMutation({
      mutationFn: ({ userId, permissions }: { userId: string; permissions: string[] }) =>
        apiRequest(setTeamMemberPermissionsContract, { ...base, params: { userId }, body: { permissions } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => apiRequest(removeTeamMemberContract, { ...base, params: { userId } }),
      onSuccess,
    }),
    transfer: useMutation({
      mutationFn: (userId: string) => apiRequest(transferOwnershipContract, { ...base, body: { userId } }),
      // The caller's own role changes: the organizations list (and its menus) too.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiRequest(resendInvitationContract, { ...base, params: { id } }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiRequest(revokeInvitationContract, { ...base, params: { id } }),
      onSuccess,
    }),
  };
}

export function useInvitationLookup(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiRequest(invitationLookupContract, {
        body: { token },
        organizationId: null,
        appErrorHandling: false,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(acceptInvitationContract, {
        body: { token },
        organizationId: null,
        appErrorHandling: false,
      }),
  });
}

export function useSignupWithInvitation() {
  return useMutation({
    mutationFn: (body: {
      token: string;
      name: string;
      password: string;
      language: 'gb' | 'pt' | 'es' | 'fr';
    }) => apiRequest(signupWithInvitationContract, { body, organizationId: null, appErrorHandling: false }),
  });
}

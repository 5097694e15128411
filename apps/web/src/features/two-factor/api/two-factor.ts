import {
  confirmTwoFactorContract,
  disableTwoFactorContract,
  regenerateRecoveryCodesContract,
  setOrganizationTwoFactorContract,
  startTwoFactorEnrolmentContract,
  type TwoFactorStatus,
  twoFactorStatusContract,
} from '@fluxo/domain/two-factor/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/auth/session.ts';

export const twoFactorKeys = {
  status: (userId: string | null) => ['two-factor', 'status', userId] as const,
};

export const twoFactorStatusOptions = (userId: string | null) =>
  queryOptions({
    queryKey: twoFactorKeys.status(userId),
    queryFn: () => apiRequest(twoFactorStatusContract),
    enabled: !!userId,
  });

/** Whether two-factor is on, and the organizations that require it or that the user owns. */
export function useTwoFactorStatus() {
  const session = useSession();
  return useQuery(twoFactorStatusOptions(session?.claims.sub ?? null));
}

/** Whether the organization in use shuts the user out until two-factor is on. */
export function isShutOut(status: TwoFactorStatus | undefined, organizationId: string | null): boolean {
  if (!status || status.enabled || !organizationId) return false;
  return status.organizations.some((org) => org.id === organizationId && org.required);
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['two-factor'] });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => apiRequest(startTwoFactorEnrolmentContract) });
}

/** The status is refreshed by the caller once the recovery codes have been seen (they are shown once). */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(confirmTwoFactorContract, { body: { code }, appErrorHandling: false }),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(disableTwoFactorContract, { body: { code }, appErrorHandling: false }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(regenerateRecoveryCodesContract, { body: { code }, appErrorHandling: false }),
    onSuccess: refresh,
  });
}

export function useSetOrganizationRequirement() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: ({ organizationId, required }: { organizationId: string; required: boolean }) =>
      apiRequest(setOrganizationTwoFactorContract, {
        params: { id: organizationId },
        body: { required },
        organizationId,
        appErrorHandling: false,
      }),
    onSuccess: refresh,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { setSelectedOrganizationId } from '../../../lib/auth/session.ts';

export const SWITCH_ORGANIZATION_KEY = ['organizations', 'switch'] as const;

/**
 * Spec §4: selecting an organization refreshes the token and reloads what depends on it; when that
 * fails the page reloads, so the app never runs half-switched.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SWITCH_ORGANIZATION_KEY,
    mutationFn: async (organizationId: string) => {
      setSelectedOrganizationId(organizationId);
      try {
        await refreshSession();
      } catch {
        window.location.reload();
        return;
      }
      await queryClient.invalidateQueries();
    },
  });
}

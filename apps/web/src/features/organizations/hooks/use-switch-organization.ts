import { organizationCreditsContract, organizationPlanContract } from '@fluxo/domain/subscriptions/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { setSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { organizationsKeys } from '../api/get-organizations.ts';

export const SWITCH_ORGANIZATION_KEY = ['organizations', 'switch'] as const;

/** What the app knows of the organization in use once switched (spec §4). */
export interface OrganizationInUse {
  organizationId: string;
  credits: number;
  planName: string | null;
  ownerIsSimple: boolean;
}

export const organizationInUseKey = (organizationId: string) =>
  [...organizationsKeys.all, organizationId, 'in-use'] as const;

/**
 * Spec §4: selecting an organization refreshes the token, reloads the feature flags (with every
 * other query), reads its credits and plan and sets ownerIsSimple; when any of it fails the page
 * reloads, so the app never runs half-switched.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SWITCH_ORGANIZATION_KEY,
    mutationFn: async (organizationId: string) => {
      setSelectedOrganizationId(organizationId);
      try {
        await refreshSession();
        const [credits, plan] = await Promise.all([
          apiRequest(organizationCreditsContract, { organizationId, appErrorHandling: false }),
          apiRequest(organizationPlanContract, {
            params: { id: organizationId },
            organizationId,
            appErrorHandling: false,
          }),
        ]);
        queryClient.setQueryData<OrganizationInUse>(organizationInUseKey(organizationId), {
          organizationId,
          credits: credits.credits,
          planName: plan.planName,
          ownerIsSimple: plan.ownerIsSimple,
        });
      } catch {
        window.location.reload();
        return;
      }
      // The feature flags and everything read for the previous organization.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[2] !== 'in-use',
      });
    },
  });
}

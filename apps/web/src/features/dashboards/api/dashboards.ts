import type { ContractResponse } from '@fluxo/domain/contract';
import {
  type DashboardLayout,
  getDashboardContract,
  saveDashboardLayoutContract,
} from '@fluxo/domain/dashboards/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';

export type Dashboard = ContractResponse<typeof getDashboardContract>;

export const dashboardKeys = {
  all: ['dashboards'] as const,
  dashboard: (organizationId: string | null) => ['dashboards', organizationId] as const,
};

/** The selected organization's dashboard: the user's layout, the widgets they may add, their figures. */
export function useDashboard() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: dashboardKeys.dashboard(organizationId),
    queryFn: () => apiRequest(getDashboardContract),
    enabled: !!organizationId,
  });
}

/**
 * Saves the layout; the page shows the new order at once (removed and moved widgets keep their data)
 * and refetches so that an added widget gets its figures.
 */
export function useSaveLayout() {
  const organizationId = useSelectedOrganizationId();
  const queryClient = useQueryClient();
  const key = dashboardKeys.dashboard(organizationId);
  return useMutation({
    mutationFn: (layout: DashboardLayout) => apiRequest(saveDashboardLayoutContract, { body: layout }),
    onMutate: async (layout) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Dashboard>(key);
      if (before) queryClient.setQueryData<Dashboard>(key, { ...before, layout });
      return { before };
    },
    onError: (_error, _layout, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

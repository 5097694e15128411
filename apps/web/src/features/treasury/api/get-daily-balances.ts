import { dailyBalancesContract } from '@fluxo/domain/treasury/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { treasuryKeys } from './keys.ts';

/** GET /api/v1/treasury/balances/daily for a period (the chart's 90 days or 12 months). */
export const dailyBalancesQueryOptions = (organizationId: string, from: string, to: string) =>
  queryOptions({
    queryKey: treasuryKeys.balances(organizationId, from, to),
    queryFn: () => apiRequest(dailyBalancesContract, { organizationId, query: { from, to } }),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });

export function useDailyBalances(from: string, to: string) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery(dailyBalancesQueryOptions(organizationId, from, to));
}

import { listAccountsContract } from '@fluxo/domain/treasury/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { treasuryKeys } from './keys.ts';

/** GET /api/v1/treasury/accounts: every account with its balance today, and the totals. */
export const accountsQueryOptions = (organizationId: string, includeArchived = false) =>
  queryOptions({
    queryKey: treasuryKeys.accountList(organizationId, includeArchived),
    queryFn: () =>
      apiRequest(listAccountsContract, {
        organizationId,
        query: includeArchived ? { includeArchived: true } : {},
      }),
    enabled: organizationId !== '',
  });

export function useAccounts(includeArchived = false) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery(accountsQueryOptions(organizationId, includeArchived));
}

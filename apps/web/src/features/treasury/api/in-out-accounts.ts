import { listAccountsContract } from '@fluxo/domain/treasury/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { inOutAccountsKeys } from './in-out-keys.ts';

/** The accounts the movements screen filters by and names (archived ones too: their history stays). */
export function useInOutAccounts() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: inOutAccountsKeys.list(organizationId),
    queryFn: ({ signal }) => apiRequest(listAccountsContract, { query: { includeArchived: true }, signal }),
    staleTime: 30_000,
  });
}

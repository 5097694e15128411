import {
  archiveLedgerAccountContract,
  createLedgerAccountContract,
  listLedgerAccountsContract,
} from '@fluxo/domain/accounting/charts-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';

// The chart of accounts' calls, under the same key root as the journal (a posting moves balances).

export const chartKeys = {
  accounts: (organizationId: string | null, range: { from?: string; to?: string }) =>
    ['accounting', 'ledger', organizationId, 'accounts', range] as const,
};

export function useAccounts(range: { from?: string; to?: string }) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: chartKeys.accounts(organizationId, range),
    queryFn: ({ signal }) => apiRequest(listLedgerAccountsContract, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

export type SubAccountBody = ContractBody<typeof createLedgerAccountContract>;

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubAccountBody) =>
      apiRequest(createLedgerAccountContract, { body, appErrorHandling: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['accounting'] }),
  });
}

export function useArchiveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      apiRequest(archiveLedgerAccountContract, {
        params: { id },
        body: { archived },
        appErrorHandling: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['accounting'] }),
  });
}

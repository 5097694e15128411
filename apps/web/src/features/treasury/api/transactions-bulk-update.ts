import type { ContractBody } from '@fluxo/domain/contract';
import { bulkUpdateTransactionsContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

export type BulkChange = ContractBody<typeof bulkUpdateTransactionsContract>;

/** The same category, merchant or notes for every selected movement. */
export function useBulkUpdateTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkChange) => apiRequest(bulkUpdateTransactionsContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
  });
}

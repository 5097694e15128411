import type { ContractBody } from '@fluxo/domain/contract';
import { updateTransactionContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

export type ClassificationChange = ContractBody<typeof updateTransactionContract>;

/** Sets a movement's category, merchant or notes. */
export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ClassificationChange }) =>
      apiRequest(updateTransactionContract, { params: { id }, body }),
    onSuccess: (transaction) => {
      queryClient.setQueryData(transactionsKeys.detail(transaction.id), transaction);
      return queryClient.invalidateQueries({ queryKey: transactionsKeys.all });
    },
  });
}

import type { ContractBody } from '@fluxo/domain/contract';
import { splitTransactionContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

export type SplitParts = ContractBody<typeof splitTransactionContract>['parts'];

/** Replaces a movement's parts; an empty list un-splits it. */
export function useSplitTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parts }: { id: string; parts: SplitParts }) =>
      apiRequest(splitTransactionContract, { params: { id }, body: { parts } }),
    onSuccess: (transaction) => {
      queryClient.setQueryData(transactionsKeys.detail(transaction.id), transaction);
      return queryClient.invalidateQueries({ queryKey: transactionsKeys.all });
    },
  });
}

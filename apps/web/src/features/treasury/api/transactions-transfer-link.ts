import { linkTransferContract, unlinkTransferContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

/** Links a movement to the other side of a transfer between own accounts, or (counterpartId null) unlinks it. */
export function useTransferLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, counterpartId }: { id: string; counterpartId: string | null }) =>
      counterpartId
        ? apiRequest(linkTransferContract, { params: { id }, body: { counterpartId } })
        : apiRequest(unlinkTransferContract, { params: { id } }),
    onSuccess: (transaction) => {
      queryClient.setQueryData(transactionsKeys.detail(transaction.id), transaction);
      return queryClient.invalidateQueries({ queryKey: transactionsKeys.all });
    },
  });
}

import { deleteTransactionContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { transactionsKeys } from './in-out-keys.ts';

/** Deletes a manual movement (imported ones are the bank's record and stay). */
export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteTransactionContract, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
        queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
      ]),
  });
}

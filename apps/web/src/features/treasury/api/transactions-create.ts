import type { ContractBody } from '@fluxo/domain/contract';
import { createTransactionContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { transactionsKeys } from './in-out-keys.ts';

export type NewMovement = ContractBody<typeof createTransactionContract>;

/** A manual movement on a cash wallet or POS terminal (changes that account's balance too). */
export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMovement) => apiRequest(createTransactionContract, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
        queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
      ]),
  });
}

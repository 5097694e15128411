import type { ContractBody } from '@fluxo/domain/contract';
import { createAccountContract, updateAccountContract } from '@fluxo/domain/treasury/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

export type CreateAccountBody = ContractBody<typeof createAccountContract>;
export type UpdateAccountBody = ContractBody<typeof updateAccountContract>;

/** POST /api/v1/treasury/accounts (a bank, card or POS account by hand, or a cash wallet). */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) =>
      apiRequest(createAccountContract, { body, appErrorHandling: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
  });
}

/** PATCH /api/v1/treasury/accounts/:id (edit, archive, restore). */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAccountBody }) =>
      apiRequest(updateAccountContract, { params: { id }, body, appErrorHandling: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
  });
}

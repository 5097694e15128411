import { refreshAccountContract } from '@fluxo/domain/treasury/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

/**
 * POST /api/v1/treasury/accounts/:id/refresh: a sync job for a connected account. Its progress and end
 * arrive as UPDATE_ACCOUNT_STATUS, which reads the accounts again.
 */
export function useRefreshAccount() {
  return useMutation({
    mutationFn: (id: string) => apiRequest(refreshAccountContract, { params: { id } }),
  });
}

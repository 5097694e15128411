import { transferCandidatesContract } from '@fluxo/domain/treasury/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

/** Movements on the organization's other accounts that could be the other side of a transfer. */
export function useTransferCandidates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: transactionsKeys.transferCandidates(id),
    queryFn: ({ signal }) => apiRequest(transferCandidatesContract, { params: { id }, signal }),
    enabled,
  });
}

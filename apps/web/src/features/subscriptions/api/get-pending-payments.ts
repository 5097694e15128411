import { pendingPaymentsContract } from '@fluxo/domain/payments/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { subscriptionKeys } from './get-subscription.ts';

/** The invoices of a subscription still to pay (or being collected). */
export function usePendingPayments(
  subscriptionId: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: subscriptionKeys.pending(subscriptionId ?? ''),
    queryFn: () => apiRequest(pendingPaymentsContract, { params: { id: subscriptionId! } }),
    enabled: !!subscriptionId,
    ...options,
  });
}

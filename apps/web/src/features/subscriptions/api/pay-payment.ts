import type { ContractBody } from '@fluxo/domain/contract';
import { payPaymentContract } from '@fluxo/domain/payments/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { subscriptionKeys } from './get-subscription.ts';

export type PayPaymentInput = {
  subscriptionId: string;
  paymentId: string;
  body: ContractBody<typeof payPaymentContract>;
};

/** Chooses how to pay one payment (Multibanco, direct debit, transfer, card). */
export function usePayPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, paymentId, body }: PayPaymentInput) =>
      apiRequest(payPaymentContract, { params: { id: subscriptionId, paymentId }, body }),
    onSuccess: (_payment, { subscriptionId }) =>
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.pending(subscriptionId) }),
  });
}

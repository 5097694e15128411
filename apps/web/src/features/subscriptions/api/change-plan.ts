import type { ContractBody } from '@fluxo/domain/contract';
import { changePlanContract } from '@fluxo/domain/subscriptions/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../lib/api/idempotency.ts';
import { subscriptionKeys } from './get-subscription.ts';

export type PlanChoice = ContractBody<typeof changePlanContract>;

/** Changes plan; each attempt carries its own Idempotency-Key, so a repeated click changes once. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanChoice) =>
      apiRequest(changePlanContract, { body, organizationId: null, headers: idempotencyHeaders() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

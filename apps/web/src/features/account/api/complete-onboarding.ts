import { onboardingContract } from '@fluxo/domain/account/contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { setSession } from '../../../lib/auth/session.ts';

export type OnboardingInput = ContractBody<typeof onboardingContract>;

/** Finishes onboarding; the answer is a token of an active account, which the guards then let in. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingInput) => apiRequest(onboardingContract, { body }),
    onSuccess: (token) => {
      queryClient.clear();
      setSession(token);
    },
  });
}

import { resendValidationCodeContract, validateAccountContract } from '@fluxo/domain/account/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

/** Confirms the account with the mailed code; signed out, `email` names the account. */
export function useValidateAccount() {
  return useMutation({
    mutationFn: ({ code, email }: { code: string; email?: string }) =>
      apiRequest(validateAccountContract, { query: { code, email } }),
  });
}

/** Mails a new code: to the signed-in user, or to `email`. */
export function useResendValidationCode() {
  return useMutation({
    mutationFn: ({ email }: { email?: string }) =>
      apiRequest(resendValidationCodeContract, { body: email ? { email } : {} }),
  });
}

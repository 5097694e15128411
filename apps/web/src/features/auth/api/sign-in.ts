import { isLanguage } from '@fluxo/domain/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { encryptPassword } from '../../../lib/auth/encrypt-password.ts';
import { setSession } from '../../../lib/auth/session.ts';
import { switchLanguage } from '../../../lib/i18n/i18n.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/** Loads the contract (and zod with it) apart from the sign-in screen, which must stay light. */
export const loadSignInContract = () => import('@fluxo/domain/auth/contracts').then((m) => m.signinContract);

export async function signIn({ email, password }: SignInInput) {
  const [contract, encrypted] = await Promise.all([loadSignInContract(), encryptPassword(password)]);
  return apiRequest(contract, { body: { email, password: encrypted } });
}

/**
 * Signs in and keeps the session; the guards then take the user where they belong. The interface
 * switches to the language of the account.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (token) => {
      queryClient.clear();
      const session = setSession(token);
      if (isLanguage(session.claims.lang)) await switchLanguage(session.claims.lang);
    },
  });
}

import { isLanguage } from '@fluxo/domain/languages';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { encryptPassword } from '../../../lib/auth/encrypt-password.ts';
import { setSession } from '../../../lib/auth/session.ts';
import { switchLanguage } from '../../../lib/i18n/i18n.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/** The password step's answer for an account with two-factor on: the token of the second step. */
export interface SecondStep {
  twoFactorRequired: true;
  twoFactorToken: string;
  expiresInSeconds: number;
}

/** Loads the contract (and zod with it) apart from the sign-in screen, which must stay light. */
export const loadSignInContract = () => import('@fluxo/domain/auth/contracts').then((m) => m.signinContract);
const loadSecondStepContract = () =>
  import('@fluxo/domain/two-factor/contracts').then((m) => m.signinTwoFactorContract);

export async function signIn({ email, password }: SignInInput) {
  const [contract, encrypted] = await Promise.all([loadSignInContract(), encryptPassword(password)]);
  return apiRequest(contract, { body: { email, password: encrypted } });
}

export function isSecondStep(answer: unknown): answer is SecondStep {
  return !!answer && typeof answer === 'object' && (answer as SecondStep).twoFactorRequired === true;
}

/** Keeps the new session; the interface switches to the language of the account. */
async function keepSession(queryClient: QueryClient, token: { auth_token: string; id: string }) {
  queryClient.clear();
  const session = setSession(token);
  if (isLanguage(session.claims.lang)) await switchLanguage(session.claims.lang);
}

/**
 * Signs in and keeps the session; the guards then take the user where they belong. An account with
 * two-factor on answers the second step instead (the form asks for the code: useSignInSecondStep).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (answer) => {
      if (!isSecondStep(answer)) await keepSession(queryClient, answer);
    },
  });
}

/** The second step: the token from the password step and a TOTP or recovery code. */
export function useSignInSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, code }: { token: string; code: string }) =>
      apiRequest(await loadSecondStepContract(), { body: { token, code } }),
    onSuccess: (answer) => keepSession(queryClient, answer),
  });
}

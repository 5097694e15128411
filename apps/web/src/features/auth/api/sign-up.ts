import { signupContract } from '@fluxo/domain/auth/contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { encryptPassword } from '../../../lib/auth/encrypt-password.ts';

/** The sign-up form: the contract's body with the password still in clear (it is encrypted on send). */
export type SignUpInput = ContractBody<typeof signupContract>;

export async function signUp(input: SignUpInput) {
  return apiRequest(signupContract, { body: { ...input, password: await encryptPassword(input.password) } });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

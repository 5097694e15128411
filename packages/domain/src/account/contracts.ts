import { z } from 'zod';
import { ZEmail, ZTokenResponse } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';

export const ZValidationCode = z.string().regex(/^\d{6}$/);

/**
 * Confirms the account with the mailed code. Signed in, the code is checked against the caller's
 * account; signed out, the `email` names the account.
 */
export const validateAccountContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/validate',
  query: z.object({ code: ZValidationCode, email: ZEmail.optional() }),
  response: z.object({ validated: z.boolean() }),
});
/** Sends a new code: to the caller when signed in, else to `email` (answering the same either way). */
export const resendValidationCodeContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/validate/resend/code',
  body: z.strictObject({ email: ZEmail.optional() }).optional(),
  response: z.object({ sent: z.boolean() }),
});
export const ZOnboardingRequest = z.strictObject({
  phone: z.string().trim().max(30).optional(),
  vatNumber: z.string().trim().max(20).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  introPage: z.enum(['welcome', 'dashboards']).optional(),
  acceptTerms: z.literal(true),
});
/** Finishes onboarding: the account becomes active (`uacti`) and a fresh token is returned. */
export const onboardingContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/onboarding',
  body: ZOnboardingRequest,
  response: ZTokenResponse,
});

import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { LANGUAGES } from '../languages.ts';
import { SIGNUP_PROFILE_CODES } from '../profiles.ts';

export const ZEmail = z
  .email()
  .max(254)
  .transform((v) => v.trim().toLowerCase());
/** The password as it travels: base64 of RSA-OAEP(SHA-256) over its UTF-8 bytes. */
export const ZEncryptedPassword = z
  .string()
  .min(16)
  .max(2048)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);
/** Rules a password must meet once decrypted. */
export const ZPlainPassword = z.string().min(8).max(200);
export const ZCountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

export const ZSignupRequest = z.strictObject({
  name: z.string().trim().min(1).max(120),
  email: ZEmail,
  password: ZEncryptedPassword,
  profile: z.union(SIGNUP_PROFILE_CODES.map((code) => z.literal(code))),
  country: ZCountryCode,
  language: z.enum(LANGUAGES),
});
export const ZTokenResponse = z.object({ auth_token: z.string(), id: z.string() });

export const signupContract = defineContract({
  method: 'POST',
  path: '/api/v1/auth/signup',
  body: ZSignupRequest,
  response: z.object({ id: z.string(), email: z.string() }),
  status: 201,
});
export const signinContract = defineContract({
  method: 'POST',
  path: '/api/v1/auth/signin',
  body: z.strictObject({ email: ZEmail, password: ZEncryptedPassword }),
  /** A session, or for an account with two-factor on the second step (two-factor/contracts.ts). */
  response: z.union([
    ZTokenResponse,
    z.object({
      twoFactorRequired: z.literal(true),
      twoFactorToken: z.string(),
      expiresInSeconds: z.number().int(),
    }),
  ]),
});
export const signoutContract = defineContract({
  method: 'POST',
  path: '/api/v1/auth/signout',
  response: z.object({ signedOut: z.boolean() }),
});
export const tokenRefreshContract = defineContract({
  method: 'GET',
  path: '/api/v1/token/refresh',
  response: ZTokenResponse,
});

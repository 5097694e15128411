import { z } from 'zod';
import { signinContract, ZTokenResponse } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';

/** A TOTP code or a recovery code, as typed (the server classifies it: classifyTwoFactorCode). */
export const ZTwoFactorCodeInput = z.string().trim().min(6).max(40);

/** Sign-in answers a session, or, for an account with two-factor on, the second step to take. */
export const ZSigninResponse = signinContract.response;
export type SigninResponse = z.infer<typeof ZSigninResponse>;
/** The password step of a sign-in with two-factor on: a second-step token, never a session. */
export type SecondStepResponse = Extract<SigninResponse, { twoFactorRequired: true }>;

export function isSecondStep(response: SigninResponse): response is SecondStepResponse {
  return 'twoFactorRequired' in response && response.twoFactorRequired === true;
}

/** The second step: the token the password step answered and a TOTP or recovery code → a session. */
export const signinTwoFactorContract = defineContract({
  method: 'POST',
  path: '/api/v1/auth/signin/two-factor',
  body: z.strictObject({ token: z.string().min(1).max(16_384), code: ZTwoFactorCodeInput }),
  response: ZTokenResponse,
});

export const ZTwoFactorOrganization = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller owns it, so may change `required`. */
  owner: z.boolean(),
  required: z.boolean(),
});

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The caller's organizations that require two-factor, and those the caller owns. */
  organizations: z.array(ZTwoFactorOrganization),
});
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const twoFactorStatusContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/two-factor',
  response: ZTwoFactorStatus,
});

/**
 * Starts enrolment (or starts it again): a new secret, as the `otpauth://` URI, its QR code (PNG
 * data URL) and the key to type by hand. Two-factor is on only once a first code is confirmed.
 */
export const startTwoFactorEnrolmentContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/two-factor/enrolment',
  response: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }),
});

const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** Confirms enrolment with a first code; answers the recovery codes, shown this once. */
export const confirmTwoFactorContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/two-factor/confirm',
  body: z.strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  response: ZRecoveryCodes,
});

/** New recovery codes (the old ones stop working), with a current code or a recovery code. */
export const regenerateRecoveryCodesContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/two-factor/recovery-codes',
  body: z.strictObject({ code: ZTwoFactorCodeInput }),
  response: ZRecoveryCodes,
});

/** Turns two-factor off, with a current code or a recovery code. */
export const disableTwoFactorContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/two-factor/disable',
  body: z.strictObject({ code: ZTwoFactorCodeInput }),
  response: z.object({ enabled: z.literal(false) }),
});

/** The owner requires (or no longer requires) two-factor of every member of the organization. */
export const setOrganizationTwoFactorContract = defineContract({
  method: 'PUT',
  path: '/api/v1/organizations/:id/two-factor',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({ required: z.boolean() }),
  response: z.object({ required: z.boolean() }),
});

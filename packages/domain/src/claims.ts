import { z } from 'zod';

/**
 * The session token's claims, on the spec's wire names. See docs/token-claims.md for each one.
 */
export const ZSessionClaims = z.object({
  sub: z.string(),
  uname: z.string(),
  uem: z.string(),
  ucon: z.string(),
  vat: z.string(),
  pid: z.number().int(),
  dis: z.boolean(),
  currency: z.string(),
  lang: z.string(),
  country: z.string(),
  defaultOrg: z.string(),
  ucreds: z.number().int(),
  ocreds: z.number().int(),
  tri: z.boolean(),
  uacti: z.boolean(),
  aco: z.boolean(),
  avatar: z.string(),
  role: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  exp: z.number().int(),
  iat: z.number().int(),
});
export type SessionClaims = z.infer<typeof ZSessionClaims>;
export const CLAIM_NAMES = Object.keys(ZSessionClaims.shape) as (keyof SessionClaims)[];
/** The `role` claim's values. */
export const ROLES = ['admin', 'user'] as const;
/** The demo user is recognised by this fixed e-mail. */
export const DEMO_EMAIL = 'demo@fluxo.example';

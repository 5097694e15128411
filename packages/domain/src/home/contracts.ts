import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { FEATURE_FLAGS } from '../feature-flags.ts';

export const ZAppConfiguration = z.object({
  stripeKey: z.string(),
  gatewayUrl: z.string(),
  apmServerUrl: z.string(),
  analyticsKey: z.string(),
  locationAPI: z.string(),
  publicVapidKey: z.string(),
  avatarUrl: z.string(),
  apmEnvironment: z.string(),
  appVersion: z.string(),
});
export type AppConfiguration = z.infer<typeof ZAppConfiguration>;

export const ZFeatureFlags = z.record(z.string(), z.boolean());

export const configurationContract = defineContract({
  method: 'GET',
  path: '/home/configuration',
  response: ZAppConfiguration,
});
export const featureFlagsContract = defineContract({
  method: 'GET',
  path: '/featureflags',
  response: ZFeatureFlags,
});
export const setFeatureFlagContract = defineContract({
  method: 'PUT',
  path: '/api/v1/admin/featureflags/:name',
  params: z.object({ name: z.enum(FEATURE_FLAGS) }),
  body: z.strictObject({ enabled: z.boolean() }),
  response: z.object({ name: z.string(), enabled: z.boolean() }),
});

import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZPluginKey } from './catalogue.ts';

/** Public values only: strings, numbers and booleans (what the catalogue's forms hold). */
const ZPublicValue = z.union([z.string().max(2000), z.number(), z.boolean()]);

/** One integration as the organization has it. Secrets are never here: only whether each is set. */
export const ZPluginState = z.object({
  key: ZPluginKey,
  enabled: z.boolean(),
  /** A configuration was saved that the plugin's schema accepts (and its required secrets are set). */
  configured: z.boolean(),
  /** The saved public configuration; null before the first save. */
  config: z.record(z.string(), ZPublicValue).nullable(),
  /** Each secret field: true when a value is stored. */
  secrets: z.record(z.string(), z.boolean()),
  updatedAt: z.string().nullable(),
});
export type PluginState = z.infer<typeof ZPluginState>;

const ZPluginParams = z.object({ key: ZPluginKey });

export const listPluginsContract = defineContract({
  method: 'GET',
  path: '/api/v1/settings/plugins',
  response: z.object({ plugins: z.array(ZPluginState) }),
});

export const getPluginContract = defineContract({
  method: 'GET',
  path: '/api/v1/settings/plugins/:key',
  params: ZPluginParams,
  response: ZPluginState,
});

/**
 * Saves the public configuration (checked against the plugin's schema on the server) and the secrets
 * sent: a string sets one, null clears it, a secret not sent keeps its stored value.
 */
export const savePluginContract = defineContract({
  method: 'PUT',
  path: '/api/v1/settings/plugins/:key',
  params: ZPluginParams,
  body: z.strictObject({
    config: z.record(z.string().max(64), ZPublicValue),
    secrets: z.record(z.string().max(64), z.string().max(2000).nullable()).optional(),
  }),
  response: ZPluginState,
});

export const setPluginEnabledContract = defineContract({
  method: 'PUT',
  path: '/api/v1/settings/plugins/:key/enabled',
  params: ZPluginParams,
  body: z.strictObject({ enabled: z.boolean() }),
  response: ZPluginState,
});

export const ZPluginTestResult = z.object({
  ok: z.boolean(),
  /** PLUGINS.TEST.<code>: what was checked, or why it failed. */
  code: z.string(),
  /** The test only checked the values' format (no service was reached). */
  formatOnly: z.boolean(),
});
export type PluginTestResult = z.infer<typeof ZPluginTestResult>;

/** Tests the saved configuration (SMTP: a real connection; the others: see PluginTestKind). */
export const testPluginContract = defineContract({
  method: 'POST',
  path: '/api/v1/settings/plugins/:key/test',
  params: ZPluginParams,
  response: ZPluginTestResult,
});

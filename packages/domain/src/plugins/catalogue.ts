import { z } from 'zod';
import { isValidPtNif } from '../validation.ts';

/**
 * The organization's integrations (/settings/plugins-management, docs/plugins.md), as data: each has
 * a key, the zod schema of its public configuration (stored in clear, shown in the browser), the
 * schema of its secret fields (stored encrypted, never sent back: the browser learns only whether
 * each is set), the fields the form shows, and the kind of test its "Test" button runs on the server.
 */

export const PLUGIN_KEYS = ['bank-aggregator', 'smtp', 'multibanco', 'tax-authority'] as const;
export type PluginKey = (typeof PLUGIN_KEYS)[number];
export const ZPluginKey = z.enum(PLUGIN_KEYS);

/** The bank aggregators a server may offer (the ids of treasury's bank connectors). */
export const BANK_AGGREGATOR_PROVIDERS = ['enablebanking', 'gocardless', 'sandbox'] as const;
export type BankAggregatorProvider = (typeof BANK_AGGREGATOR_PROVIDERS)[number];

/**
 * What "Test" does: `smtp` opens a real SMTP connection and signs in (nodemailer's verify);
 * `provider` checks that this server has the chosen aggregator set up; `format` only validates the
 * values (the AT web services come with a later issue); `validation` checks the Multibanco entity.
 */
export type PluginTestKind = 'smtp' | 'provider' | 'format' | 'validation';

export type PluginFieldKind = 'text' | 'number' | 'switch' | 'select' | 'email' | 'secret';

export interface PluginField {
  name: string;
  kind: PluginFieldKind;
  /** Values of a select field (translated under PLUGINS.OPTIONS.<value>). */
  options?: readonly string[];
  /** May be left empty. */
  optional?: boolean;
}

export interface PluginDefinition {
  key: PluginKey;
  /** The public configuration: every field of `fields` that is not a secret. */
  config: z.ZodObject;
  /** The secret fields: each optional in the schema (unset until given once), required to enable. */
  secrets: z.ZodObject;
  /** The secrets that must be set before the plugin can be enabled. */
  requiredSecrets: readonly string[];
  fields: readonly PluginField[];
  test: PluginTestKind;
}

const hostname = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/);

/** The AT sub-user: the organization's NIF, a slash and the sub-user number (e.g. 508332150/1). */
export const AT_SUB_USER = /^(\d{9})\/(\d{1,4})$/;

export const ZSmtpConfig = z.strictObject({
  host: hostname,
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().trim().max(320),
  fromAddress: z.email().max(320),
});

export const ZMultibancoConfig = z.strictObject({
  entity: z
    .string()
    .trim()
    .regex(/^\d{5}$/),
  /** The sub-entity the payment provider gave, when it uses them (up to 3 digits). */
  subEntity: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/),
});

export const ZTaxAuthorityConfig = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(AT_SUB_USER)
    .refine((value) => isValidPtNif(AT_SUB_USER.exec(value)?.[1] ?? ''), { message: 'invalid NIF' }),
});

export const ZBankAggregatorConfig = z.strictObject({
  provider: z.enum(BANK_AGGREGATOR_PROVIDERS),
});

const secret = (min: number, max: number) => z.string().min(min).max(max);

export const PLUGIN_CATALOGUE: Record<PluginKey, PluginDefinition> = {
  'bank-aggregator': {
    key: 'bank-aggregator',
    config: ZBankAggregatorConfig,
    secrets: z.strictObject({}),
    requiredSecrets: [],
    fields: [{ name: 'provider', kind: 'select', options: BANK_AGGREGATOR_PROVIDERS }],
    test: 'provider',
  },
  smtp: {
    key: 'smtp',
    config: ZSmtpConfig,
    secrets: z.strictObject({ password: secret(1, 500).optional() }),
    requiredSecrets: [],
    fields: [
      { name: 'host', kind: 'text' },
      { name: 'port', kind: 'number' },
      { name: 'secure', kind: 'switch' },
      { name: 'user', kind: 'text', optional: true },
      { name: 'password', kind: 'secret', optional: true },
      { name: 'fromAddress', kind: 'email' },
    ],
    test: 'smtp',
  },
  multibanco: {
    key: 'multibanco',
    config: ZMultibancoConfig,
    secrets: z.strictObject({}),
    requiredSecrets: [],
    fields: [
      { name: 'entity', kind: 'text' },
      { name: 'subEntity', kind: 'text', optional: true },
    ],
    test: 'validation',
  },
  'tax-authority': {
    key: 'tax-authority',
    config: ZTaxAuthorityConfig,
    secrets: z.strictObject({ password: secret(8, 64).optional() }),
    requiredSecrets: ['password'],
    fields: [
      { name: 'username', kind: 'text' },
      { name: 'password', kind: 'secret' },
    ],
    test: 'format',
  },
};

export const pluginDefinition = (key: PluginKey): PluginDefinition => PLUGIN_CATALOGUE[key];

/** The names of a plugin's secret fields. */
export const secretFieldsOf = (key: PluginKey): string[] =>
  PLUGIN_CATALOGUE[key].fields.filter((field) => field.kind === 'secret').map((field) => field.name);

import {
  type ContractBody,
  PLUGIN_CATALOGUE,
  PLUGIN_KEYS,
  type PluginKey,
  type PluginState,
  type PluginTestResult,
  type savePluginContract,
  secretFieldsOf,
  validationIssueKey,
  ZSmtpConfig,
} from '@fluxo/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organizationPlugins } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SealedColumn } from '../../platform/secrets.ts';
import { notifyOrganization } from '../../realtime/notify.ts';
import { runPluginTest, type SmtpVerify, smtpTransport } from './plugin-tests.ts';

/**
 * The organization's integrations (docs/plugins.md). Public configuration in `config`; the secret
 * fields as one JSON object sealed with AES-256-GCM (`secrets`), bound to the row's id. Secrets are
 * opened only to test a connection or for the module that uses them; answers say only which are set.
 */

export interface PluginsDeps {
  db: Db;
  /** Always seals (platform/secrets.ts alwaysSealingBox): SECRETS_KEY, or the generated key. */
  box: SecretBox;
  /** The bank aggregators this server has set up (treasury's bank connectors' ids). */
  providers: readonly string[];
  /** Opens an SMTP connection and signs in (nodemailer's verify); tests may hand their own. */
  smtpVerify?: SmtpVerify;
}

type Row = typeof organizationPlugins.$inferSelect;

export const secretsPlace = (id: string) => `organization_plugins/${id}`;

/** For `npm run rotate-keys -- secrets`: the column re-encrypted under a new SECRETS_KEY. */
export const SEALED_PLUGIN_SECRETS: SealedColumn = {
  table: 'organization_plugins',
  id: 'id',
  column: 'secrets',
  place: secretsPlace,
};

async function findRow(db: Pick<Db, 'select'>, organizationId: string, key: PluginKey) {
  const [row] = await db
    .select()
    .from(organizationPlugins)
    .where(and(eq(organizationPlugins.organizationId, organizationId), eq(organizationPlugins.plugin, key)));
  return row ?? null;
}

function openSecrets(box: SecretBox, row: Row | null): Record<string, string> {
  if (!row?.secrets) return {};
  return JSON.parse(box.open(row.secrets, secretsPlace(row.id))) as Record<string, string>;
}

function isConfigured(key: PluginKey, config: unknown, secrets: Record<string, string>): boolean {
  const definition = PLUGIN_CATALOGUE[key];
  return (
    config !== null &&
    definition.config.safeParse(config).success &&
    definition.requiredSecrets.every((name) => typeof secrets[name] === 'string')
  );
}

function stateOf(box: SecretBox, key: PluginKey, row: Row | null): PluginState {
  const secrets = openSecrets(box, row);
  return {
    key,
    enabled: row?.enabled ?? false,
    configured: isConfigured(key, row?.config ?? null, secrets),
    config: (row?.config as PluginState['config']) ?? null,
    secrets: Object.fromEntries(secretFieldsOf(key).map((name) => [name, typeof secrets[name] === 'string'])),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listPlugins(deps: PluginsDeps, organizationId: string): Promise<PluginState[]> {
  const found = await deps.db
    .select()
    .from(organizationPlugins)
    .where(eq(organizationPlugins.organizationId, organizationId));
  return PLUGIN_KEYS.map((key) => stateOf(deps.box, key, found.find((row) => row.plugin === key) ?? null));
}

export async function getPlugin(deps: PluginsDeps, organizationId: string, key: PluginKey) {
  return stateOf(deps.box, key, await findRow(deps.db, organizationId, key));
}

function invalid(prefix: string, issues: readonly z.core.$ZodIssue[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'The configuration is not valid.',
    issues.map((issue) => ({
      path: [prefix, ...issue.path.map(String)].join('.'),
      messageKey: validationIssueKey(issue as { code: string; format?: string }),
      // zod's own message names what was expected, never the value given.
      message: issue.message,
    })),
  );
}

/** What the audit log records of a save: public fields before/after, secrets only as masked markers. */
export interface PluginAudit {
  changes: Record<string, { before: unknown; after: unknown }>;
  secretFields: string[];
  secretsChanged: boolean;
}

export async function savePlugin(
  deps: PluginsDeps,
  input: {
    organizationId: string;
    userId: string;
    key: PluginKey;
    body: ContractBody<typeof savePluginContract>;
  },
): Promise<{ state: PluginState; audit: PluginAudit }> {
  const { organizationId, userId, key, body } = input;
  const definition = PLUGIN_CATALOGUE[key];
  const parsedConfig = definition.config.safeParse(body.config);
  if (!parsedConfig.success) throw invalid('body.config', parsedConfig.error.issues);
  const sent = body.secrets ?? {};
  const secretNames = secretFieldsOf(key);
  const unknown = Object.keys(sent).filter((name) => !secretNames.includes(name));
  if (unknown.length)
    throw new AppError(
      'VALIDATION_FAILED',
      'The configuration is not valid.',
      unknown.map((name) => ({
        path: `body.secrets.${name}`,
        messageKey: 'VALIDATION.UNKNOWN_FIELD',
        message: 'unknown field',
      })),
    );
  const setting = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== null));
  const parsedSecrets = definition.secrets.safeParse(setting);
  if (!parsedSecrets.success) throw invalid('body.secrets', parsedSecrets.error.issues);

  return deps.db.transaction(async (tx) => {
    const row = await findRow(tx, organizationId, key);
    const before = openSecrets(deps.box, row);
    const after: Record<string, string> = { ...before };
    for (const [name, value] of Object.entries(sent)) {
      if (value === null) delete after[name];
      else after[name] = value;
    }
    const config = parsedConfig.data as Record<string, unknown>;
    if (row?.enabled && !isConfigured(key, config, after))
      throw new AppError('PLUGIN_NOT_CONFIGURED', 'Turn the integration off before clearing what it needs.');
    const values = { config, updatedAt: new Date(), updatedBy: userId };
    let id = row?.id;
    if (row) await tx.update(organizationPlugins).set(values).where(eq(organizationPlugins.id, row.id));
    else {
      const [created] = await tx
        .insert(organizationPlugins)
        .values({ organizationId, plugin: key, ...values })
        .returning({ id: organizationPlugins.id });
      id = created!.id;
    }
    // The secrets are bound to the row's id: sealed once it is known.
    const sealed = Object.keys(after).length ? deps.box.seal(JSON.stringify(after), secretsPlace(id!)) : null;
    await tx.update(organizationPlugins).set({ secrets: sealed }).where(eq(organizationPlugins.id, id!));
    await notifyOrganization(tx, organizationId, 'REFRESH_PLUGIN', { OrganizationId: organizationId });

    const changes: PluginAudit['changes'] = {};
    const previous = (row?.config ?? {}) as Record<string, unknown>;
    for (const name of new Set([...Object.keys(previous), ...Object.keys(config)])) {
      if (JSON.stringify(previous[name] ?? null) !== JSON.stringify(config[name] ?? null))
        changes[name] = { before: previous[name] ?? null, after: config[name] ?? null };
    }
    // Never a secret's value: only that it was set, replaced or cleared (the writer masks these too).
    for (const name of Object.keys(sent)) {
      const was = typeof before[name] === 'string';
      const now = typeof after[name] === 'string';
      if (was || now) changes[name] = { before: was ? 'set' : null, after: now ? 'set' : null };
    }
    const [saved] = await tx.select().from(organizationPlugins).where(eq(organizationPlugins.id, id!));
    return {
      state: stateOf(deps.box, key, saved!),
      audit: { changes, secretFields: secretNames, secretsChanged: Object.keys(sent).length > 0 },
    };
  });
}

export async function setPluginEnabled(
  deps: PluginsDeps,
  input: { organizationId: string; userId: string; key: PluginKey; enabled: boolean },
): Promise<PluginState> {
  const { organizationId, userId, key, enabled } = input;
  return deps.db.transaction(async (tx) => {
    const row = await findRow(tx, organizationId, key);
    if (enabled && !isConfigured(key, row?.config ?? null, openSecrets(deps.box, row)))
      throw new AppError('PLUGIN_NOT_CONFIGURED', 'Save a valid configuration before turning it on.');
    if (!row) return stateOf(deps.box, key, null);
    if (row.enabled !== enabled) {
      await tx
        .update(organizationPlugins)
        .set({ enabled, updatedAt: new Date(), updatedBy: userId })
        .where(eq(organizationPlugins.id, row.id));
      await notifyOrganization(tx, organizationId, 'REFRESH_PLUGIN', { OrganizationId: organizationId });
    }
    return stateOf(deps.box, key, { ...row, enabled });
  });
}

export async function testPlugin(
  deps: PluginsDeps,
  organizationId: string,
  key: PluginKey,
): Promise<PluginTestResult> {
  const row = await findRow(deps.db, organizationId, key);
  const secrets = openSecrets(deps.box, row);
  if (!row || !isConfigured(key, row.config, secrets))
    throw new AppError('PLUGIN_NOT_CONFIGURED', 'Save a valid configuration before testing it.');
  return runPluginTest(key, row.config, secrets, deps);
}

/** How long sending one message through an organization's SMTP server may take, per step. */
const SMTP_SEND_TIMEOUT_MS = 30_000;

/**
 * The mailer an organization's own mail (documents, statements, reminders) goes out through: its SMTP
 * plugin when it is on and configured — from its address, signed in with its secret — else `fallback`
 * (the server's SMTP_URL or outbox).
 */
export async function organizationMailer(
  deps: Pick<PluginsDeps, 'db' | 'box'>,
  organizationId: string,
  fallback: Mailer,
): Promise<Mailer> {
  const row = await findRow(deps.db, organizationId, 'smtp');
  if (!row?.enabled) return fallback;
  const secrets = openSecrets(deps.box, row);
  const parsed = ZSmtpConfig.safeParse(row.config);
  if (!parsed.success || !isConfigured('smtp', row.config, secrets)) return fallback;
  const config = parsed.data;
  return {
    async send(mail) {
      const transport = smtpTransport({ ...config, password: secrets.password }, SMTP_SEND_TIMEOUT_MS);
      try {
        await transport.sendMail({ from: config.fromAddress, ...mail });
      } finally {
        transport.close();
      }
    },
  };
}

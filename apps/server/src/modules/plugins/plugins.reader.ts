import { PLUGIN_CATALOGUE, type PluginKey, ZBankAggregatorConfig, ZMultibancoConfig } from '@fluxo/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organizationPlugins } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;

/**
 * The public configuration of an organization's plugin when it is enabled (and valid), else null:
 * what the modules that own an integration read (billing's Multibanco entity, treasury's bank
 * aggregator). Never the secrets.
 */
export async function enabledPluginConfig(
  db: Reader,
  organizationId: string,
  key: PluginKey,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ enabled: organizationPlugins.enabled, config: organizationPlugins.config })
    .from(organizationPlugins)
    .where(and(eq(organizationPlugins.organizationId, organizationId), eq(organizationPlugins.plugin, key)));
  return pluginConfigOf(key, row);
}

/** A plugin row's public configuration when it is enabled and valid, else null (rows read in a join). */
export function pluginConfigOf(
  key: PluginKey,
  row: { enabled: boolean | null; config: unknown } | undefined,
): Record<string, unknown> | null {
  if (!row?.enabled) return null;
  const parsed = PLUGIN_CATALOGUE[key].config.safeParse(row.config);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

/** The Multibanco entity of the enabled Multibanco plugin, or null. */
export async function multibancoPlugin(
  db: Reader,
  organizationId: string,
): Promise<z.infer<typeof ZMultibancoConfig> | null> {
  return multibancoConfigOf(await enabledPluginConfig(db, organizationId, 'multibanco'));
}

export function multibancoConfigOf(
  config: Record<string, unknown> | null,
): z.infer<typeof ZMultibancoConfig> | null {
  return config ? ZMultibancoConfig.parse(config) : null;
}

/** The bank aggregator the organization chose (enabled plugin), or null: every one the server offers. */
export async function bankAggregatorPlugin(db: Reader, organizationId: string): Promise<string | null> {
  const config = await enabledPluginConfig(db, organizationId, 'bank-aggregator');
  return config ? ZBankAggregatorConfig.parse(config).provider : null;
}

import type { BillingSettings, ContractBody, updateBillingSettingsContract } from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSettings } from '../../db/schema.ts';
import { multibancoConfigOf, multibancoPlugin, pluginConfigOf } from '../plugins/plugins.reader.ts';

// The organization's billing settings: one row, created on the first save; until then, none set.
// The Multibanco entity comes from the Multibanco plugin when the organization has it enabled
// (/settings/plugins-management, docs/plugins.md); billing's own field is used otherwise.

type Executor = Pick<Db, 'select'>;

export async function getBillingSettings(db: Executor, organizationId: string): Promise<BillingSettings> {
  const [row] = await db
    .select()
    .from(billingSettings)
    .where(eq(billingSettings.organizationId, organizationId));
  const plugin = await multibancoPlugin(db, organizationId);
  return {
    multibancoEntity: entityFrom(row ?? null, plugin),
    documentFooter: row?.documentFooter ?? null,
    reminderAfterDays: row?.reminderAfterDays ?? null,
  };
}

export async function saveBillingSettings(
  db: Db,
  organizationId: string,
  body: ContractBody<typeof updateBillingSettingsContract>,
): Promise<BillingSettings> {
  const values = {
    multibancoEntity: body.multibancoEntity,
    documentFooter: body.documentFooter ? body.documentFooter : null,
    reminderAfterDays: body.reminderAfterDays,
    updatedAt: new Date(),
  };
  await db
    .insert(billingSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: billingSettings.organizationId, set: values });
  return getBillingSettings(db, organizationId);
}

/** The entity of an organization's settings row and Multibanco plugin row, read together in a join. */
export function multibancoEntityOf(
  settings: { multibancoEntity: string | null } | null,
  plugin: { enabled: boolean | null; config: unknown } | null,
): string | null {
  return entityFrom(settings, multibancoConfigOf(pluginConfigOf('multibanco', plugin ?? undefined)));
}

/** The enabled Multibanco plugin's entity wins over billing's own field. */
function entityFrom(
  settings: { multibancoEntity: string | null } | null,
  plugin: { entity: string } | null,
): string | null {
  return plugin?.entity ?? settings?.multibancoEntity ?? null;
}

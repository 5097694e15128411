import type { BillingSettings, ContractBody, updateBillingSettingsContract } from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSettings } from '../../db/schema.ts';
import { multibancoPlugin } from '../plugins/plugins.reader.ts';

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
    multibancoEntity: plugin?.entity ?? row?.multibancoEntity ?? null,
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

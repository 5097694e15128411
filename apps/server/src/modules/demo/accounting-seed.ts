import type { Db } from '../../db/client.ts';
import { deferPosting, postPending } from '../accounting/index.ts';

/**
 * The demo companies' journal: everything their year of documents, receipts, supplier invoices and
 * categorised movements calls for, posted in date order (SNC for the PT company, PGC for the AO one).
 * The seed defers the hooks (deferDemoPosting, first thing in its transaction), so that everything it
 * wrote — through billing's and treasury's services or straight into their tables — is posted once, by
 * postPending's batch path, instead of entry by entry and re-posted as the seed links payments.
 */
export async function seedDemoAccounting(
  tx: Db,
  companies: { pt: { organizationId: string }; ao: { organizationId: string } },
): Promise<void> {
  await postPending(tx, companies.pt.organizationId);
  await postPending(tx, companies.ao.organizationId);
}

/** Called first in the seed's transaction: billing's and treasury's hooks post nothing until it ends. */
export function deferDemoPosting(tx: Db): Promise<void> {
  return deferPosting(tx);
}

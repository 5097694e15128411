import { sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../db/client.ts';
import { notifyOrganization } from '../../realtime/notify.ts';

// PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION: a new bank movement whose merchant carries a customer's
// or supplier's tax number — or whose counterparty IBAN is the party's — links that party to the
// merchant, and the members are asked to confirm the link (the party form shows it and can undo it).
// Only parties not yet linked are considered, so a link is proposed once.

/** The treasury hook (onTransactionsCreated): runs in the transaction that brought the movements in. */
export async function recognisePartiesInMovements(
  tx: Db,
  created: { organizationId: string; transactionIds: string[] },
): Promise<void> {
  if (created.transactionIds.length === 0) return;
  const found = await rows<{ party_id: string; name: string; transaction_id: string; merchant_id: string }>(
    tx,
    sql`SELECT DISTINCT ON (p.id) p.id AS party_id, p.name, t.id AS transaction_id, t.merchant_id
        FROM treasury_transactions t
        JOIN treasury_merchants m ON m.id = t.merchant_id AND m.organization_id = t.organization_id
        JOIN billing_parties p ON p.organization_id = t.organization_id
          AND p.merchant_id IS NULL AND NOT p.archived
          AND p.tax_id NOT IN ('999999990', '999999999')
          AND (
            (m.vat_number IS NOT NULL AND upper(replace(m.vat_number, ' ', '')) = upper(replace(p.tax_id, ' ', '')))
            OR (t.counterparty_iban IS NOT NULL AND p.iban IS NOT NULL
                AND upper(replace(t.counterparty_iban, ' ', '')) = upper(replace(p.iban, ' ', '')))
          )
        WHERE t.organization_id = ${created.organizationId} AND t.id IN ${uuidList(created.transactionIds)}
        ORDER BY p.id, t.booking_date DESC, t.id`,
  );
  for (const match of found) {
    await tx.execute(
      sql`UPDATE billing_parties SET merchant_id = ${match.merchant_id}, updated_at = now()
          WHERE organization_id = ${created.organizationId} AND id = ${match.party_id} AND merchant_id IS NULL`,
    );
    await notifyOrganization(tx, created.organizationId, 'PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION', {
      ClientSupplierId: match.party_id,
      Name: match.name.slice(0, 200),
      TransactionId: match.transaction_id,
    });
  }
}

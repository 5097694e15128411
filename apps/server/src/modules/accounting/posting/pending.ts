import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { BatchPoster } from './batch-poster.ts';
import { postingContext, syncDocument, syncMovement, syncPayment, syncPurchase } from './sync.ts';

/**
 * Posts every source of the organization that has no entry yet, in date order: issued sales documents
 * and receipts (a cancelled one gets its entry and, at once, its reversal), supplier documents,
 * supplier payments and categorised movements. For organizations that recorded data before accounting,
 * and for the demo seed. Runs in one transaction (a savepoint when `db` already is one). Idempotent.
 */
export async function postPending(db: Db, organizationId: string): Promise<{ posted: number }> {
  return db.transaction(async (tx) => {
    const sources = await rows<{
      kind: 'document' | 'purchase' | 'payment' | 'movement';
      id: string;
      cancelled: boolean;
    }>(
      tx,
      sql`
      WITH posted AS (
        SELECT source_id FROM accounting_entries
        WHERE organization_id = ${organizationId} AND source_id IS NOT NULL
          AND source_type IN ('billing_document', 'billing_purchase', 'billing_payment', 'treasury_transaction'))
      SELECT kind, id, cancelled FROM (
        SELECT 'document' AS kind, d.id, d.document_date AS day, d.system_entry_at AS at, d.status = 'A' AS cancelled
        FROM billing_documents d
        WHERE d.organization_id = ${organizationId} AND d.state = 'issued'
          AND d.document_type IN ('FT', 'FS', 'FR', 'ND', 'NC', 'RC', 'RG')
          AND d.id NOT IN (SELECT source_id FROM posted)
        UNION ALL
        SELECT 'purchase', pu.id, pu.document_date, pu.created_at, false
        FROM billing_purchases pu
        WHERE pu.organization_id = ${organizationId} AND pu.state = 'open' AND pu.id NOT IN (SELECT source_id FROM posted)
        UNION ALL
        SELECT 'payment', p.id, p.payment_date, p.created_at, false
        FROM billing_payments p
        WHERE p.organization_id = ${organizationId} AND p.direction = 'out' AND p.cancelled_at IS NULL
          AND p.id NOT IN (SELECT source_id FROM posted)
        UNION ALL
        SELECT 'movement', t.id, t.booking_date, t.created_at, false
        FROM treasury_transactions t
        WHERE t.organization_id = ${organizationId} AND (t.category_id IS NOT NULL OR t.is_split)
          AND t.transfer_transaction_id IS NULL AND t.id NOT IN (SELECT source_id FROM posted)
          AND NOT EXISTS (SELECT 1 FROM billing_payments p WHERE p.organization_id = t.organization_id
                            AND p.transaction_id = t.id AND p.cancelled_at IS NULL)
      ) s ORDER BY day, at, kind, id`,
    );
    if (sources.length === 0) return { posted: 0 };
    const base = await postingContext(tx, organizationId);
    // postingContext has set the ledger up: the poster need not check it again.
    const poster = new BatchPoster(tx, organizationId, { ledgerReady: true });
    base.accounts.beforeRead = () => poster.write();
    const context = {
      ...base,
      poster,
      unposted: new Set(sources.map((source) => source.id)),
    };
    let posted = 0;
    for (const source of sources) {
      let result: string;
      if (source.kind === 'document') {
        // A document cancelled before accounting: its entry, then its reversal, as if posted live.
        if (source.cancelled) await syncDocument(context, source.id, { asIssued: true });
        result = await syncDocument(context, source.id);
      } else if (source.kind === 'purchase') result = await syncPurchase(context, source.id);
      else if (source.kind === 'payment') result = await syncPayment(context, source.id);
      else result = await syncMovement(context, source.id);
      if (result !== 'unchanged' || source.cancelled) posted++;
    }
    await poster.flush();
    // Queued sources (issued through the API) are posted now, as are those whose posting had failed.
    await tx.execute(sql`
      DELETE FROM accounting_posting_queue q WHERE q.organization_id = ${organizationId}
        AND EXISTS (SELECT 1 FROM accounting_entries e WHERE e.organization_id = q.organization_id
                      AND e.source_type = 'billing_document' AND e.source_id = q.source_id)`);
    return { posted };
  });
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { accountingReconciliationItems, accountingReconciliations } from '../../db/schema.ts';
import { demoToday } from './treasury-seed.ts';

// The demo PT company's bank is mostly reconciled: every customer receipt and supplier payment the
// billing seed linked to its bank movement becomes a confirmed match, and so does every movement the
// journal already posted from (an entry sourced from the movement, when the posting seed ran first) —
// except the last RECENT_DAYS, which stay in the queue with their suggestions, as they would for an
// accountant who reconciles every couple of weeks. A few set-based statements: the seed stays fast.

/** Days before the demo's today left unreconciled. */
export const RECENT_DAYS = 21;

export async function seedDemoReconciliation(
  tx: Db,
  target: { organizationId: string; createdBy: string },
  today = demoToday(),
): Promise<{ matches: number }> {
  const { organizationId, createdBy } = target;
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - RECENT_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const payments = await rows<{ id: string; transaction_id: string; amount: string; direction: string }>(
    tx,
    sql`SELECT p.id, p.transaction_id, p.amount, p.direction FROM billing_payments p
        JOIN treasury_transactions t ON t.id = p.transaction_id
        WHERE p.organization_id = ${organizationId} AND p.cancelled_at IS NULL AND t.booking_date < ${cutoff}
        ORDER BY t.booking_date, p.id`,
  );
  const allocations = await rows<{
    payment_id: string;
    document_id: string | null;
    purchase_id: string | null;
    amount: string;
  }>(
    tx,
    sql`SELECT a.payment_id, a.document_id, a.purchase_id, a.amount FROM billing_payment_allocations a
        JOIN billing_payments p ON p.id = a.payment_id
        JOIN treasury_transactions t ON t.id = p.transaction_id
        WHERE a.organization_id = ${organizationId} AND p.cancelled_at IS NULL AND t.booking_date < ${cutoff}`,
  );
  const posted = await rows<{ transaction_id: string; line_id: string; amount: string }>(
    tx,
    sql`SELECT DISTINCT ON (t.id) t.id AS transaction_id, l.id AS line_id, l.debit + l.credit AS amount
        FROM treasury_transactions t
        JOIN accounting_entries e ON e.organization_id = t.organization_id
         AND e.source_type = 'treasury_transaction' AND e.source_id = t.id
        JOIN accounting_entry_lines l ON l.entry_id = e.id AND l.debit + l.credit = abs(t.amount)
         AND ((t.amount > 0 AND l.debit > 0) OR (t.amount < 0 AND l.credit > 0))
        JOIN accounting_accounts a ON a.id = l.account_id AND (a.code LIKE '12%' OR a.treasury_account_id = t.account_id)
        WHERE t.organization_id = ${organizationId} AND t.booking_date < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM billing_payments p WHERE p.transaction_id = t.id AND p.cancelled_at IS NULL)
        ORDER BY t.id, l.position`,
  );
  const matches: (typeof accountingReconciliations.$inferInsert)[] = [];
  const items: (typeof accountingReconciliationItems.$inferInsert)[] = [];
  const byPayment = new Map<string, typeof allocations>();
  for (const allocation of allocations)
    byPayment.set(allocation.payment_id, [...(byPayment.get(allocation.payment_id) ?? []), allocation]);
  for (const payment of payments) {
    const id = randomUUID();
    matches.push({ id, organizationId, createdBy, score: 100, reasons: [] });
    items.push({
      organizationId,
      reconciliationId: id,
      transactionId: payment.transaction_id,
      amount: Number(payment.amount),
    });
    for (const allocation of byPayment.get(payment.id) ?? [])
      items.push({
        organizationId,
        reconciliationId: id,
        documentId: allocation.document_id,
        purchaseId: allocation.purchase_id,
        paymentId: payment.id,
        amount: Number(allocation.amount),
      });
  }
  for (const line of posted) {
    const id = randomUUID();
    matches.push({ id, organizationId, createdBy, score: 100, reasons: [] });
    items.push({
      organizationId,
      reconciliationId: id,
      transactionId: line.transaction_id,
      amount: Number(line.amount),
    });
    items.push({
      organizationId,
      reconciliationId: id,
      entryLineId: line.line_id,
      amount: Number(line.amount),
    });
  }
  for (let i = 0; i < matches.length; i += 1000)
    await tx.insert(accountingReconciliations).values(matches.slice(i, i + 1000));
  for (let i = 0; i < items.length; i += 1000)
    await tx.insert(accountingReconciliationItems).values(items.slice(i, i + 1000));
  return { matches: matches.length };
}

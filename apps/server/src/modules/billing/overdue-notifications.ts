import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';
import { notify } from '../notifications/notifications.service.ts';

/** One run creates at most this many notifications; the rest wait for the next day's run. */
const PER_RUN = 5_000;

/** The daily job (modules/notifications/notification-jobs.ts) that runs notifyOverdueDocuments. */
export const OVERDUE_JOB = 'billing.overdue';

/** Issued invoices and debit notes past their due date and not settled, to the members who see receivables. */
export async function notifyOverdueDocuments(tx: Executor, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const found = await query<{
    id: string;
    organization_id: string;
    document_number: string;
    due_date: string;
    customer: string;
    user_id: string;
  }>(
    tx,
    sql`SELECT d.id, d.organization_id, d.document_number, d.due_date::text AS due_date,
               coalesce(d.party_snapshot->>'name', p.name) AS customer, m.user_id
        FROM billing_documents d
        JOIN billing_parties p ON p.id = d.party_id
        JOIN organization_members m ON m.organization_id = d.organization_id
        WHERE d.state = 'issued' AND d.status = 'N' AND d.document_type IN ('FT', 'ND')
          AND d.due_date < ${today}::date AND d.gross_total - d.withholding > d.settled
          AND (m.role = 'owner' OR coalesce((m.permissions->>'billing.outstandingInvoices')::int, 0) & 1 = 1)
          AND NOT EXISTS (SELECT 1 FROM notifications n
                          WHERE n.user_id = m.user_id AND n.dedupe_key = 'billing.overdue:' || d.id)
        ORDER BY d.due_date, d.id LIMIT ${PER_RUN}`,
  );
  for (const row of found) {
    await notify(tx, {
      userId: row.user_id,
      orgId: row.organization_id,
      kind: 'billing.documentOverdue',
      params: { number: row.document_number, customer: row.customer, dueDate: row.due_date },
      link: '/billing/current-account',
      dedupeKey: `billing.overdue:${row.id}`,
    });
  }
  return found.length;
}

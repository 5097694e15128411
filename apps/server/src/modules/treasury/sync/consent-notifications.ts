import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../../platform/tx.ts';
import { notify } from '../../notifications/notifications.service.ts';
import { CONSENT_WARNING_DAYS } from './sync.service.ts';

const PER_RUN = 5_000;

/** The daily job (modules/notifications/notification-jobs.ts) that runs notifyExpiringConsents. */
export const CONSENT_JOB = 'treasury.consent';

/** Bank connections whose consent ends within CONSENT_WARNING_DAYS, to the members who see the banks. */
export async function notifyExpiringConsents(tx: Executor, now: Date): Promise<number> {
  const found = await query<{
    id: string;
    organization_id: string;
    name: string;
    institution_code: string;
    ends: string;
    user_id: string;
  }>(
    tx,
    sql`SELECT c.id, c.organization_id, c.name, c.institution_code,
               to_char(c.consent_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS ends, m.user_id
        FROM bank_connections c
        JOIN organization_members m ON m.organization_id = c.organization_id
        WHERE c.consent_expires_at > ${now.toISOString()}::timestamptz
          AND c.consent_expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${CONSENT_WARNING_DAYS})
          AND (m.role = 'owner' OR coalesce((m.permissions->>'treasury.cash')::int, 0) & 1 = 1)
          AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = m.user_id
                          AND n.dedupe_key = 'treasury.consent:' || c.id || ':' || c.consent_expires_at::date)
        LIMIT ${PER_RUN}`,
  );
  for (const row of found) {
    await notify(tx, {
      userId: row.user_id,
      orgId: row.organization_id,
      kind: 'treasury.consentExpiring',
      params: { connection: row.name, institution: row.institution_code, date: row.ends },
      link: '/treasury/wallets',
      dedupeKey: `treasury.consent:${row.id}:${row.ends}`,
    });
  }
  return found.length;
}

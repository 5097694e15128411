import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidValues } from '../../../db/client.ts';

/** Who is looking at treasury data: the organization selected, the user, and their role in it. */
export interface TreasuryViewer {
  organizationId: string;
  userId: string;
  role: 'owner' | 'member';
}

export const VIEW_POLICY_FLAG = 'transactionsViewPolicyFeature';

/**
 * The accounts a viewer may see, as a list of ids, or null for every account of the organization.
 *
 * The view policy (feature flag `transactionsViewPolicyFeature`, see docs/treasury.md): when it is on,
 * a member sees an account — its balance, movements, documents and POS batches — only when the account
 * is shared with every member (`visibility = 'all'`) or with them by name (treasury_account_members).
 * Owners always see every account. When it is off, every member holding the treasury permission sees
 * every account.
 */
export async function visibleAccountIds(db: Db, viewer: TreasuryViewer): Promise<string[] | null> {
  if (viewer.role === 'owner') return null;
  const [flag] = await rows<{ enabled: boolean }>(
    db,
    sql`SELECT enabled FROM feature_flags WHERE name = ${VIEW_POLICY_FLAG}`,
  );
  if (!flag?.enabled) return null;
  const visible = await rows<{ id: string }>(
    db,
    sql`SELECT a.id FROM treasury_accounts a
        WHERE a.organization_id = ${viewer.organizationId}
          AND (a.visibility = 'all' OR EXISTS (
            SELECT 1 FROM treasury_account_members m WHERE m.account_id = a.id AND m.user_id = ${viewer.userId}))`,
  );
  return visible.map((row) => row.id);
}

/** `column` restricted to the visible accounts (true when the viewer sees them all). */
export function accountFilter(column: SQL, visible: string[] | null): SQL {
  if (visible === null) return sql`true`;
  if (visible.length === 0) return sql`false`;
  return sql`${column} IN (${uuidValues(visible)})`;
}

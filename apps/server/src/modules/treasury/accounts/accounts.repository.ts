import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import { treasuryAccountMembers, treasuryAccounts } from '../../../db/schema.ts';
import { crossRateOn } from '../../tax/exchange-rates.repository.ts';
import { accountFilter } from './account-scope.ts';

/** An account as read with its members, balance today and movement figures (dates as text). */
export interface AccountRow {
  id: string;
  organization_id: string;
  kind: 'bank' | 'cash' | 'card' | 'pos';
  name: string;
  institution: string | null;
  iban: string | null;
  bic: string | null;
  currency: string;
  opening_balance: string | number;
  opening_date: string;
  archived: boolean;
  visibility: 'all' | 'restricted';
  member_ids: string[] | null;
  balance: string | number;
  last_movement_date: string | null;
  transaction_count: number;
  connection_id: string | null;
  sync_status: string | null;
  sync_error: string | null;
  last_synced_at: Date | string | null;
  consent_expires_at: Date | string | null;
  bank_balance: string | number | null;
  bank_balance_date: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The balance today is an aggregate over the account's movements (opening + every movement booked up
 * to today), not the kept balance_after, so that it is right by construction. The movements are
 * summed in one grouped pass over `movements` (the organization's, or one account's), not once per
 * account, which would rescan the table for each.
 */
function selectAccounts(where: SQL, movements: SQL): SQL {
  return sql`
    SELECT a.id, a.organization_id, a.kind, a.name, a.institution, a.iban, a.bic, trim(a.currency) AS currency,
           a.opening_balance, a.opening_date::text AS opening_date, a.archived, a.visibility,
           m.member_ids, a.opening_balance + coalesce(s.booked, 0) AS balance,
           s.last_movement_date, coalesce(s.transaction_count, 0)::int AS transaction_count,
           a.connection_id, a.sync_status, a.sync_error, a.last_synced_at, c.consent_expires_at,
           a.bank_balance, a.bank_balance_date::text AS bank_balance_date, a.created_at, a.updated_at
    FROM treasury_accounts a
    LEFT JOIN LATERAL (
      SELECT array_agg(user_id::text ORDER BY user_id) AS member_ids
      FROM treasury_account_members WHERE account_id = a.id
    ) m ON true
    LEFT JOIN (
      SELECT account_id, sum(amount) FILTER (WHERE booking_date <= current_date) AS booked,
             max(booking_date)::text AS last_movement_date, count(*) AS transaction_count
      FROM treasury_transactions WHERE ${movements} GROUP BY account_id
    ) s ON s.account_id = a.id
    LEFT JOIN bank_connections c ON c.id = a.connection_id AND c.organization_id = a.organization_id
    WHERE ${where}`;
}

export function listAccounts(
  db: Db,
  organizationId: string,
  visible: string[] | null,
  includeArchived: boolean,
): Promise<AccountRow[]> {
  return rows<AccountRow>(
    db,
    sql`${selectAccounts(
      sql`a.organization_id = ${organizationId}
          AND ${accountFilter(sql`a.id`, visible)}
          AND (${includeArchived} OR NOT a.archived)`,
      sql`organization_id = ${organizationId}`,
    )}
        ORDER BY a.archived, a.name, a.id`,
  );
}

export async function findAccount(
  db: Db,
  organizationId: string,
  accountId: string,
  visible: string[] | null,
): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(
    db,
    selectAccounts(
      sql`a.organization_id = ${organizationId} AND a.id = ${accountId}
      AND ${accountFilter(sql`a.id`, visible)}`,
      sql`organization_id = ${organizationId} AND account_id = ${accountId}`,
    ),
  );
  return row;
}

/** The accounts of the organization among `ids` that the viewer sees, with their currency. */
export function accountsAmong(
  db: Db,
  organizationId: string,
  ids: readonly string[],
  visible: string[] | null,
): Promise<{ id: string; currency: string }[]> {
  return rows<{ id: string; currency: string }>(
    db,
    sql`SELECT id, trim(currency) AS currency FROM treasury_accounts WHERE organization_id = ${organizationId}
          AND id IN ${uuidList(ids)} AND ${accountFilter(sql`id`, visible)} ORDER BY name, id`,
  );
}

/** The organization's open accounts the viewer sees, with their currency (the daily chart's default). */
export function openAccounts(
  db: Db,
  organizationId: string,
  visible: string[] | null,
): Promise<{ id: string; currency: string }[]> {
  return rows<{ id: string; currency: string }>(
    db,
    sql`SELECT id, trim(currency) AS currency FROM treasury_accounts WHERE organization_id = ${organizationId}
          AND NOT archived AND ${accountFilter(sql`id`, visible)} ORDER BY name, id`,
  );
}

/** The organization's accounts holding this IBAN (electronic form), open ones first. */
export async function accountIdsByIban(db: Db, organizationId: string, iban: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM treasury_accounts WHERE organization_id = ${organizationId} AND iban = ${iban}
        ORDER BY archived, created_at, id`,
  );
  return found.map((row) => row.id);
}

export async function insertAccount(db: Db, values: typeof treasuryAccounts.$inferInsert): Promise<string> {
  const [row] = await db.insert(treasuryAccounts).values(values).returning({ id: treasuryAccounts.id });
  return row!.id;
}

export async function updateAccount(
  db: Db,
  organizationId: string,
  accountId: string,
  values: Partial<typeof treasuryAccounts.$inferInsert>,
): Promise<void> {
  await db
    .update(treasuryAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      sql`${treasuryAccounts.id} = ${accountId} AND ${treasuryAccounts.organizationId} = ${organizationId}`,
    );
}

/** Replaces the members a restricted account is shared with. */
export async function replaceMembers(
  db: Db,
  organizationId: string,
  accountId: string,
  userIds: readonly string[],
): Promise<void> {
  await db.execute(
    sql`DELETE FROM treasury_account_members WHERE account_id = ${accountId} AND organization_id = ${organizationId}`,
  );
  if (userIds.length === 0) return;
  await db
    .insert(treasuryAccountMembers)
    .values(userIds.map((userId) => ({ accountId, userId, organizationId })));
}

/** Which of `userIds` are members of the organization. */
export async function organizationMembersAmong(
  db: Db,
  organizationId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const found = await rows<{ user_id: string }>(
    db,
    sql`SELECT user_id FROM organization_members WHERE organization_id = ${organizationId}
          AND user_id IN ${uuidList(userIds)}`,
  );
  return new Set(found.map((row) => row.user_id));
}

export async function organizationCurrency(db: Db, organizationId: string): Promise<string> {
  const [row] = await rows<{ currency: string }>(
    db,
    sql`SELECT trim(currency) AS currency FROM organizations WHERE id = ${organizationId}`,
  );
  return row?.currency ?? 'EUR';
}

export interface DailyRow {
  /** null for the organization's total. */
  account_id: string | null;
  currency: string;
  day: string;
  balance: string | number | null;
  missing: string[] | null;
}

/**
 * Per account and day over [from, to]: the balance at the end of the day, from the balance_after of
 * the last movement before `from` (or the opening balance) plus the running sum of each day's
 * movements; days before the account's start (its opening date or first movement) are left out. Then
 * per day, the sum in `base`: per currency, converted with that day's cross rate and rounded once
 * (as the account list converts its totals). Currencies without a rate that day are named in `missing`.
 */
export function dailyBalances(
  db: Db,
  input: {
    organizationId: string;
    accountIds: readonly string[];
    from: string;
    to: string;
    base: string;
    /** Minor-unit digits of every currency involved, the base's included. */
    digits: ReadonlyMap<string, number>;
  },
): Promise<DailyRow[]> {
  const { organizationId, from, to, base } = input;
  const baseDigits = input.digits.get(base) ?? 2;
  const shifts = sql.join(
    [...input.digits].map(([currency, digits]) => sql`(${currency}::text, ${baseDigits - digits}::int)`),
    sql`, `,
  );
  return rows<DailyRow>(
    db,
    sql`
    WITH acc AS (
      SELECT a.id, trim(a.currency) AS currency, a.opening_balance,
             least(a.opening_date, coalesce(
               (SELECT min(t.booking_date) FROM treasury_transactions t WHERE t.account_id = a.id),
               a.opening_date)) AS start_date
      FROM treasury_accounts a
      WHERE a.organization_id = ${organizationId} AND a.id IN ${uuidList(input.accountIds)}
    ),
    days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    ),
    opening AS (
      SELECT acc.id, coalesce(
        (SELECT t.balance_after FROM treasury_transactions t
         WHERE t.account_id = acc.id AND t.booking_date < ${from}::date
         ORDER BY t.booking_date DESC, t.seq DESC LIMIT 1),
        acc.opening_balance) AS balance
      FROM acc
    ),
    moves AS (
      SELECT t.account_id, t.booking_date, sum(t.amount) AS delta
      FROM treasury_transactions t
      WHERE t.organization_id = ${organizationId} AND t.account_id IN (SELECT id FROM acc)
        AND t.booking_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY t.account_id, t.booking_date
    ),
    series AS (
      SELECT acc.id, acc.currency, acc.start_date, days.day,
             o.balance + sum(coalesce(m.delta, 0)) OVER (PARTITION BY acc.id ORDER BY days.day) AS balance
      FROM acc CROSS JOIN days
      JOIN opening o ON o.id = acc.id
      LEFT JOIN moves m ON m.account_id = acc.id AND m.booking_date = days.day
    ),
    shown AS (SELECT * FROM series WHERE day >= start_date),
    per_currency AS (
      SELECT day, currency, sum(balance) AS balance FROM shown GROUP BY day, currency
    ),
    converted AS (
      SELECT p.day, p.currency,
             CASE WHEN p.currency = ${base} THEN p.balance
                  ELSE round((p.balance * power(10::numeric, s.shift))::numeric(38, 12)
                             / ${crossRateOn(base, sql`p.currency`, sql`p.day`)})
             END AS value
      FROM per_currency p JOIN (VALUES ${shifts}) AS s(currency, shift) ON s.currency = p.currency
    )
    SELECT id::text AS account_id, currency, day::text AS day, balance::text AS balance, NULL::text[] AS missing
    FROM shown
    UNION ALL
    SELECT NULL, ${base}::text, d.day::text,
           coalesce(sum(c.value) FILTER (WHERE c.value IS NOT NULL), 0)::text,
           array_remove(array_agg(c.currency) FILTER (WHERE c.value IS NULL), NULL)
    FROM days d LEFT JOIN converted c ON c.day = d.day
    GROUP BY d.day
    ORDER BY 1 NULLS LAST, 3`,
  );
}

import type { LedgerAccount } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { ensureLedger } from '../ledger/setup.ts';

// The organization's chart of accounts: every account with its debits, credits and balance over a date
// range (rolled up the parent chain in SQL), sub-accounts the organization adds, archiving.

interface AccountRow {
  id: string;
  code: string;
  name: string;
  parent_code: string | null;
  grouping_category: LedgerAccount['groupingCategory'];
  taxonomy_code: number | null;
  nature: LedgerAccount['nature'];
  party_id: string | null;
  treasury_account_id: string | null;
  system: boolean;
  archived: boolean;
  debit: string | number;
  credit: string | number;
}

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  code: row.code,
  name: row.name,
  parentCode: row.parent_code,
  groupingCategory: row.grouping_category,
  taxonomyCode: row.taxonomy_code === null ? null : Number(row.taxonomy_code),
  nature: row.nature,
  partyId: row.party_id,
  treasuryAccountId: row.treasury_account_id,
  system: row.system,
  archived: row.archived,
  debit: Number(row.debit),
  credit: Number(row.credit),
  balance: Number(row.debit) - Number(row.credit),
});

/** Accounts with their own lines' sums plus every descendant's (one recursive query up the parents). */
async function accountRows(
  db: Db,
  organizationId: string,
  options: { from?: string | undefined; to?: string | undefined; includeArchived?: boolean; id?: string },
) {
  const range = [sql`l.organization_id = ${organizationId}`];
  if (options.from) range.push(sql`l.entry_date >= ${options.from}`);
  if (options.to) range.push(sql`l.entry_date <= ${options.to}`);
  const filters = [sql`a.organization_id = ${organizationId}`];
  if (!options.includeArchived) filters.push(sql`NOT a.archived`);
  if (options.id) filters.push(sql`a.id = ${options.id}`);
  return rows<AccountRow>(
    db,
    sql`WITH RECURSIVE own AS (
          SELECT l.account_id, sum(l.debit) AS debit, sum(l.credit) AS credit
          FROM accounting_entry_lines l WHERE ${sql.join(range, sql` AND `)} GROUP BY l.account_id
        ), up AS (
          SELECT a.code, a.parent_code, own.debit, own.credit
          FROM own JOIN accounting_accounts a ON a.id = own.account_id
          UNION ALL
          SELECT p.code, p.parent_code, up.debit, up.credit
          FROM up JOIN accounting_accounts p ON p.organization_id = ${organizationId} AND p.code = up.parent_code
        ), rolled AS (
          SELECT code, sum(debit) AS debit, sum(credit) AS credit FROM up GROUP BY code
        )
        SELECT a.id, a.code, a.name, a.parent_code, a.grouping_category, a.taxonomy_code, a.nature, a.party_id,
          a.treasury_account_id, a.system, a.archived,
          coalesce(r.debit, 0) AS debit, coalesce(r.credit, 0) AS credit
        FROM accounting_accounts a LEFT JOIN rolled r ON r.code = a.code
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY a.code`,
  );
}

export async function listAccounts(
  db: Db,
  organizationId: string,
  query: { from?: string | undefined; to?: string | undefined; includeArchived?: boolean | undefined },
) {
  await db.transaction((tx) => ensureLedger(tx as unknown as Db, organizationId));
  const found = await accountRows(db, organizationId, {
    from: query.from,
    to: query.to,
    includeArchived: query.includeArchived ?? false,
  });
  const range = [sql`organization_id = ${organizationId}`];
  if (query.from) range.push(sql`entry_date >= ${query.from}`);
  if (query.to) range.push(sql`entry_date <= ${query.to}`);
  const [totals] = await rows<{ debit: string | null; credit: string | null }>(
    db,
    sql`SELECT sum(debit) AS debit, sum(credit) AS credit FROM accounting_entry_lines WHERE ${sql.join(range, sql` AND `)}`,
  );
  return {
    items: found.map(toAccount),
    totals: { debit: Number(totals?.debit ?? 0), credit: Number(totals?.credit ?? 0) },
  };
}

async function accountById(db: Db, organizationId: string, id: string): Promise<LedgerAccount> {
  const [row] = await accountRows(db, organizationId, { id, includeArchived: true });
  if (!row) throw new AppError('NOT_FOUND', 'No such account.');
  return toAccount(row);
}

/**
 * Adds a movement (GM) sub-account. The parent is aggregating (GA), or a movement account without any
 * entry, which then becomes aggregating and hands its SAF-T taxonomy code to the sub-account.
 */
export async function createAccount(
  db: Db,
  organizationId: string,
  input: {
    parentCode: string;
    code?: string | undefined;
    name: string;
    partyId?: string | undefined;
    treasuryAccountId?: string | undefined;
  },
): Promise<LedgerAccount> {
  const id = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await ensureLedger(tx, organizationId);
    const [parent] = await rows<{
      id: string;
      code: string;
      grouping_category: string;
      taxonomy_code: number | null;
      nature: string;
      archived: boolean;
    }>(
      tx,
      sql`SELECT id, code, grouping_category, taxonomy_code, nature, archived FROM accounting_accounts
          WHERE organization_id = ${organizationId} AND code = ${input.parentCode} FOR UPDATE`,
    );
    if (!parent || parent.archived) throw new AppError('NOT_FOUND', `No account ${input.parentCode}.`);
    if (parent.grouping_category !== 'GA' && parent.grouping_category !== 'GM')
      throw new AppError('ACCOUNT_NOT_POSTABLE', 'Sub-accounts go under an aggregating or movement account.');
    if (input.partyId) {
      const [party] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM billing_parties WHERE id = ${input.partyId} AND organization_id = ${organizationId}`,
      );
      if (!party) throw new AppError('NOT_FOUND', 'No such customer or supplier.');
    }
    if (input.treasuryAccountId) {
      const [account] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM treasury_accounts WHERE id = ${input.treasuryAccountId} AND organization_id = ${organizationId}`,
      );
      if (!account) throw new AppError('NOT_FOUND', 'No such treasury account.');
    }
    let code = input.code;
    if (code === undefined) {
      const [last] = await rows<{ code: string | null }>(
        tx,
        sql`SELECT max(code) AS code FROM accounting_accounts
            WHERE organization_id = ${organizationId} AND parent_code = ${parent.code}
              AND length(code) = ${parent.code.length + 2}`,
      );
      const next = last?.code ? Number(last.code.slice(parent.code.length)) + 1 : 1;
      if (next > 99)
        throw new AppError('ACCOUNT_CODE_TAKEN', 'Every two-digit sub-account code is taken: give a code.');
      code = `${parent.code}${String(next).padStart(2, '0')}`;
    }
    if (!code.startsWith(parent.code) || code.length <= parent.code.length)
      throw new AppError('VALIDATION_FAILED', 'A sub-account code starts with its parent code.', [
        { path: 'code', messageKey: 'VALIDATION.INVALID', message: 'Starts with the parent code' },
      ]);
    let taxonomyCode = parent.grouping_category === 'GA' ? null : parent.taxonomy_code;
    if (parent.grouping_category === 'GM') {
      const [used] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM accounting_entry_lines WHERE organization_id = ${organizationId} AND account_id = ${parent.id} LIMIT 1`,
      );
      if (used) throw new AppError('ACCOUNT_HAS_ENTRIES', `Account ${parent.code} already has entries.`);
      await tx.execute(
        sql`UPDATE accounting_accounts SET grouping_category = 'GA', taxonomy_code = NULL WHERE id = ${parent.id}`,
      );
    } else taxonomyCode = null;
    const [created] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO accounting_accounts (organization_id, code, name, parent_code, grouping_category, taxonomy_code,
            nature, party_id, treasury_account_id, system)
          VALUES (${organizationId}, ${code}, ${input.name}, ${parent.code}, 'GM', ${taxonomyCode}, ${parent.nature},
            ${input.partyId ?? null}, ${input.treasuryAccountId ?? null}, false)
          ON CONFLICT (organization_id, code) DO NOTHING RETURNING id`,
    );
    if (!created) throw new AppError('ACCOUNT_CODE_TAKEN', `Account ${code} already exists.`);
    return created.id;
  });
  return accountById(db, organizationId, id);
}

/** Archives (no new entry on it) or restores an account the organization added. */
export async function archiveAccount(
  db: Db,
  organizationId: string,
  id: string,
  archived: boolean,
): Promise<LedgerAccount> {
  const [account] = await rows<{ system: boolean }>(
    db,
    sql`SELECT system FROM accounting_accounts WHERE id = ${id} AND organization_id = ${organizationId}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'No such account.');
  if (account.system) throw new AppError('ACCOUNT_IS_SYSTEM', 'Accounts of the official chart stay.');
  await db.execute(
    sql`UPDATE accounting_accounts SET archived = ${archived} WHERE id = ${id} AND organization_id = ${organizationId}`,
  );
  return accountById(db, organizationId, id);
}

import type { ConnectionAccount } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import type { DiscoveredAccount } from '../../connections/connectors/connector.ts';
import { accountFilter } from '../accounts/account-scope.ts';

interface AccountRow {
  id: string;
  name: string;
  iban: string | null;
  currency: string;
  institution: string | null;
  provider_account_id: string | null;
  sync_status: string | null;
  sync_error: string | null;
  last_synced_at: Date | string | null;
  bank_balance: string | number | null;
  bank_balance_date: string | null;
}

const COLUMNS = sql`id, name, iban, currency, institution, provider_account_id, sync_status, sync_error,
  last_synced_at, bank_balance, bank_balance_date`;

export function toConnectionAccount(row: AccountRow): ConnectionAccount {
  return {
    id: row.id,
    name: row.name,
    iban: row.iban,
    currency: row.currency.trim(),
    institution: row.institution,
    providerAccountId: row.provider_account_id,
    syncStatus: row.sync_status,
    syncError: row.sync_error,
    lastSyncedAt: row.last_synced_at === null ? null : new Date(row.last_synced_at).toISOString(),
    bankBalance: row.bank_balance === null ? null : Number(row.bank_balance),
    bankBalanceDate: row.bank_balance_date,
  };
}

/** The connection's accounts the viewer may see (`visible` from the treasury view policy). */
export async function accountsOfConnection(
  db: Db,
  organizationId: string,
  connectionId: string,
  visible: string[] | null,
): Promise<ConnectionAccount[]> {
  const found = await rows<AccountRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_accounts
        WHERE organization_id = ${organizationId} AND connection_id = ${connectionId}
          AND ${accountFilter(sql`id`, visible)}
        ORDER BY created_at, name, id`,
  );
  return found.map(toConnectionAccount);
}

/**
 * Makes a treasury account (kind bank) of every discovered account the connection does not feed yet.
 * A renewed consent gives the same bank accounts new aggregator ids: an account already fed by this
 * connection with the same IBAN takes the new id instead of being created twice. New accounts start at
 * zero today; their first sync sets the opening balance and date from the history it brings.
 */
export async function upsertDiscoveredAccounts(
  tx: Db,
  input: {
    organizationId: string;
    connectionId: string;
    institutionName: string;
    accounts: readonly DiscoveredAccount[];
    createdBy: string | null;
  },
): Promise<{ accounts: ConnectionAccount[]; created: string[] }> {
  const created: string[] = [];
  const result: ConnectionAccount[] = [];
  for (const account of input.accounts) {
    const [known] = await rows<AccountRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM treasury_accounts
          WHERE organization_id = ${input.organizationId} AND connection_id = ${input.connectionId}
            AND (provider_account_id = ${account.providerAccountId}
                 OR (${account.iban}::text IS NOT NULL AND iban = ${account.iban}))
          ORDER BY (provider_account_id = ${account.providerAccountId}) DESC
          LIMIT 1 FOR UPDATE`,
    );
    if (known) {
      const [updated] = await rows<AccountRow>(
        tx,
        sql`UPDATE treasury_accounts
            SET provider_account_id = ${account.providerAccountId},
                sync_status = CASE WHEN sync_status IN ('consent_expired', 'disconnected') OR sync_status IS NULL
                                   THEN 'ok' ELSE sync_status END,
                sync_error = NULL, updated_at = now()
            WHERE id = ${known.id} RETURNING ${COLUMNS}`,
      );
      result.push(toConnectionAccount(updated!));
      continue;
    }
    const [inserted] = await rows<AccountRow>(
      tx,
      sql`INSERT INTO treasury_accounts (organization_id, kind, name, institution, iban, currency,
            opening_balance, opening_date, connection_id, provider_account_id, sync_status, created_by)
          VALUES (${input.organizationId}, 'bank', ${account.name}, ${input.institutionName}, ${account.iban},
            ${account.currency}, 0, current_date, ${input.connectionId}, ${account.providerAccountId}, 'ok',
            ${input.createdBy})
          RETURNING ${COLUMNS}`,
    );
    created.push(inserted!.id);
    result.push(toConnectionAccount(inserted!));
  }
  return { accounts: result, created };
}

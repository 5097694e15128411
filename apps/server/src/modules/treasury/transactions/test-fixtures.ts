import type { StatementEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { insertEntries, lockAccount } from './ingest.ts';

// Test data for the movements' suites: accounts, categories, merchants and movements written the way
// production writes them (insertEntries), straight into the database.

export async function addAccount(
  db: Db,
  organizationId: string,
  options: {
    kind?: 'bank' | 'cash' | 'card' | 'pos';
    name?: string;
    currency?: string;
    opening?: number;
  } = {},
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_balance, opening_date)
        VALUES (${organizationId}, ${options.kind ?? 'bank'}, ${options.name ?? 'Conta'}, ${options.currency ?? 'EUR'},
                ${options.opening ?? 0}, '2025-01-01')
        RETURNING id`,
  );
  return row!.id;
}

export async function addCategory(db: Db, organizationId: string, name: string, kind = 'expense') {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_categories (organization_id, kind, name) VALUES (${organizationId}, ${kind}, ${name}) RETURNING id`,
  );
  return row!.id;
}

export async function addMerchant(db: Db, organizationId: string, name: string) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_merchants (organization_id, name) VALUES (${organizationId}, ${name}) RETURNING id`,
  );
  return row!.id;
}

export interface MovementSeed {
  bookingDate: string;
  amount: number;
  description: string;
  counterpartyName?: string | null;
  categoryId?: string | null;
  merchantId?: string | null;
}

let line = 0;

/** Inserts the movements into the account as an import would; answers their ids in order. */
export async function addMovements(
  db: Db,
  organizationId: string,
  accountId: string,
  movements: MovementSeed[],
  source: 'import' | 'manual' = 'import',
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, organizationId, accountId);
    const entries: StatementEntry[] = movements.map((movement) => {
      line += 1;
      return {
        line,
        bookingDate: movement.bookingDate,
        valueDate: null,
        amount: movement.amount,
        currency: account.currency,
        description: movement.description,
        counterpartyName: movement.counterpartyName ?? null,
        counterpartyIban: null,
        remittanceInfo: null,
        endToEndId: null,
        bankReference: null,
        providerTransactionId: null,
        balanceAfter: null,
        dedupeKey: `t:${line}`,
      };
    });
    const byLine = new Map(movements.map((movement, index) => [entries[index]!.line, movement]));
    const { insertedIds } = await insertEntries(tx, {
      account,
      entries,
      source,
      classify: (entry) => ({
        categoryId: byLine.get(entry.line)?.categoryId ?? null,
        merchantId: byLine.get(entry.line)?.merchantId ?? null,
      }),
    });
    return insertedIds;
  });
}

export async function setFlag(db: Db, name: string, enabled: boolean): Promise<void> {
  await db.execute(sql`INSERT INTO feature_flags (name, enabled) VALUES (${name}, ${enabled})
                       ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`);
}

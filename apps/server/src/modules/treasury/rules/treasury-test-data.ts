import type { StatementEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { insertEntries, lockAccount } from '../transactions/ingest.ts';

// Test data for the rules, documents and POS suites, written straight to the database (the accounts,
// categories and merchants APIs are other parts' routes); movements go through ingest.ts as in real use.

export async function orgOf(db: Db, name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(db, sql`SELECT id FROM organizations WHERE name = ${name}`);
  if (!row) throw new Error(`No organization ${name}`);
  return row.id;
}

export async function newAccount(
  db: Db,
  organizationId: string,
  kind: 'bank' | 'cash' | 'card' | 'pos' = 'bank',
  options: { currency?: string; visibility?: 'all' | 'restricted'; name?: string } = {},
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_balance, opening_date, visibility)
        VALUES (${organizationId}, ${kind}, ${options.name ?? `Conta ${kind}`}, ${options.currency ?? 'EUR'}, 0,
                '2025-01-01', ${options.visibility ?? 'all'})
        RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function newCategory(
  db: Db,
  organizationId: string,
  name: string,
  kind = 'expense',
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_categories (organization_id, kind, name) VALUES (${organizationId}, ${kind}, ${name})
        RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function newMerchant(db: Db, organizationId: string, name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_merchants (organization_id, name) VALUES (${organizationId}, ${name}) RETURNING id`,
  );
  return (row as { id: string }).id;
}

export function entry(overrides: Partial<StatementEntry>): StatementEntry {
  return {
    line: 1,
    bookingDate: '2026-03-02',
    valueDate: null,
    amount: -1000,
    currency: 'EUR',
    description: 'Movimento',
    counterpartyName: null,
    counterpartyIban: null,
    remittanceInfo: null,
    endToEndId: null,
    bankReference: null,
    providerTransactionId: null,
    balanceAfter: null,
    ...overrides,
  };
}

let unique = 0;

/** Movements into the account as an import brings them (rules and POS hooks included); answers their ids. */
export async function addMovements(
  db: Db,
  organizationId: string,
  accountId: string,
  entries: Partial<StatementEntry>[],
  classify?: Parameters<typeof insertEntries>[1]['classify'],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, organizationId, accountId);
    const { insertedIds } = await insertEntries(tx, {
      account,
      entries: entries.map((overrides, index) =>
        entry({ line: index + 1, providerTransactionId: `test-${++unique}`, ...overrides }),
      ),
      source: 'import',
      ...(classify ? { classify } : {}),
    });
    return insertedIds;
  });
}

import type { StatementEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { dedupeKeys, insertEntries, lockAccount, normaliseText } from './ingest.ts';

let t: TestApp;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const [org] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO organizations (name, vat_number, country, currency) VALUES ('Ingest Lda', '509999990', 'PT', 'EUR') RETURNING id`,
  );
  organizationId = org!.id;
});
afterAll(() => t.close());

const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  line: 1,
  bookingDate: '2026-01-01',
  valueDate: null,
  amount: 100,
  currency: 'EUR',
  description: 'x',
  counterpartyName: null,
  counterpartyIban: null,
  remittanceInfo: null,
  endToEndId: null,
  bankReference: null,
  providerTransactionId: null,
  balanceAfter: null,
  ...overrides,
});

async function newAccount(openingBalance: number): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_balance, opening_date)
        VALUES (${organizationId}, 'bank', 'Test', 'EUR', ${openingBalance}, '2025-01-01') RETURNING id`,
  );
  return row!.id;
}

describe('ingest', () => {
  it('normalises text without accents or case', () => {
    expect(normaliseText('Pagamento  SEGURANÇA Social', null, 'Ação')).toBe(
      'pagamento seguranca social acao',
    );
  });

  it('keeps equal entries of one statement apart and finds them again on re-import', () => {
    const coffee = entry({ description: 'Café' });
    const keys = dedupeKeys([coffee, coffee, entry({ providerTransactionId: 'abc' })]);
    expect(new Set(keys).size).toBe(3);
    expect(dedupeKeys([coffee, coffee])).toEqual(keys.slice(0, 2));
  });

  it('keeps every running balance equal to opening plus the movements, and re-imports add nothing', async () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    const statement = fc.array(
      fc.record({
        bookingDate: day,
        amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
        description: fc.constantFrom('a', 'b', 'c'),
      }),
      { maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(statement, { minLength: 1, maxLength: 4 }),
        async (opening, statements) => {
          const accountId = await newAccount(opening);
          const distinct = new Map<string, number>();
          for (const lines of statements) {
            const entries = lines.map((line, index) => entry({ ...line, line: index + 1 }));
            await t.database.db.transaction(async (tx) => {
              const account = await lockAccount(tx, organizationId, accountId);
              await insertEntries(tx, { account, entries, source: 'import' });
            });
            for (const [index, key] of dedupeKeys(entries).entries())
              distinct.set(key, entries[index]!.amount);
          }
          // Re-importing every statement again changes nothing.
          for (const lines of statements) {
            const entries = lines.map((line, index) => entry({ ...line, line: index + 1 }));
            const again = await t.database.db.transaction(async (tx) =>
              insertEntries(tx, {
                account: await lockAccount(tx, organizationId, accountId),
                entries,
                source: 'import',
              }),
            );
            expect(again.insertedIds).toHaveLength(0);
          }
          const stored = await rows<{ amount: string; balance_after: string }>(
            t.database.db,
            sql`SELECT amount, balance_after FROM treasury_transactions WHERE account_id = ${accountId} ORDER BY booking_date, seq`,
          );
          expect(stored).toHaveLength(distinct.size);
          let running = opening;
          for (const row of stored) {
            running += Number(row.amount);
            expect(Number(row.balance_after)).toBe(running);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses an account of another organization', async () => {
    const accountId = await newAccount(0);
    await expect(
      t.database.db.transaction((tx) => lockAccount(tx, '00000000-0000-4000-8000-000000000000', accountId)),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

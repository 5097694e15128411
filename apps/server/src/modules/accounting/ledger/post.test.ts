import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { accountingEntries, organizations } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { entryHash, entryHashInput, postEntry } from './post.ts';

describe('postEntry', () => {
  let t: TestApp;
  let organizationId: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, demoBilling: false, demoTreasury: false });
    const [organization] = await t.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.country, 'PT'))
      .limit(1);
    organizationId = organization?.id as string;
  });
  afterAll(() => t.close());

  it('numbers, chains and writes a balanced entry; refuses an unbalanced one', async () => {
    const { db } = t.database;
    const sale = (date: string, amount: number) =>
      db.transaction((tx) =>
        postEntry(tx as never, {
          organizationId,
          journal: 'sales',
          date,
          description: 'Venda',
          sourceType: 'manual',
          lines: [
            { accountCode: '2111', debit: amount },
            { accountCode: '711', credit: amount },
          ],
        }),
      );
    const first = await sale('2026-03-10', 12300);
    const second = await sale('2026-03-11', 500);
    expect([first.number, second.number, second.seq]).toEqual([1, 2, 2]);
    expect(first.reference).toBe('2026-03-10 VND 3/1');
    const [stored] = await db.select().from(accountingEntries).where(eq(accountingEntries.id, second.id));
    expect(stored?.previousHash).toBe(first.hash);
    expect(second.hash).toBe(
      entryHash(
        entryHashInput(
          first.hash,
          {
            reference: second.reference,
            entryDate: '2026-03-11',
            transactionType: 'N',
            description: 'Venda',
          },
          [
            { accountCode: '2111', debit: 500, credit: 0 },
            { accountCode: '711', debit: 0, credit: 500 },
          ],
        ),
      ),
    );
    await expect(
      db.transaction((tx) =>
        postEntry(tx as never, {
          organizationId,
          journal: 'general',
          date: '2026-03-12',
          description: 'x',
          sourceType: 'manual',
          lines: [
            { accountCode: '2111', debit: 100 },
            { accountCode: '711', credit: 99 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'ENTRY_UNBALANCED' });
    await expect(
      db.transaction((tx) =>
        postEntry(tx as never, {
          organizationId,
          journal: 'general',
          date: '2026-03-12',
          description: 'x',
          sourceType: 'manual',
          lines: [
            { accountCode: '21', debit: 100 },
            { accountCode: '711', credit: 100 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_POSTABLE' });
    const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM accounting_periods`);
    expect(count?.n).toBe(17);
  });
});

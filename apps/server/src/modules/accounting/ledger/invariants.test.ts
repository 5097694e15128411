import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../../db/client.ts';
import { accountingPeriods, organizations } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { postEntry } from './post.ts';

// The database's own guard of the journal (migration accounting_ledger_rules), tried through raw SQL:
// whatever the code does, a posted entry never changes, a locked period takes nothing, and an entry's
// lines add up to its totals at commit.
describe('ledger invariants in the database', () => {
  let t: TestApp;
  let db: Db;
  let organizationId: string;
  let entryId: string;
  let periodId: string;
  let journalId: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, demoBilling: false, demoTreasury: false });
    db = t.database.db;
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.country, 'PT'))
      .limit(1);
    organizationId = organization?.id as string;
    const posted = await db.transaction((tx) =>
      postEntry(tx as unknown as Db, {
        organizationId,
        journal: 'general',
        date: '2026-04-10',
        description: 'Depósito',
        sourceType: 'manual',
        lines: [
          { accountCode: '12', debit: 10_000 },
          { accountCode: '11', credit: 10_000 },
        ],
      }),
    );
    entryId = posted.id;
    periodId = posted.periodId;
    journalId = posted.journalId;
  });
  afterAll(() => t.close());

  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await rows<T & Record<string, unknown>>(db, query))[0];
  /** The message of what the database refused (PGlite and node-postgres put it in different places). */
  const refusal = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      const e = error as { message?: string; cause?: { message?: string } };
      return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
    }
    return 'accepted';
  };

  it('refuses UPDATE and DELETE of a posted entry and of its lines', async () => {
    expect(
      await refusal(() =>
        db.execute(sql`UPDATE accounting_entries SET description = 'x' WHERE id = ${entryId}`),
      ),
    ).toContain('ENTRY_APPEND_ONLY');
    expect(
      await refusal(() =>
        db.execute(
          sql`UPDATE accounting_entries SET total_debit = 1, total_credit = 1 WHERE id = ${entryId}`,
        ),
      ),
    ).toContain('ENTRY_APPEND_ONLY');
    expect(
      await refusal(() =>
        db.execute(sql`UPDATE accounting_entry_lines SET debit = 1 WHERE entry_id = ${entryId}`),
      ),
    ).toContain('ENTRY_APPEND_ONLY');
    expect(
      await refusal(() => db.execute(sql`DELETE FROM accounting_entry_lines WHERE entry_id = ${entryId}`)),
    ).toContain('ENTRY_APPEND_ONLY');
    expect(
      await refusal(() => db.execute(sql`DELETE FROM accounting_entries WHERE id = ${entryId}`)),
    ).toContain('ENTRY_APPEND_ONLY');
    const stored = await one<{ d: string; n: number }>(
      sql`SELECT e.description AS d, (SELECT count(*)::int FROM accounting_entry_lines WHERE entry_id = e.id) AS n
          FROM accounting_entries e WHERE e.id = ${entryId}`,
    );
    expect(stored).toEqual({ d: 'Depósito', n: 2 });
  });

  const insertEntry = (tx: Db, options: { date: string; period: string; number: number; total: number }) =>
    rows<{ id: string }>(
      tx,
      sql`INSERT INTO accounting_entries (organization_id, journal_id, period_id, number, seq, reference, entry_date,
            description, source_type, total_debit, total_credit, previous_hash, hash)
          VALUES (${organizationId}, ${journalId}, ${options.period}, ${options.number}, ${options.number + 1000},
            'raw', ${options.date}, 'raw', 'manual', ${options.total}, ${options.total}, '', '')
          RETURNING id`,
    );
  const accountId = async (code: string) =>
    (
      await one<{ id: string }>(
        sql`SELECT id FROM accounting_accounts WHERE organization_id = ${organizationId} AND code = ${code}`,
      )
    )?.id as string;
  const insertLine = (
    tx: Db,
    entry: string,
    date: string,
    position: number,
    account: string,
    debit: number,
    credit: number,
  ) =>
    tx.execute(sql`INSERT INTO accounting_entry_lines (organization_id, entry_id, position, account_id, entry_date, debit, credit)
      VALUES (${organizationId}, ${entry}, ${position}, ${account}, ${date}, ${debit}, ${credit})`);

  it('checks at commit that the lines add up to the totals (deferred: lines may follow the entry)', async () => {
    const bank = await accountId('12');
    const cash = await accountId('11');
    // Balanced, lines written after the entry in the same transaction: accepted.
    await db.transaction(async (tx) => {
      const [entry] = await insertEntry(tx as unknown as Db, {
        date: '2026-04-11',
        period: periodId,
        number: 900,
        total: 500,
      });
      await insertLine(tx as unknown as Db, entry!.id, '2026-04-11', 0, bank, 500, 0);
      await insertLine(tx as unknown as Db, entry!.id, '2026-04-11', 1, cash, 0, 500);
    });
    // Lines that do not add up to the totals, or no lines at all: refused at commit, nothing kept.
    const unbalanced = await refusal(() =>
      db.transaction(async (tx) => {
        const [entry] = await insertEntry(tx as unknown as Db, {
          date: '2026-04-11',
          period: periodId,
          number: 901,
          total: 500,
        });
        await insertLine(tx as unknown as Db, entry!.id, '2026-04-11', 0, bank, 500, 0);
        await insertLine(tx as unknown as Db, entry!.id, '2026-04-11', 1, cash, 0, 499);
      }),
    );
    expect(unbalanced).toContain('ENTRY_UNBALANCED');
    expect(
      await refusal(() =>
        db.transaction(async (tx) => {
          await insertEntry(tx as unknown as Db, {
            date: '2026-04-11',
            period: periodId,
            number: 902,
            total: 500,
          });
        }),
      ),
    ).toContain('ENTRY_UNBALANCED');
    const count = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM accounting_entries WHERE number IN (900, 901, 902) AND journal_id = ${journalId}`,
    );
    expect(count?.n).toBe(1);
    // An entry dated outside its period is refused too.
    expect(
      await refusal(() =>
        db.transaction(async (tx) => {
          await insertEntry(tx as unknown as Db, {
            date: '2026-05-11',
            period: periodId,
            number: 903,
            total: 500,
          });
        }),
      ),
    ).toContain('ENTRY_PERIOD_MISMATCH');
  });

  it('refuses any entry or line in a locked period', async () => {
    const bank = await accountId('12');
    const cash = await accountId('11');
    // An entry written while the period was open, whose lines come after the lock: refused.
    const late = await refusal(() =>
      db.transaction(async (tx) => {
        const [entry] = await insertEntry(tx as unknown as Db, {
          date: '2026-04-12',
          period: periodId,
          number: 904,
          total: 300,
        });
        await tx
          .update(accountingPeriods)
          .set({ lockedAt: new Date() })
          .where(eq(accountingPeriods.id, periodId));
        await insertLine(tx as unknown as Db, entry!.id, '2026-04-12', 0, bank, 300, 0);
      }),
    );
    expect(late).toContain('PERIOD_LOCKED');
    await db
      .update(accountingPeriods)
      .set({ lockedAt: new Date() })
      .where(eq(accountingPeriods.id, periodId));
    expect(
      await refusal(() =>
        db.transaction(async (tx) => {
          const [entry] = await insertEntry(tx as unknown as Db, {
            date: '2026-04-12',
            period: periodId,
            number: 905,
            total: 300,
          });
          await insertLine(tx as unknown as Db, entry!.id, '2026-04-12', 0, bank, 300, 0);
          await insertLine(tx as unknown as Db, entry!.id, '2026-04-12', 1, cash, 0, 300);
        }),
      ),
    ).toContain('PERIOD_LOCKED');
    // The code's own check answers the translated error before the database has to.
    await expect(
      db.transaction((tx) =>
        postEntry(tx as unknown as Db, {
          organizationId,
          journal: 'general',
          date: '2026-04-20',
          description: 'late',
          sourceType: 'manual',
          lines: [
            { accountCode: '12', debit: 1 },
            { accountCode: '11', credit: 1 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'PERIOD_LOCKED' });
    await db.update(accountingPeriods).set({ lockedAt: null }).where(eq(accountingPeriods.id, periodId));
  });

  it('lets an organization be deleted with its journal', async () => {
    const [other] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO organizations (name, vat_number, country, currency) VALUES ('Apagar, Lda', '999999990', 'PT', 'EUR') RETURNING id`,
    );
    await db.transaction((tx) =>
      postEntry(tx as unknown as Db, {
        organizationId: other!.id,
        journal: 'general',
        date: '2026-04-10',
        description: 'x',
        sourceType: 'manual',
        lines: [
          { accountCode: '12', debit: 5 },
          { accountCode: '11', credit: 5 },
        ],
      }),
    );
    await db.execute(sql`DELETE FROM organizations WHERE id = ${other!.id}`);
    const left = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM accounting_entries WHERE organization_id = ${other!.id}`,
    );
    expect(left?.n).toBe(0);
  });
});

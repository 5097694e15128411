import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lockPeriod, reverseEntry, unlockPeriod, verifyJournals } from './ledger.service.ts';
import { postEntry } from './post.ts';
import { ensureFiscalYear, ensureLedger, type JournalKind } from './setup.ts';

// 10,000 random steps on one organization's journal — postings (some unbalanced on purpose), reversals,
// locks and unlocks of months, attempts to change posted rows — run in batches of one transaction each.
// After every step the model says what must have happened (posted, or refused with which error); after
// every batch the database must agree: every entry balances, nothing posted changed, each hash chain
// verifies, the trial balance's debits equal its credits, and a locked month took nothing.

const STEPS = Number(process.env.LEDGER_STEPS ?? 10_000);
const BATCH = 1000;
const ACCOUNTS = ['11', '12', '2111', '2211', '2432', '2433', '6268', '711', '721'];
const JOURNALS: JournalKind[] = ['general', 'sales', 'purchases', 'bank', 'cash'];

type Step =
  | { kind: 'post'; month: number; day: number; journal: number; lines: [number, number][]; skew: number }
  | { kind: 'reverse'; pick: number; month: number; day: number }
  | { kind: 'lock'; month: number }
  | { kind: 'unlock'; month: number }
  | { kind: 'tamper'; pick: number; delete: boolean };

const month = fc.integer({ min: 1, max: 12 });
const day = fc.integer({ min: 1, max: 28 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 70,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      month,
      day,
      journal: fc.nat(JOURNALS.length - 1),
      lines: fc.array(fc.tuple(fc.nat(ACCOUNTS.length - 1), fc.integer({ min: 1, max: 5_000_000 })), {
        minLength: 1,
        maxLength: 4,
      }),
      // 0 most of the time; otherwise the entry is off by that many cents and must be refused.
      skew: fc.oneof(
        { weight: 19, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
      ),
    }),
  },
  { weight: 15, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), month, day }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lock' as const), month }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('unlock' as const), month }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('tamper' as const), pick: fc.nat(), delete: fc.boolean() }),
  },
);

const pad = (n: number) => String(n).padStart(2, '0');

describe('ledger invariants under 10,000 random steps', () => {
  let t: TestApp;
  let db: Db;
  let organizationId: string;
  let periods: Map<number, string>;

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    db = t.database.db;
    const [organization] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO organizations (name, vat_number, country, currency) VALUES ('Propriedades, Lda', '999999990', 'PT', 'EUR')
          RETURNING id`,
    );
    organizationId = organization!.id;
    await db.transaction(async (tx) => {
      await ensureLedger(tx as unknown as Db, organizationId);
      await ensureFiscalYear(tx as unknown as Db, organizationId, '2026-01-01');
    });
    const found = await rows<{ id: string; number: number }>(
      db,
      sql`SELECT id, number FROM accounting_periods WHERE organization_id = ${organizationId}`,
    );
    periods = new Map(found.map((period) => [Number(period.number), period.id]));
  });
  afterAll(() => t.close());

  // One fixed, seeded run (no shrinking: the database keeps what a run did). One test per batch, so that
  // no single test runs for minutes; the model and the database carry over from batch to batch.
  const [steps = []] = fc.sample(fc.array(step, { minLength: STEPS, maxLength: STEPS }), {
    numRuns: 1,
    seed: 20261128,
  });
  const started = performance.now();
  // The model: what was posted (id → hash and total), per-month entry counts, reversed entries, and the
  // run of locked periods (0 … lockedThrough).
  const posted: { id: string; hash: string; total: number; reversed: boolean }[] = [];
  const perMonth = new Map<number, number>();
  let lockedThrough = -1;
  const counts = { posted: 0, reversed: 0, refusedLocked: 0, unbalanced: 0, tamper: 0 };

  for (let start = 0; start < steps.length; start += BATCH) {
    it(`steps ${start + 1} to ${Math.min(start + BATCH, STEPS)}: every entry balanced, append-only and chained; locked months take nothing`, {
      timeout: 300_000,
    }, async () => {
      await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        for (const s of steps.slice(start, start + BATCH)) {
          if (s.kind === 'lock') {
            await lockPeriod(tx, organizationId, periods.get(s.month)!, (await anyUser(tx)) as string);
            lockedThrough = Math.max(lockedThrough, s.month);
          } else if (s.kind === 'unlock') {
            await unlockPeriod(tx, organizationId, periods.get(s.month)!);
            lockedThrough = Math.min(lockedThrough, s.month - 1);
          } else if (s.kind === 'post') {
            const lines = s.lines.flatMap(([account, amount], i) => [
              { accountCode: ACCOUNTS[account]!, debit: amount + (i === 0 ? s.skew : 0) },
              { accountCode: ACCOUNTS[(account + 1 + i) % ACCOUNTS.length]!, credit: amount },
            ]);
            const total = s.lines.reduce((sum, [, amount]) => sum + amount, 0);
            const expected =
              s.skew !== 0 ? 'ENTRY_UNBALANCED' : s.month <= lockedThrough ? 'PERIOD_LOCKED' : null;
            const outcome = await attempt(
              tx,
              (sp) =>
                postEntry(sp, {
                  organizationId,
                  journal: JOURNALS[s.journal]!,
                  date: `2026-${pad(s.month)}-${pad(s.day)}`,
                  description: `Passo ${start}`,
                  sourceType: 'manual',
                  lines,
                }),
              expected !== null,
            );
            expect(outcome.error).toBe(expected);
            if (outcome.value) {
              posted.push({ id: outcome.value.id, hash: outcome.value.hash, total, reversed: false });
              perMonth.set(s.month, (perMonth.get(s.month) ?? 0) + 1);
              counts.posted++;
            } else if (expected === 'PERIOD_LOCKED') counts.refusedLocked++;
            else counts.unbalanced++;
          } else if (s.kind === 'reverse' && posted.length > 0) {
            const original = posted[s.pick % posted.length]!;
            const expected = original.reversed
              ? 'ENTRY_ALREADY_REVERSED'
              : s.month <= lockedThrough
                ? 'PERIOD_LOCKED'
                : null;
            const outcome = await attempt(tx, (sp) =>
              reverseEntry(sp, {
                organizationId,
                entryId: original.id,
                date: `2026-${pad(s.month)}-${pad(s.day)}`,
              }),
            );
            expect(outcome.error).toBe(expected);
            if (outcome.value) {
              original.reversed = true;
              const [stored] = await rows<{ hash: string }>(
                tx,
                sql`SELECT hash FROM accounting_entries WHERE id = ${outcome.value.id}`,
              );
              posted.push({
                id: outcome.value.id,
                hash: stored!.hash,
                total: original.total,
                reversed: false,
              });
              perMonth.set(s.month, (perMonth.get(s.month) ?? 0) + 1);
              counts.reversed++;
            } else if (expected === 'PERIOD_LOCKED') counts.refusedLocked++;
          } else if (s.kind === 'tamper' && posted.length > 0) {
            const target = posted[s.pick % posted.length]!;
            const outcome = await attempt(tx, async (sp) => {
              if (s.delete)
                await sp.execute(sql`DELETE FROM accounting_entry_lines WHERE entry_id = ${target.id}`);
              else
                await sp.execute(
                  sql`UPDATE accounting_entries SET entry_date = entry_date + 1 WHERE id = ${target.id}`,
                );
              return { id: target.id, hash: target.hash };
            });
            expect(outcome.error).toBe('ENTRY_APPEND_ONLY');
            counts.tamper++;
          }
        }
      });
      await checkInvariants(posted, perMonth);
    });
  }

  it('met every kind of step', () => {
    expect(counts.posted).toBeGreaterThan(STEPS / 4);
    expect(counts.reversed).toBeGreaterThan(0);
    expect(counts.refusedLocked).toBeGreaterThan(0);
    expect(counts.unbalanced).toBeGreaterThan(0);
    expect(counts.tamper).toBeGreaterThan(0);
    console.info(
      `ledger property: ${JSON.stringify(counts)} in ${Math.round(performance.now() - started)} ms`,
    );
  });

  let userId: string | undefined;
  async function anyUser(tx: Db) {
    if (!userId) {
      const [user] = await rows<{ id: string }>(tx, sql`SELECT id FROM users LIMIT 1`);
      userId = user?.id;
    }
    return userId ?? null;
  }

  /** Runs `work` in a savepoint: its value, or the code of what refused it (the savepoint rolled back). */
  async function attempt<T>(
    tx: Db,
    work: (sp: Db) => Promise<T>,
    refusalExpected = true,
  ): Promise<{ value: T | null; error: string | null }> {
    // Without a savepoint when the step must succeed (faster): a surprise refusal fails the test anyway.
    if (!refusalExpected) return { value: await work(tx), error: null };
    try {
      return { value: await tx.transaction((sp) => work(sp as unknown as Db)), error: null };
    } catch (error) {
      const e = error as { code?: string; message?: string; cause?: { message?: string } };
      if (e.code && /^[A-Z_]+$/.test(e.code)) return { value: null, error: e.code };
      const text = `${e.message ?? ''} ${e.cause?.message ?? ''}`;
      return {
        value: null,
        error: /ENTRY_APPEND_ONLY|PERIOD_LOCKED|ENTRY_UNBALANCED/.exec(text)?.[0] ?? text,
      };
    }
  }

  async function checkInvariants(
    posted: { id: string; hash: string; total: number }[],
    perMonth: Map<number, number>,
  ) {
    // Every entry's lines add up to its totals, which are equal.
    const unbalanced = await rows<{ id: string }>(
      db,
      sql`SELECT e.id FROM accounting_entries e
          LEFT JOIN (SELECT entry_id, sum(debit) AS d, sum(credit) AS c FROM accounting_entry_lines GROUP BY entry_id) l
            ON l.entry_id = e.id
          WHERE e.organization_id = ${organizationId}
            AND (l.entry_id IS NULL OR l.d <> e.total_debit OR l.c <> e.total_credit OR e.total_debit <> e.total_credit)`,
    );
    expect(unbalanced).toEqual([]);
    // Nothing posted changed: exactly the entries the model posted, with their hash and total.
    const stored = await rows<{ id: string; hash: string; total: string | number }>(
      db,
      sql`SELECT id, hash, total_debit AS total FROM accounting_entries WHERE organization_id = ${organizationId}`,
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(stored.length).toBe(posted.length);
    for (const entry of posted) {
      const row = byId.get(entry.id);
      expect(row?.hash).toBe(entry.hash);
      expect(Number(row?.total)).toBe(entry.total);
    }
    // Every chain verifies.
    const verified = await verifyJournals(db, organizationId);
    expect(verified.journals.filter((journal) => !journal.ok)).toEqual([]);
    // The trial balance ties out.
    const [trial] = await rows<{ d: string | null; c: string | null }>(
      db,
      sql`SELECT sum(debit) AS d, sum(credit) AS c FROM accounting_entry_lines WHERE organization_id = ${organizationId}`,
    );
    expect(Number(trial?.d ?? 0)).toBe(Number(trial?.c ?? 0));
    // Each month holds exactly what the model accepted: nothing slipped into a locked one.
    const months = await rows<{ number: number; n: number }>(
      db,
      sql`SELECT p.number, count(e.id)::int AS n FROM accounting_periods p
          LEFT JOIN accounting_entries e ON e.period_id = p.id
          WHERE p.organization_id = ${organizationId} GROUP BY p.number`,
    );
    for (const row of months) expect(Number(row.n)).toBe(perMonth.get(Number(row.number)) ?? 0);
  }
});

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { TreasuryViewer } from '../../treasury/index.ts';
import { confirmMatch, undoMatch } from '../reconciliation/reconciliation.service.ts';
import { lockPeriod, reverseEntry, unlockPeriod, verifyJournals } from './ledger.service.ts';
import { postEntry } from './post.ts';
import { ensureFiscalYear, ensureLedger, type JournalKind } from './setup.ts';

// 10,000 random steps on one organization's journal — postings (some unbalanced on purpose), reversals,
// locks and unlocks of months, attempts to change posted rows, bank movements reconciled with the bank
// lines of the journal (some short by a bank fee, written off) and matches undone — run in batches of one
// transaction each. After every step the model says what must have happened (posted, matched, or refused
// with which error); after every batch the database must agree: every entry balances, nothing posted
// changed, each hash chain verifies, the trial balance's debits equal its credits, a locked month took
// nothing, and every live match settles exactly what it claims (movements = lines + write-off, a line in
// one live match at most, a movement never used beyond its amount).

const STEPS = Number(process.env.LEDGER_STEPS ?? 10_000);
const BATCH = 1000;
const ACCOUNTS = ['11', '12', '2111', '2211', '2432', '2433', '6268', '711', '721'];
const JOURNALS: JournalKind[] = ['general', 'sales', 'purchases', 'bank', 'cash'];

type Step =
  | { kind: 'post'; month: number; day: number; journal: number; lines: [number, number][]; skew: number }
  | { kind: 'reverse'; pick: number; month: number; day: number }
  | { kind: 'lock'; month: number }
  | { kind: 'unlock'; month: number }
  | { kind: 'tamper'; pick: number; delete: boolean }
  | { kind: 'reconcile'; pick: number; fee: number }
  | { kind: 'undo'; pick: number };

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
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('reconcile' as const),
      pick: fc.nat(),
      // Most movements carry their line whole; some arrive short by a bank fee (under the write-off floor).
      fee: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 900 }) },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }) },
);

const pad = (n: number) => String(n).padStart(2, '0');

describe(`ledger invariants under ${STEPS.toLocaleString('en')} random steps (postings, reversals, locks, reconciliations)`, () => {
  let t: TestApp;
  let db: Db;
  let organizationId: string;
  let periods: Map<number, string>;
  let bankAccountId: string;
  let feesAccountId: string;
  let viewer: TreasuryViewer;

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
    const [bank] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_date)
          VALUES (${organizationId}, 'bank', 'Banco das propriedades', 'EUR', '2026-01-01') RETURNING id`,
    );
    bankAccountId = bank!.id;
    const [fees] = await rows<{ id: string }>(
      db,
      sql`SELECT id FROM accounting_accounts WHERE organization_id = ${organizationId} AND code = '6988'`,
    );
    feesAccountId = fees!.id;
    const [user] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO users (email, name, password_hash, profile, country, language)
          VALUES ('propriedades@fluxo.example', 'Propriedades', 'x', 1, 'PT', 'pt')
          RETURNING id`,
    );
    viewer = { organizationId, userId: user!.id, role: 'owner' };
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
  const counts = {
    posted: 0,
    reversed: 0,
    refusedLocked: 0,
    unbalanced: 0,
    tamper: 0,
    matched: 0,
    writtenOff: 0,
    notOpen: 0,
    undone: 0,
  };
  // Matches: the bank line each took (live ones in lineUse), its write-off entry and month.
  const matches: {
    id: string;
    lineId: string;
    fee: number;
    month: number;
    entryId: string | null;
    undone: boolean;
  }[] = [];
  const lineUse = new Map<string, string>();
  let movementCount = 0;

  for (let start = 0; start < steps.length; start += BATCH) {
    it(`steps ${start + 1} to ${Math.min(start + BATCH, STEPS)}: every entry balanced, append-only and chained; locked months take nothing; every match settles what it claims`, {
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
          } else if (s.kind === 'reconcile') {
            const [{ n } = { n: 0 }] = await rows<{ n: number }>(
              tx,
              sql`SELECT count(*)::int AS n FROM accounting_entry_lines l
                  JOIN accounting_accounts a ON a.id = l.account_id AND a.code = '12'
                  WHERE l.organization_id = ${organizationId}`,
            );
            if (Number(n) === 0) continue;
            const [line] = await rows<{ id: string; debit: string; credit: string; date: string }>(
              tx,
              sql`SELECT l.id, l.debit, l.credit, l.entry_date::text AS date FROM accounting_entry_lines l
                  JOIN accounting_accounts a ON a.id = l.account_id AND a.code = '12'
                  WHERE l.organization_id = ${organizationId}
                  ORDER BY l.entry_date, l.entry_id, l.position OFFSET ${s.pick % Number(n)} LIMIT 1`,
            );
            const amount = Number(line!.debit) + Number(line!.credit);
            const incoming = Number(line!.debit) > 0;
            const fee = incoming && s.fee < amount ? s.fee : 0;
            const lineMonth = Number(line!.date.slice(5, 7));
            const expected = lineUse.has(line!.id)
              ? 'RECONCILIATION_NOT_OPEN'
              : fee > 0 && lineMonth <= lockedThrough
                ? 'PERIOD_LOCKED'
                : null;
            movementCount += 1;
            const outcome = await attempt(tx, async (sp) => {
              // The bank's movement: the line's amount, short by the fee; in the savepoint, so a refused
              // match leaves no movement behind.
              const [movement] = await rows<{ id: string }>(
                sp,
                sql`INSERT INTO treasury_transactions (organization_id, account_id, booking_date, amount, currency,
                      description, dedupe_key, source)
                    VALUES (${organizationId}, ${bankAccountId}, ${line!.date}, ${incoming ? amount - fee : -amount},
                      'EUR', ${`Movimento ${movementCount}`}, ${`prop-${movementCount}`}, 'manual')
                    RETURNING id`,
              );
              return confirmMatch({ db: sp, signingKey: t.signingKey }, sp, viewer, {
                transactionIds: [movement!.id],
                targets: [{ kind: 'entry_line', id: line!.id, amount }],
                ...(fee > 0 ? { writeOff: { accountId: feesAccountId, amount: -fee } } : {}),
              });
            });
            expect(outcome.error).toBe(expected);
            if (outcome.value) {
              const match = outcome.value;
              lineUse.set(line!.id, match.id);
              matches.push({
                id: match.id,
                lineId: line!.id,
                fee,
                month: lineMonth,
                entryId: match.entryId,
                undone: false,
              });
              counts.matched++;
              if (fee > 0) {
                const [entry] = await rows<{ hash: string }>(
                  tx,
                  sql`SELECT hash FROM accounting_entries WHERE id = ${match.entryId}`,
                );
                posted.push({ id: match.entryId as string, hash: entry!.hash, total: fee, reversed: false });
                perMonth.set(lineMonth, (perMonth.get(lineMonth) ?? 0) + 1);
                counts.writtenOff++;
              }
            } else if (expected === 'PERIOD_LOCKED') counts.refusedLocked++;
            else counts.notOpen++;
          } else if (s.kind === 'undo' && matches.length > 0) {
            const match = matches[s.pick % matches.length]!;
            const writeOff = match.entryId ? posted.find((entry) => entry.id === match.entryId) : undefined;
            // A write-off the accountant already reversed by hand is not reversed twice.
            const reversesWriteOff = writeOff !== undefined && !writeOff.reversed;
            const expected = match.undone
              ? 'RECONCILIATION_ALREADY_UNDONE'
              : reversesWriteOff && match.month <= lockedThrough
                ? 'PERIOD_LOCKED'
                : null;
            const outcome = await attempt(tx, (sp) => undoMatch(sp, viewer, match.id));
            expect(outcome.error).toBe(expected);
            if (outcome.value) {
              match.undone = true;
              lineUse.delete(match.lineId);
              counts.undone++;
              if (reversesWriteOff) {
                writeOff.reversed = true;
                const [reversal] = await rows<{ id: string; hash: string }>(
                  tx,
                  sql`SELECT id, hash FROM accounting_entries WHERE reverses_entry_id = ${match.entryId}`,
                );
                posted.push({ id: reversal!.id, hash: reversal!.hash, total: match.fee, reversed: false });
                perMonth.set(match.month, (perMonth.get(match.month) ?? 0) + 1);
              }
            } else if (expected === 'PERIOD_LOCKED') counts.refusedLocked++;
          }
        }
      });
      await checkInvariants(posted, perMonth);
      await checkMatches();
    });
  }

  it('met every kind of step', () => {
    expect(counts.posted).toBeGreaterThan(STEPS / 4);
    expect(counts.reversed).toBeGreaterThan(0);
    expect(counts.refusedLocked).toBeGreaterThan(0);
    expect(counts.unbalanced).toBeGreaterThan(0);
    expect(counts.tamper).toBeGreaterThan(0);
    expect(counts.matched).toBeGreaterThan(0);
    expect(counts.writtenOff).toBeGreaterThan(0);
    expect(counts.notOpen).toBeGreaterThan(0);
    expect(counts.undone).toBeGreaterThan(0);
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

  /** Every live match settles exactly what it claims; the lines in live matches are the model's. */
  async function checkMatches() {
    const unequal = await rows<{ id: string }>(
      db,
      sql`SELECT r.id FROM accounting_reconciliations r
          JOIN accounting_reconciliation_items i ON i.reconciliation_id = r.id
          WHERE r.organization_id = ${organizationId} AND r.undone_at IS NULL
          GROUP BY r.id, r.write_off
          HAVING sum(i.amount) FILTER (WHERE i.transaction_id IS NOT NULL)
              <> sum(i.amount) FILTER (WHERE i.entry_line_id IS NOT NULL) + r.write_off`,
    );
    expect(unequal).toEqual([]);
    const overused = await rows<{ id: string }>(
      db,
      sql`SELECT t.id FROM treasury_transactions t
          LEFT JOIN accounting_reconciliation_items i ON i.transaction_id = t.id
          LEFT JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
          WHERE t.organization_id = ${organizationId}
          GROUP BY t.id, t.amount HAVING coalesce(sum(i.amount) FILTER (WHERE r.id IS NOT NULL), 0) > abs(t.amount)`,
    );
    expect(overused).toEqual([]);
    const live = await rows<{ entry_line_id: string; reconciliation_id: string; whole: boolean }>(
      db,
      sql`SELECT i.entry_line_id, i.reconciliation_id, i.amount = l.debit + l.credit AS whole
          FROM accounting_reconciliation_items i
          JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
          JOIN accounting_entry_lines l ON l.id = i.entry_line_id
          WHERE i.organization_id = ${organizationId}`,
    );
    expect(live.every((item) => item.whole)).toBe(true);
    expect(new Map(live.map((item) => [item.entry_line_id, item.reconciliation_id]))).toEqual(lineUse);
    expect(live.length).toBe(lineUse.size);
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

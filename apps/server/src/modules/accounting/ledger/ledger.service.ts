import type {
  Entry,
  EntrySummary,
  FiscalYear,
  Journal,
  JournalCheck,
  ManualEntryLine,
  Period,
} from '@fluxo/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { accountingPeriods } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { entryHash, entryHashInput, postEntry } from './post.ts';
import { ensureFiscalYear, ensureLedger, type JournalKind } from './setup.ts';

// The journal as users see it: fiscal years and their periods (lock and unlock), journals, entries
// (keyset pages with totals in SQL), manual entries, reversals, and the check of every hash chain.

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, messageKey: 'VALIDATION.INVALID', message }]);

/** Today's date in UTC (YYYY-MM-DD). */
const today = () => new Date().toISOString().slice(0, 10);

// ---- Periods ---------------------------------------------------------------------------------------

/** The month period holding `date` (its fiscal year made when missing). */
export async function periodOf(tx: Db, organizationId: string, date: string) {
  await ensureLedger(tx, organizationId);
  const fiscalYear = await ensureFiscalYear(tx, organizationId, date);
  const [period] = await tx
    .select()
    .from(accountingPeriods)
    .where(
      and(
        eq(accountingPeriods.fiscalYearId, fiscalYear.id),
        gte(accountingPeriods.number, 1),
        lte(accountingPeriods.number, 12),
        lte(accountingPeriods.startDate, date),
        gte(accountingPeriods.endDate, date),
      ),
    );
  if (!period) throw new AppError('INTERNAL', `No period holds ${date}.`);
  return { ...period, fiscalYear: fiscalYear.year };
}

/** Whether nothing dated `date` can be posted: its month period is locked. */
export async function isLocked(tx: Db, organizationId: string, date: string): Promise<boolean> {
  return (await periodOf(tx, organizationId, date)).lockedAt !== null;
}

interface PeriodRow {
  id: string;
  fiscal_year_id: string;
  number: number;
  start_date: string;
  end_date: string;
  locked_at: string | null;
  locked_by: string | null;
  entries: number;
}

async function fiscalYearsOf(db: Db, organizationId: string, fiscalYearId?: string): Promise<FiscalYear[]> {
  const years = await rows<{ id: string; year: number; start_date: string; end_date: string }>(
    db,
    sql`SELECT id, year, start_date::text, end_date::text FROM accounting_fiscal_years
        WHERE organization_id = ${organizationId} ${fiscalYearId ? sql`AND id = ${fiscalYearId}` : sql``}
        ORDER BY year DESC`,
  );
  const periods = await rows<PeriodRow>(
    db,
    // Entries counted per period in one pass over the years' dates (the date index), not per period.
    sql`WITH counts AS (
          SELECT e.period_id, count(*)::int AS n FROM accounting_entries e
          WHERE e.organization_id = ${organizationId}
            AND e.entry_date >= (SELECT min(start_date) FROM accounting_fiscal_years
              WHERE organization_id = ${organizationId} ${fiscalYearId ? sql`AND id = ${fiscalYearId}` : sql``})
            AND e.entry_date <= (SELECT max(end_date) FROM accounting_fiscal_years
              WHERE organization_id = ${organizationId} ${fiscalYearId ? sql`AND id = ${fiscalYearId}` : sql``})
          GROUP BY e.period_id
        )
        SELECT p.id, p.fiscal_year_id, p.number, p.start_date::text, p.end_date::text,
          to_json(p.locked_at) #>> '{}' AS locked_at, p.locked_by, coalesce(c.n, 0) AS entries
        FROM accounting_periods p LEFT JOIN counts c ON c.period_id = p.id
        WHERE p.organization_id = ${organizationId} ${fiscalYearId ? sql`AND p.fiscal_year_id = ${fiscalYearId}` : sql``}
        ORDER BY p.number`,
  );
  return years.map((year) => ({
    id: year.id,
    year: Number(year.year),
    startDate: year.start_date,
    endDate: year.end_date,
    periods: periods
      .filter((period) => period.fiscal_year_id === year.id)
      .map(
        (period): Period => ({
          id: period.id,
          number: Number(period.number),
          startDate: period.start_date,
          endDate: period.end_date,
          lockedAt: period.locked_at,
          lockedBy: period.locked_by,
          entries: Number(period.entries),
        }),
      ),
  }));
}

/** The fiscal years, newest first; the current one (and the ledger itself) made on first use. */
export async function listFiscalYears(db: Db, organizationId: string): Promise<{ items: FiscalYear[] }> {
  await db.transaction(async (tx) => {
    await ensureLedger(tx as unknown as Db, organizationId);
    await ensureFiscalYear(tx as unknown as Db, organizationId, today());
  });
  return { items: await fiscalYearsOf(db, organizationId) };
}

async function periodRow(tx: Db, organizationId: string, periodId: string) {
  const [period] = await tx
    .select()
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.id, periodId), eq(accountingPeriods.organizationId, organizationId)));
  if (!period) throw new AppError('NOT_FOUND', 'No such period.');
  return period;
}

/**
 * Locks the period and every open period before it in its fiscal year (locked periods stay a run from
 * the year's start). Row locks make it wait for entries being posted in those periods.
 */
export async function lockPeriod(
  db: Db,
  organizationId: string,
  periodId: string,
  userId: string,
): Promise<FiscalYear> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const period = await periodRow(tx, organizationId, periodId);
    await tx
      .update(accountingPeriods)
      .set({ lockedAt: new Date(), lockedBy: userId })
      .where(
        and(
          eq(accountingPeriods.fiscalYearId, period.fiscalYearId),
          lte(accountingPeriods.number, period.number),
          sql`${accountingPeriods.lockedAt} IS NULL`,
        ),
      );
    const [year] = await fiscalYearsOf(tx, organizationId, period.fiscalYearId);
    return year as FiscalYear;
  });
}

/** Reopens the period and every locked period after it in its fiscal year. */
export async function unlockPeriod(db: Db, organizationId: string, periodId: string): Promise<FiscalYear> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const period = await periodRow(tx, organizationId, periodId);
    await tx
      .update(accountingPeriods)
      .set({ lockedAt: null, lockedBy: null })
      .where(
        and(
          eq(accountingPeriods.fiscalYearId, period.fiscalYearId),
          gte(accountingPeriods.number, period.number),
          sql`${accountingPeriods.lockedAt} IS NOT NULL`,
        ),
      );
    const [year] = await fiscalYearsOf(tx, organizationId, period.fiscalYearId);
    return year as FiscalYear;
  });
}

// ---- Journals and entries ----------------------------------------------------------------------------

export async function listJournals(db: Db, organizationId: string): Promise<{ items: Journal[] }> {
  await db.transaction((tx) => ensureLedger(tx as unknown as Db, organizationId));
  const items = await rows<{
    id: string;
    code: string;
    kind: Journal['kind'];
    name: string;
    entries: number;
  }>(
    db,
    sql`SELECT id, code, kind, name, last_seq AS entries FROM accounting_journals
        WHERE organization_id = ${organizationId} ORDER BY code`,
  );
  return { items: items.map((journal) => ({ ...journal, entries: Number(journal.entries) })) };
}

interface SummaryRow {
  id: string;
  journal_id: string;
  journal_code: string;
  fiscal_year: number;
  period_number: number;
  number: number;
  reference: string;
  entry_date: string;
  description: string;
  transaction_type: EntrySummary['transactionType'];
  source_type: string;
  source_id: string | null;
  reverses_entry_id: string | null;
  reversed_by_entry_id: string | null;
  total: string | number;
  created_at: string;
}

const summarySelect = sql`
  SELECT e.id, e.journal_id, j.code AS journal_code, fy.year AS fiscal_year, p.number AS period_number, e.number,
    e.reference, e.entry_date::text AS entry_date, e.description, e.transaction_type, e.source_type, e.source_id,
    e.reverses_entry_id, (SELECT r.id FROM accounting_entries r WHERE r.reverses_entry_id = e.id) AS reversed_by_entry_id,
    e.total_debit AS total, to_json(e.created_at) #>> '{}' AS created_at
  FROM accounting_entries e
  JOIN accounting_journals j ON j.id = e.journal_id
  JOIN accounting_periods p ON p.id = e.period_id
  JOIN accounting_fiscal_years fy ON fy.id = p.fiscal_year_id`;

const toSummary = (row: SummaryRow): EntrySummary => ({
  id: row.id,
  journalId: row.journal_id,
  journalCode: row.journal_code,
  fiscalYear: Number(row.fiscal_year),
  periodNumber: Number(row.period_number),
  number: Number(row.number),
  reference: row.reference,
  entryDate: row.entry_date,
  description: row.description,
  transactionType: row.transaction_type,
  sourceType: row.source_type,
  sourceId: row.source_id,
  reversesEntryId: row.reverses_entry_id,
  reversedByEntryId: row.reversed_by_entry_id,
  total: Number(row.total),
  createdAt: row.created_at,
});

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface EntriesQuery {
  journalId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  accountCode?: string | undefined;
  q?: string | undefined;
  sourceType?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Keyset pages, newest first: the cursor is the last row's (entry date, id). Totals over the filters. */
export async function listEntries(db: Db, organizationId: string, query: EntriesQuery) {
  const filters = [sql`e.organization_id = ${organizationId}`];
  if (query.journalId) filters.push(sql`e.journal_id = ${query.journalId}`);
  if (query.from) filters.push(sql`e.entry_date >= ${query.from}`);
  if (query.to) filters.push(sql`e.entry_date <= ${query.to}`);
  if (query.sourceType) filters.push(sql`e.source_type = ${query.sourceType}`);
  if (query.q) {
    const pattern = `%${likeEscape(query.q)}%`;
    filters.push(sql`(e.description ILIKE ${pattern} OR e.reference ILIKE ${pattern})`);
  }
  if (query.accountCode)
    filters.push(sql`EXISTS (SELECT 1 FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
      WHERE l.entry_id = e.id AND a.code LIKE ${`${query.accountCode}%`})`);
  const where = sql.join(filters, sql` AND `);
  const page = [...filters];
  if (query.cursor) {
    const [date, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('|');
    if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[0-9a-f-]{36}$/.test(id))
      throw invalid('cursor', 'The cursor is not one this list gave.');
    page.push(sql`(e.entry_date, e.id) < (${date}::date, ${id}::uuid)`);
  }
  const found = await rows<SummaryRow>(
    db,
    sql`${summarySelect} WHERE ${sql.join(page, sql` AND `)} ORDER BY e.entry_date DESC, e.id DESC LIMIT ${query.limit + 1}`,
  );
  const [totals] = await rows<{ count: number; debit: string | null; credit: string | null }>(
    db,
    sql`SELECT count(*)::int AS count, sum(e.total_debit) AS debit, sum(e.total_credit) AS credit
        FROM accounting_entries e WHERE ${where}`,
  );
  const items = found.slice(0, query.limit).map(toSummary);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      found.length > query.limit && last
        ? Buffer.from(`${last.entryDate}|${last.id}`, 'utf8').toString('base64url')
        : null,
    totals: {
      count: Number(totals?.count ?? 0),
      debit: Number(totals?.debit ?? 0),
      credit: Number(totals?.credit ?? 0),
    },
  };
}

export async function getEntry(db: Db, organizationId: string, id: string): Promise<Entry> {
  const [row] = await rows<
    SummaryRow & { journal_name: string; previous_hash: string; hash: string; created_by: string | null }
  >(
    db,
    sql`SELECT s.*, j.name AS journal_name, e.previous_hash, e.hash, e.created_by
        FROM (${summarySelect} WHERE e.organization_id = ${organizationId} AND e.id = ${id}) s
        JOIN accounting_entries e ON e.id = s.id JOIN accounting_journals j ON j.id = e.journal_id`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such entry.');
  const lines = await rows<{
    position: number;
    account_id: string;
    account_code: string;
    account_name: string;
    debit: string | number;
    credit: string | number;
    description: string | null;
    party_id: string | null;
    currency: string | null;
    amount_currency: string | number | null;
    tax_region: string | null;
    tax_rate_basis_points: number | null;
    tax_base: string | number | null;
    source_document_number: string | null;
  }>(
    db,
    sql`SELECT l.position, l.account_id, a.code AS account_code, a.name AS account_name, l.debit, l.credit,
          l.description, l.party_id, l.currency, l.amount_currency, l.tax_region, l.tax_rate_basis_points,
          l.tax_base, l.source_document_number
        FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
        WHERE l.organization_id = ${organizationId} AND l.entry_id = ${id} ORDER BY l.position`,
  );
  const orNull = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    ...toSummary(row),
    journalName: row.journal_name,
    previousHash: row.previous_hash,
    hash: row.hash,
    createdBy: row.created_by,
    lines: lines.map((line) => ({
      position: Number(line.position),
      accountId: line.account_id,
      accountCode: line.account_code,
      accountName: line.account_name,
      debit: Number(line.debit),
      credit: Number(line.credit),
      description: line.description,
      partyId: line.party_id,
      currency: line.currency,
      amountCurrency: orNull(line.amount_currency),
      taxRegion: line.tax_region,
      taxRateBasisPoints: orNull(line.tax_rate_basis_points),
      taxBase: orNull(line.tax_base),
      sourceDocumentNumber: line.source_document_number,
    })),
  };
}

async function journalOf(tx: Db, organizationId: string, journalId: string) {
  const [journal] = await rows<{ id: string; kind: JournalKind }>(
    tx,
    sql`SELECT id, kind FROM accounting_journals WHERE id = ${journalId} AND organization_id = ${organizationId}`,
  );
  if (!journal) throw new AppError('NOT_FOUND', 'No such journal.');
  return journal;
}

export interface ManualEntryInput {
  journalId: string;
  date: string;
  description: string;
  transactionType: 'N' | 'R' | 'A' | 'J';
  periodNumber?: number | undefined;
  lines: readonly ManualEntryLine[];
}

/** Posts a manual entry in the caller's transaction and answers it as stored. */
export async function createManualEntry(
  tx: Db,
  organizationId: string,
  input: ManualEntryInput,
  userId: string,
): Promise<Entry> {
  await ensureLedger(tx, organizationId);
  const journal = await journalOf(tx, organizationId, input.journalId);
  const posted = await postEntry(tx, {
    organizationId,
    journal: journal.kind,
    journalId: journal.id,
    date: input.date,
    description: input.description,
    transactionType: input.transactionType,
    ...(input.periodNumber !== undefined ? { periodNumber: input.periodNumber } : {}),
    sourceType: 'manual',
    lines: input.lines.map((line) => ({
      accountCode: line.accountCode,
      debit: line.debit ?? 0,
      credit: line.credit ?? 0,
      description: line.description || null,
    })),
    createdBy: userId,
  });
  return getEntry(tx, organizationId, posted.id);
}

/**
 * Reverses an entry in the caller's transaction: a new entry of its journal with every line's debit and
 * credit swapped, dated `date` (which must be in an open period), pointing at it. An entry is reversed
 * once: its row is locked while the reversal is written, and ENTRY_ALREADY_REVERSED answers a second.
 */
export async function reverseEntry(
  tx: Db,
  input: {
    organizationId: string;
    entryId: string;
    date: string;
    description?: string | undefined;
    createdBy?: string | null;
    sourceType?: 'reversal';
  },
): Promise<{ id: string; reference: string }> {
  const { organizationId, entryId } = input;
  const [original] = await rows<{
    id: string;
    journal_id: string;
    kind: JournalKind;
    reference: string;
    transaction_type: 'N' | 'R' | 'A' | 'J';
  }>(
    tx,
    sql`SELECT e.id, e.journal_id, j.kind, e.reference, e.transaction_type
        FROM accounting_entries e JOIN accounting_journals j ON j.id = e.journal_id
        WHERE e.id = ${entryId} AND e.organization_id = ${organizationId} FOR UPDATE OF e`,
  );
  if (!original) throw new AppError('NOT_FOUND', 'No such entry.');
  const [reversed] = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM accounting_entries WHERE reverses_entry_id = ${entryId}`,
  );
  if (reversed) throw new AppError('ENTRY_ALREADY_REVERSED', 'This entry has already been reversed.');
  const lines = await rows<{
    code: string;
    debit: string | number;
    credit: string | number;
    description: string | null;
    party_id: string | null;
    currency: string | null;
    amount_currency: string | number | null;
    exchange_rate: string | null;
    tax_region: string | null;
    tax_rate_basis_points: number | null;
    tax_base: string | number | null;
    source_document_number: string | null;
  }>(
    tx,
    sql`SELECT a.code, l.debit, l.credit, l.description, l.party_id, l.currency, l.amount_currency,
          l.exchange_rate::text, l.tax_region, l.tax_rate_basis_points, l.tax_base, l.source_document_number
        FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
        WHERE l.entry_id = ${entryId} ORDER BY l.position`,
  );
  const posted = await postEntry(tx, {
    organizationId,
    journal: original.kind,
    journalId: original.journal_id,
    date: input.date,
    description: input.description ?? `Estorno de ${original.reference}`,
    transactionType: original.transaction_type,
    sourceType: input.sourceType ?? 'reversal',
    sourceId: original.id,
    reversesEntryId: original.id,
    createdBy: input.createdBy ?? null,
    lines: lines.map((line) => ({
      accountCode: line.code,
      debit: Number(line.credit),
      credit: Number(line.debit),
      description: line.description,
      partyId: line.party_id,
      currency: line.currency,
      amountCurrency: line.amount_currency === null ? null : -Number(line.amount_currency),
      exchangeRate: line.exchange_rate,
      taxRegion: line.tax_region,
      taxRateBasisPoints: line.tax_rate_basis_points,
      taxBase: line.tax_base === null ? null : -Number(line.tax_base),
      sourceDocumentNumber: line.source_document_number,
    })),
  });
  return { id: posted.id, reference: posted.reference };
}

// ---- The hash chains ---------------------------------------------------------------------------------

const VERIFY_BATCH = 1000;

/**
 * Re-walks every journal's chain in `seq` order, in batches: each entry's previous hash is the hash
 * before it, its hash is entryHash(entryHashInput(…)) over what is stored, `seq` runs 1, 2, … without a
 * gap, and the journal's head (last_seq, last_hash) is the last entry.
 */
export async function verifyJournals(db: Db, organizationId: string) {
  const journals = await rows<{ id: string; code: string; last_seq: number; last_hash: string }>(
    db,
    sql`SELECT id, code, last_seq, last_hash FROM accounting_journals
        WHERE organization_id = ${organizationId} ORDER BY code`,
  );
  const checks: JournalCheck[] = [];
  for (const journal of journals) {
    let previous = '';
    let seq = 0;
    let broken: { id: string; reference: string; reason: NonNullable<JournalCheck['reason']> } | null = null;
    while (!broken) {
      const entries = await rows<{
        id: string;
        seq: number;
        reference: string;
        entry_date: string;
        transaction_type: string;
        description: string;
        previous_hash: string;
        hash: string;
        lines: { accountCode: string; debit: number; credit: number }[];
      }>(
        db,
        sql`SELECT e.id, e.seq, e.reference, e.entry_date::text AS entry_date, e.transaction_type, e.description,
              e.previous_hash, e.hash,
              (SELECT coalesce(jsonb_agg(jsonb_build_object('accountCode', a.code, 'debit', l.debit, 'credit', l.credit)
                 ORDER BY l.position), '[]'::jsonb)
               FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
               WHERE l.entry_id = e.id) AS lines
            FROM accounting_entries e
            WHERE e.journal_id = ${journal.id} AND e.seq > ${seq}
            ORDER BY e.seq LIMIT ${VERIFY_BATCH}`,
      );
      for (const entry of entries) {
        const lines = (typeof entry.lines === 'string' ? JSON.parse(entry.lines) : entry.lines) as {
          accountCode: string;
          debit: number;
          credit: number;
        }[];
        const expected = entryHash(
          entryHashInput(
            previous,
            {
              reference: entry.reference,
              entryDate: entry.entry_date,
              transactionType: entry.transaction_type,
              description: entry.description,
            },
            lines.map((line) => ({ ...line, debit: Number(line.debit), credit: Number(line.credit) })),
          ),
        );
        const reason =
          Number(entry.seq) !== seq + 1
            ? 'sequence'
            : entry.previous_hash !== previous
              ? 'previous_hash'
              : entry.hash !== expected
                ? 'hash'
                : null;
        if (reason) {
          broken = { id: entry.id, reference: entry.reference, reason };
          break;
        }
        previous = entry.hash;
        seq = Number(entry.seq);
      }
      if (entries.length < VERIFY_BATCH) break;
    }
    if (!broken && (Number(journal.last_seq) !== seq || journal.last_hash !== previous))
      broken = { id: '', reference: '', reason: 'head' };
    checks.push({
      journalId: journal.id,
      code: journal.code,
      entries: seq,
      ok: broken === null,
      brokenEntryId: broken?.id || null,
      brokenReference: broken?.reference || null,
      reason: broken?.reason ?? null,
    });
  }
  return { ok: checks.every((check) => check.ok), journals: checks };
}

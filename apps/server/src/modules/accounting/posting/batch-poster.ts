import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { entryHash, entryHashInput, type PostedEntry, type PostingInput } from '../ledger/post.ts';
import { ensureFiscalYear, ensureLedger, type JournalKind } from '../ledger/setup.ts';

/** Entries written per pair of statements. */
const BATCH = 250;

/**
 * Posts many entries in one transaction for postPending: the same entries, numbers, references and
 * hash chain as ledger/post.ts's postEntry, but the journals are locked once, the periods, accounts and
 * last numbers are read once, and the entries are queued and written 250 at a time (two INSERTs). Whoever reads entries or lines
 * back in the transaction calls write() first; flush() writes the rest and the journals' heads.
 */
export class BatchPoster {
  private journals = new Map<
    JournalKind,
    { id: string; code: string; lastSeq: number; lastHash: string; dirty: boolean }
  >();
  private periods = new Map<string, { id: string; number: number; locked: boolean }>();
  private numbers = new Map<string, number>();
  private accounts = new Map<string, { id: string; postable: boolean }>();
  private ready = false;
  private queue: { entry: Record<string, unknown>; lines: Record<string, unknown>[] }[] = [];

  /** `ledgerReady`: the caller has seen the organization's accounting settings (its ledger exists). */
  constructor(
    private readonly tx: Db,
    private readonly organizationId: string,
    private readonly options: { ledgerReady?: boolean } = {},
  ) {}

  private async prepare(): Promise<void> {
    if (this.ready) return;
    if (!this.options.ledgerReady) await ensureLedger(this.tx, this.organizationId);
    const journals = await preparedRows<{
      id: string;
      code: string;
      kind: JournalKind;
      last_seq: string;
      last_hash: string;
    }>(
      this.tx,
      'posting_journals_lock',
      sql`SELECT id, code, kind, last_seq, last_hash FROM accounting_journals
          WHERE organization_id = ${this.organizationId} ORDER BY code FOR UPDATE`,
    );
    for (const journal of journals)
      if (!this.journals.has(journal.kind))
        this.journals.set(journal.kind, {
          id: journal.id,
          code: journal.code,
          lastSeq: Number(journal.last_seq),
          lastHash: journal.last_hash,
          dirty: false,
        });
    this.ready = true;
  }

  private async period(date: string): Promise<{ id: string; number: number; locked: boolean }> {
    const month = date.slice(0, 7);
    const known = this.periods.get(month);
    if (known) return known;
    // The months of the fiscal year that holds `date`, in one read; the year is opened when there is none.
    const read = () =>
      preparedRows<{ id: string; number: number; start: string; locked: boolean }>(
        this.tx,
        'posting_year_periods',
        sql`SELECT p.id, p.number, p.start_date::text AS start, p.locked_at IS NOT NULL AS locked
            FROM accounting_fiscal_years y JOIN accounting_periods p ON p.fiscal_year_id = y.id
            WHERE y.organization_id = ${this.organizationId} AND y.start_date <= ${date} AND y.end_date >= ${date}
              AND p.number BETWEEN 1 AND 12`,
      );
    let found = await read();
    if (found.length === 0) {
      await ensureFiscalYear(this.tx, this.organizationId, date);
      found = await read();
    }
    for (const row of found)
      this.periods.set(row.start.slice(0, 7), { id: row.id, number: row.number, locked: row.locked });
    const period = this.periods.get(month);
    if (!period) throw new AppError('INTERNAL', 'The period could not be found.');
    return period;
  }

  /** Whether the month of `date` is locked (the caller moves the entry to an open one). */
  async locked(date: string): Promise<boolean> {
    return (await this.period(date)).locked;
  }

  private async accountIds(codes: readonly string[]): Promise<void> {
    const missing = codes.filter((code) => !this.accounts.has(code));
    if (missing.length === 0) return;
    const found = await preparedRows<{
      id: string;
      code: string;
      grouping_category: string;
      archived: boolean;
    }>(
      this.tx,
      'posting_account_ids',
      sql`SELECT id, code, grouping_category, archived FROM accounting_accounts
          WHERE organization_id = ${this.organizationId} AND code = ANY(${sql.param(missing)}::text[])`,
    );
    for (const row of found)
      this.accounts.set(row.code, { id: row.id, postable: row.grouping_category === 'GM' && !row.archived });
  }

  /** The last number of a journal's period: read once (an index lookup), then counted here. */
  private async lastNumber(journalId: string, periodId: string): Promise<number> {
    const key = `${journalId}|${periodId}`;
    const known = this.numbers.get(key);
    if (known !== undefined) return known;
    const [row] = await preparedRows<{ n: string | null }>(
      this.tx,
      'posting_last_number',
      sql`SELECT max(number) AS n FROM accounting_entries WHERE journal_id = ${journalId} AND period_id = ${periodId}`,
    );
    const last = Number(row?.n ?? 0);
    this.numbers.set(key, last);
    return last;
  }

  async post(input: PostingInput): Promise<PostedEntry> {
    await this.prepare();
    let total = 0;
    for (const line of input.lines) total += line.debit ?? 0;
    const credit = input.lines.reduce((sum, line) => sum + (line.credit ?? 0), 0);
    if (total !== credit || total === 0 || input.lines.length < 2)
      throw new AppError('ENTRY_UNBALANCED', `Debits ${total} and credits ${credit} differ.`);
    const period = await this.period(input.date);
    if (period.locked) throw new AppError('PERIOD_LOCKED', `The period of ${input.date} is locked.`);
    const codes = [...new Set(input.lines.map((line) => line.accountCode))];
    await this.accountIds(codes);
    for (const code of codes)
      if (!this.accounts.get(code)?.postable)
        throw new AppError('ACCOUNT_NOT_POSTABLE', `Account ${code} does not take entries.`);
    const journal = this.journals.get(input.journal);
    if (!journal) throw new AppError('INTERNAL', `The ${input.journal} journal is missing.`);
    const numberKey = `${journal.id}|${period.id}`;
    const number = (await this.lastNumber(journal.id, period.id)) + 1;
    this.numbers.set(numberKey, number);
    const seq = journal.lastSeq + 1;
    const reference = `${input.date} ${journal.code} ${period.number}/${number}`;
    const transactionType = input.transactionType ?? 'N';
    const lines = input.lines.map((line) => ({ ...line, debit: line.debit ?? 0, credit: line.credit ?? 0 }));
    const previousHash = journal.lastHash;
    const hash = entryHash(
      entryHashInput(
        previousHash,
        { reference, entryDate: input.date, transactionType, description: input.description },
        lines,
      ),
    );
    const entry = { id: randomUUID() };
    const values = lines.map((line, position) => ({
      position,
      account_id: this.accounts.get(line.accountCode)?.id,
      debit: line.debit,
      credit: line.credit,
      currency: line.currency ?? null,
      amount_currency: line.amountCurrency ?? null,
      exchange_rate: line.exchangeRate ?? null,
      description: line.description ?? null,
      party_id: line.partyId ?? null,
      tax_region: line.taxRegion ?? null,
      tax_rate_basis_points: line.taxRateBasisPoints ?? null,
      tax_base: line.taxBase ?? null,
      source_document_number: line.sourceDocumentNumber ?? null,
    }));
    this.queue.push({
      entry: {
        id: entry.id,
        journal_id: journal.id,
        period_id: period.id,
        number,
        seq,
        reference,
        entry_date: input.date,
        description: input.description,
        transaction_type: transactionType,
        source_type: input.sourceType,
        source_id: input.sourceId ?? null,
        reverses_entry_id: input.reversesEntryId ?? null,
        total: total,
        previous_hash: previousHash,
        hash,
        created_by: input.createdBy ?? null,
      },
      lines: values.map((value) => ({ ...value, entry_id: entry.id, entry_date: input.date })),
    });
    if (this.queue.length >= BATCH) await this.write();
    journal.lastSeq = seq;
    journal.lastHash = hash;
    journal.dirty = true;
    return { id: entry.id, journalId: journal.id, periodId: period.id, number, seq, reference, hash };
  }

  /** Writes the queued entries and their lines: two statements however many. */
  async write(): Promise<void> {
    const queue = this.queue;
    if (queue.length === 0) return;
    this.queue = [];
    await this.tx.execute(sql`
      INSERT INTO accounting_entries
        (id, organization_id, journal_id, period_id, number, seq, reference, entry_date, description, transaction_type,
         source_type, source_id, reverses_entry_id, total_debit, total_credit, previous_hash, hash, created_by)
      SELECT e.id, ${this.organizationId}, e.journal_id, e.period_id, e.number, e.seq, e.reference, e.entry_date,
             e.description, e.transaction_type, e.source_type, e.source_id, e.reverses_entry_id, e.total, e.total,
             e.previous_hash, e.hash, e.created_by
      FROM jsonb_to_recordset(${JSON.stringify(queue.map((item) => item.entry))}::jsonb) AS e(
        id uuid, journal_id uuid, period_id uuid, number int, seq bigint, reference text, entry_date date,
        description text, transaction_type char(1), source_type text, source_id uuid, reverses_entry_id uuid,
        total bigint, previous_hash text, hash text, created_by uuid)
      ORDER BY e.seq`);
    await this.tx.execute(sql`
      INSERT INTO accounting_entry_lines
        (organization_id, entry_id, position, account_id, entry_date, debit, credit, currency, amount_currency,
         exchange_rate, description, party_id, tax_region, tax_rate_basis_points, tax_base, source_document_number)
      SELECT ${this.organizationId}, v.entry_id, v.position, v.account_id, v.entry_date, v.debit, v.credit, v.currency,
             v.amount_currency, v.exchange_rate, v.description, v.party_id, v.tax_region, v.tax_rate_basis_points,
             v.tax_base, v.source_document_number
      FROM jsonb_to_recordset(${JSON.stringify(queue.flatMap((item) => item.lines))}::jsonb) AS v(
        entry_id uuid, entry_date date, position smallint, account_id uuid, debit bigint, credit bigint,
        currency char(3), amount_currency bigint, exchange_rate numeric, description text, party_id uuid,
        tax_region text, tax_rate_basis_points int, tax_base bigint, source_document_number text)`);
  }

  /** Writes what is queued and the new head (last seq and hash) of each journal posted to. */
  async flush(): Promise<void> {
    if (!this.ready) return;
    await this.write();
    for (const journal of this.journals.values()) {
      if (!journal.dirty) continue;
      await this.tx.execute(sql`
        UPDATE accounting_journals SET last_seq = ${journal.lastSeq}, last_hash = ${journal.lastHash}
        WHERE id = ${journal.id}`);
      journal.dirty = false;
    }
  }
}

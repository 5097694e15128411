import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { chartAccounts } from '../charts/seed.ts';
import { type ChartName, chartOfCountry } from '../ledger/setup.ts';

// What the SAF-T export (modules/saft, TaxAccountingBasis C and I) reads of the ledger: the chart with
// each account's opening and closing balances for the period, the journals, the posted entries of the
// period with their lines in keyset pages (never the whole ledger in memory), the customers and
// suppliers the entries name, the VAT rates of their VAT lines, and the control totals — every sum
// computed by the database. Amounts are minor units of the organization's currency.
//
// Entries of period 0 (the opening of the fiscal year) are not transactions of the file: SAF-T numbers
// periods 1–16 and carries the opening in the accounts' opening balances (AGT says so explicitly for
// SAF-T (AO); the PT schema has no period 0). They count in the opening balance, not in the journal.

export interface SaftLedgerScope {
  organizationId: string;
  from: string;
  to: string;
  /** IANA time zone SystemEntryDate is written in. */
  timeZone: string;
}

export interface SaftLedgerAccountRow {
  code: string;
  name: string;
  parentCode: string | null;
  groupingCategory: string;
  taxonomyCode: number | null;
  /** Debit minus credit of the account's own lines before the period (plus the period's opening entries). */
  opening: number;
  /** Debit minus credit of the account's own lines up to the end of the period. */
  closing: number;
}

export interface SaftLedgerChart {
  chart: ChartName;
  /** SAF-T TaxonomyReference (S, M, N, O). */
  taxonomyReference: string;
  accounts: SaftLedgerAccountRow[];
}

const num = (value: unknown): number => Number(value ?? 0);

/** Entries of the scope that are transactions of the file: in the dates, not of an opening period. */
const transactionFilter = (scope: SaftLedgerScope, alias: string) => {
  const entry = sql.raw(alias);
  return sql`${entry}.organization_id = ${scope.organizationId}
    AND ${entry}.entry_date BETWEEN ${scope.from} AND ${scope.to}
    AND NOT EXISTS (SELECT 1 FROM accounting_periods p0 WHERE p0.id = ${entry}.period_id AND p0.number = 0)`;
};

/**
 * The organization's chart with balances. An organization whose ledger was never set up has the
 * official chart of its country, every balance zero (nothing is written by an export).
 */
export async function saftLedgerChart(
  db: Db,
  scope: SaftLedgerScope,
  country: string,
): Promise<SaftLedgerChart> {
  const [settings] = await rows<{ chart: string; taxonomy_reference: string }>(
    db,
    sql`SELECT chart, taxonomy_reference FROM accounting_settings WHERE organization_id = ${scope.organizationId}`,
  );
  const chart = (settings?.chart ?? chartOfCountry(country)) as ChartName;
  const taxonomyReference = settings?.taxonomy_reference?.trim() || (chart === 'SNC' ? 'S' : 'O');
  const stored = await rows<{
    id: string;
    code: string;
    name: string;
    parent_code: string | null;
    grouping_category: string;
    taxonomy_code: number | null;
  }>(
    db,
    sql`SELECT id, code, name, parent_code, grouping_category, taxonomy_code
        FROM accounting_accounts WHERE organization_id = ${scope.organizationId} ORDER BY code`,
  );
  if (stored.length === 0) {
    const official = await chartAccounts(chart);
    return {
      chart,
      taxonomyReference,
      accounts: official.map((account) => ({ ...account, opening: 0, closing: 0 })),
    };
  }
  // One pass over the lines up to the end of the period, grouped by account; the period's opening
  // entries (few) in a second, small query.
  const sums = await rows<{ account_id: string; before: string | null; within: string | null }>(
    db,
    sql`SELECT account_id,
          sum(debit - credit) FILTER (WHERE entry_date < ${scope.from})::text AS before,
          sum(debit - credit) FILTER (WHERE entry_date >= ${scope.from})::text AS within
        FROM accounting_entry_lines
        WHERE organization_id = ${scope.organizationId} AND entry_date <= ${scope.to}
        GROUP BY account_id`,
  );
  const openings = await rows<{ account_id: string; amount: string }>(
    db,
    sql`SELECT l.account_id, sum(l.debit - l.credit)::text AS amount
        FROM accounting_entry_lines l
        JOIN accounting_entries e ON e.id = l.entry_id AND e.organization_id = l.organization_id
        JOIN accounting_periods p ON p.id = e.period_id AND p.number = 0
        WHERE l.organization_id = ${scope.organizationId}
          AND l.entry_date BETWEEN ${scope.from} AND ${scope.to}
        GROUP BY l.account_id`,
  );
  const byAccount = new Map(sums.map((sum) => [sum.account_id, sum]));
  const openingOf = new Map(openings.map((opening) => [opening.account_id, num(opening.amount)]));
  return {
    chart,
    taxonomyReference,
    accounts: stored.map((account) => {
      const sum = byAccount.get(account.id);
      const before = num(sum?.before);
      return {
        code: account.code,
        name: account.name,
        parentCode: account.parent_code,
        groupingCategory: account.grouping_category,
        taxonomyCode: account.taxonomy_code === null ? null : Number(account.taxonomy_code),
        opening: before + (openingOf.get(account.id) ?? 0),
        closing: before + num(sum?.within),
      };
    }),
  };
}

/** GeneralLedgerEntries' NumberOfEntries, TotalDebit and TotalCredit, summed by the database. */
export async function saftLedgerControlTotals(
  db: Db,
  scope: SaftLedgerScope,
): Promise<{ entries: number; debit: number; credit: number }> {
  const [totals] = await rows<{ entries: number; debit: string | null; credit: string | null }>(
    db,
    sql`SELECT count(*)::int AS entries, sum(e.total_debit)::text AS debit, sum(e.total_credit)::text AS credit
        FROM accounting_entries e WHERE ${transactionFilter(scope, 'e')}`,
  );
  return { entries: num(totals?.entries), debit: num(totals?.debit), credit: num(totals?.credit) };
}

export interface SaftJournalRow {
  id: string;
  code: string;
  name: string;
}

/** The journals with transactions in the period, by code. */
export function saftLedgerJournals(db: Db, scope: SaftLedgerScope): Promise<SaftJournalRow[]> {
  return rows<SaftJournalRow>(
    db,
    sql`SELECT j.id, j.code, j.name FROM accounting_journals j
        WHERE j.organization_id = ${scope.organizationId}
          AND EXISTS (SELECT 1 FROM accounting_entries e WHERE e.journal_id = j.id AND ${transactionFilter(scope, 'e')})
        ORDER BY j.code`,
  );
}

export interface SaftTransactionRow {
  id: string;
  seq: number;
  number: number;
  period: number;
  entry_date: string;
  description: string;
  transaction_type: string;
  system_entry: string;
  creator: string | null;
  /** The party of the first line naming one, and whether it is a customer (C) or a supplier (S). */
  party_id: string | null;
  party_role: 'C' | 'S' | null;
}

export interface SaftTransactionLineRow {
  entry_id: string;
  position: number;
  account_code: string;
  debit: number;
  credit: number;
  description: string | null;
  source_document_number: string | null;
}

export interface SaftTransaction {
  entry: SaftTransactionRow;
  lines: SaftTransactionLineRow[];
}

/** The receivable (customers) and payable (suppliers) accounts of each chart, by code prefix. */
const PARTY_ACCOUNTS: Record<ChartName, { customers: string; suppliers: string }> = {
  SNC: { customers: '21', suppliers: '22' },
  PGC: { customers: '31', suppliers: '32' },
};

/**
 * The role of a line's party: customer on a receivable account, supplier on a payable one, else what
 * the party is (a supplier only is a supplier; anyone else a customer). The same rule decides the
 * transaction's CustomerID/SupplierID and which parties the master files list.
 */
function partyRoleSql(chart: ChartName) {
  const { customers, suppliers } = PARTY_ACCOUNTS[chart];
  return sql.raw(`CASE WHEN a.code LIKE '${customers}%' THEN 'C' WHEN a.code LIKE '${suppliers}%' THEN 'S'
    WHEN bp.is_supplier AND NOT bp.is_customer THEN 'S' ELSE 'C' END`);
}

/**
 * The journal's transactions of the period in the order of its hash chain (seq), pages of `pageSize`,
 * each with its lines. The next page is read while the caller writes the current one.
 */
export async function* saftLedgerTransactionPages(
  db: Db,
  scope: SaftLedgerScope,
  chart: ChartName,
  journalId: string,
  pageSize = 500,
): AsyncGenerator<SaftTransaction[]> {
  let pending: Promise<SaftTransaction[]> | null = transactionPage(db, scope, chart, journalId, pageSize, 0);
  while (pending) {
    const page: SaftTransaction[] = await pending;
    const last = page.at(-1)?.entry;
    pending =
      page.length === pageSize && last
        ? transactionPage(db, scope, chart, journalId, pageSize, last.seq)
        : null;
    pending?.catch(() => undefined);
    if (page.length) yield page;
  }
}

type PageRow = Omit<SaftTransactionRow, 'party_id' | 'party_role'> &
  Omit<SaftTransactionLineRow, 'entry_id' | 'description'> & {
    line_description: string | null;
    line_party: string | null;
    line_role: 'C' | 'S' | null;
  };

async function transactionPage(
  db: Db,
  scope: SaftLedgerScope,
  chart: ChartName,
  journalId: string,
  pageSize: number,
  afterSeq: number,
): Promise<SaftTransaction[]> {
  // One statement: the page of entries (keyset on the journal's seq), then their lines through the
  // (entry, position) index, each line with the role of its party.
  const found = await rows<PageRow>(
    db,
    sql`WITH page AS (
          SELECT e.id, e.seq, e.number, e.period_id, e.entry_date, e.description, e.transaction_type,
            e.created_at, e.created_by
          FROM accounting_entries e
          WHERE e.journal_id = ${journalId} AND e.seq > ${afterSeq} AND ${transactionFilter(scope, 'e')}
          ORDER BY e.seq
          LIMIT ${pageSize}
        )
        SELECT page.id, page.seq, page.number, p.number AS period, page.entry_date::text AS entry_date,
          page.description, page.transaction_type,
          to_char(page.created_at AT TIME ZONE ${scope.timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS') AS system_entry,
          u.name AS creator, l.position, a.code AS account_code, l.debit, l.credit,
          l.description AS line_description, l.source_document_number,
          l.party_id AS line_party, CASE WHEN bp.id IS NULL THEN NULL ELSE ${partyRoleSql(chart)} END AS line_role
        FROM page
        JOIN accounting_periods p ON p.id = page.period_id
        -- LATERAL: each entry's lines through the (entry_id, position) index, never a scan of the ledger.
        CROSS JOIN LATERAL (
          SELECT * FROM accounting_entry_lines x
          WHERE x.entry_id = page.id AND x.organization_id = ${scope.organizationId}
          ORDER BY x.position
        ) l
        JOIN accounting_accounts a ON a.id = l.account_id
        LEFT JOIN billing_parties bp ON bp.id = l.party_id AND bp.organization_id = l.organization_id
        LEFT JOIN users u ON u.id = page.created_by
        ORDER BY page.seq, l.position`,
  );
  const transactions: SaftTransaction[] = [];
  let current = null as SaftTransaction | null;
  for (const row of found) {
    if (current?.entry.id !== row.id) {
      current = {
        entry: {
          id: row.id,
          seq: num(row.seq),
          number: num(row.number),
          period: num(row.period),
          entry_date: row.entry_date,
          description: row.description,
          transaction_type: row.transaction_type,
          system_entry: row.system_entry,
          creator: row.creator,
          party_id: null,
          party_role: null,
        },
        lines: [],
      };
      transactions.push(current);
    }
    if (row.line_party && row.line_role && !current.entry.party_id) {
      current.entry.party_id = row.line_party;
      current.entry.party_role = row.line_role;
    }
    current.lines.push({
      entry_id: row.id,
      position: num(row.position),
      account_code: row.account_code,
      debit: num(row.debit),
      credit: num(row.credit),
      description: row.line_description,
      source_document_number: row.source_document_number,
    });
  }
  return transactions;
}

export interface SaftPartyRow {
  id: string;
  name: string;
  tax_id: string;
  country: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  /** The party's own sub-account in the chart, when it has one. */
  account_code: string | null;
}

/**
 * The customers (role C) or suppliers (S) the period's entries name, by id in pages — for the
 * integrated file (`withDocuments`), customers also include the parties of the period's issued
 * billing documents, as the billing file lists them.
 */
export async function* saftLedgerPartyPages(
  db: Db,
  scope: SaftLedgerScope,
  chart: ChartName,
  role: 'C' | 'S',
  options: { withDocuments: boolean },
  pageSize = 500,
): AsyncGenerator<SaftPartyRow[]> {
  let after: string | null = null;
  for (;;) {
    const found: SaftPartyRow[] = await rows<SaftPartyRow>(
      db,
      sql`SELECT bp.id, bp.name, bp.tax_id, trim(bp.country) AS country, bp.address, bp.postal_code, bp.city,
            bp.email, bp.phone,
            (SELECT s.code FROM accounting_accounts s
              WHERE s.organization_id = bp.organization_id AND s.party_id = bp.id ORDER BY s.code LIMIT 1) AS account_code
          FROM billing_parties bp
          WHERE bp.organization_id = ${scope.organizationId}
            ${after ? sql`AND bp.id > ${after}::uuid` : sql``}
            AND (EXISTS (
              SELECT 1 FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
              WHERE l.organization_id = ${scope.organizationId} AND l.party_id = bp.id
                AND l.entry_date BETWEEN ${scope.from} AND ${scope.to}
                AND l.position = (SELECT min(f.position) FROM accounting_entry_lines f
                  WHERE f.entry_id = l.entry_id AND f.party_id IS NOT NULL)
                AND ${partyRoleSql(chart)} = ${role})
              ${
                options.withDocuments && role === 'C'
                  ? sql`OR EXISTS (SELECT 1 FROM billing_documents d
                      WHERE d.organization_id = ${scope.organizationId} AND d.party_id = bp.id AND d.state = 'issued'
                        AND d.document_date BETWEEN ${scope.from} AND ${scope.to})`
                  : sql``
              })
          ORDER BY bp.id
          LIMIT ${pageSize}`,
    );
    if (found.length === 0) return;
    yield found;
    if (found.length < pageSize) return;
    after = (found.at(-1) as SaftPartyRow).id;
  }
}

/** The VAT rates (region, basis points) the period's VAT lines use: the accounting file's TaxTable. */
export function saftLedgerTaxRates(
  db: Db,
  scope: SaftLedgerScope,
): Promise<{ tax_region: string; vat_basis_points: number }[]> {
  return rows<{ tax_region: string; vat_basis_points: number }>(
    db,
    sql`SELECT DISTINCT tax_region, tax_rate_basis_points AS vat_basis_points
        FROM accounting_entry_lines
        WHERE organization_id = ${scope.organizationId} AND entry_date BETWEEN ${scope.from} AND ${scope.to}
          AND tax_region IS NOT NULL AND tax_rate_basis_points IS NOT NULL
        ORDER BY 1, 2`,
  );
}

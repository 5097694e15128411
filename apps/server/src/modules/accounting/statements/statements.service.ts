import {
  type BalanceSheet,
  type FinancialStatementLine,
  type FinancialStatementSection,
  type GeneralLedger,
  type IncomeStatement,
  ptRegionForPostalCode,
  type TrialBalance,
  type TrialBalanceRow,
  type VatSummary,
  type VatSummaryRow,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { type ChartName, LAYOUTS, type Layout, longestPrefix } from './layouts.ts';

// The statements of a period, every sum over journal lines computed by PostgreSQL: the trial balance
// (one pass over the lines up to `to`, grouped by account, rolled up to the parents through the
// chart's parent codes), the general ledger of an account (keyset pages, running balance by a window
// function), the balance sheet and income statement (one pass grouped by account, then placed in the
// official model's captions), and the VAT summary (VAT lines grouped by side, region and rate).

export interface StatementScope {
  organizationId: string;
  chart: ChartName;
  currency: string;
  country: string;
  postalCode: string | null;
  fiscalYearStartMonth: number;
}

export interface Period {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Refuses a period that is not two real days in order (1900–2999), with a translated 400. */
export function checkPeriod(period: Period): void {
  const problem = !validDay(period.from)
    ? 'from'
    : !validDay(period.to)
      ? 'to'
      : period.from > period.to
        ? 'to'
        : null;
  if (problem)
    throw new AppError(
      'STATEMENT_PERIOD_INVALID',
      `The period ${period.from} – ${period.to} is not two valid days in order.`,
      [{ path: problem, messageKey: 'ERRORS.STATEMENT_PERIOD_INVALID', message: 'Invalid period' }],
    );
}

/** The organization's chart, currency and fiscal-year start (the chart of its country before first use). */
export async function statementScope(db: Db, organizationId: string): Promise<StatementScope> {
  const [row] = await rows<{
    country: string;
    currency: string;
    postal_code: string | null;
    chart: string | null;
    start_month: number | null;
  }>(
    db,
    sql`SELECT o.country, o.currency, o.postal_code, s.chart, s.fiscal_year_start_month AS start_month
        FROM organizations o LEFT JOIN accounting_settings s ON s.organization_id = o.id
        WHERE o.id = ${organizationId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Unknown organization.');
  const chart: ChartName = row.chart === 'PGC' || (!row.chart && row.country === 'AO') ? 'PGC' : 'SNC';
  return {
    organizationId,
    chart,
    currency: row.currency.trim(),
    country: row.country.trim(),
    postalCode: row.postal_code,
    fiscalYearStartMonth: Number(row.start_month ?? 1),
  };
}

const int = (value: unknown): number => Number(value ?? 0);

// ——— Trial balance ———

interface TrialRow {
  account_id: string | null;
  code: string | null;
  name: string | null;
  parent_code: string | null;
  grouping_category: string | null;
  nature: string | null;
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
  debtor: string;
  creditor: string;
}

/**
 * The balancete: every account with a movement or a balance up to `to`, and every parent it rolls up
 * to. `sums` is the only pass over the journal lines (a parallel scan, or the index on (organization,
 * date) for one tenant of many); the roll-up walks the chart, which holds hundreds of accounts, not the lines. The last
 * row (account_id null) is the total over the movement accounts.
 */
export async function trialBalance(db: Db, scope: StatementScope, period: Period): Promise<TrialBalance> {
  checkPeriod(period);
  const { organizationId } = scope;
  const found = await rows<TrialRow>(
    db,
    sql`WITH RECURSIVE sums AS (
          SELECT account_id,
            COALESCE(SUM(debit) FILTER (WHERE entry_date < ${period.from}::date), 0) AS od,
            COALESCE(SUM(credit) FILTER (WHERE entry_date < ${period.from}::date), 0) AS oc,
            SUM(debit) AS td,
            SUM(credit) AS tc
          FROM accounting_entry_lines
          WHERE organization_id = ${organizationId} AND entry_date <= ${period.to}::date
          GROUP BY account_id
        ),
        movement AS (
          SELECT account_id, od, oc, td - od AS d, tc - oc AS c FROM sums
        ),
        up AS (
          SELECT a.code, a.parent_code, m.od, m.oc, m.d, m.c, 0 AS depth
          FROM movement m JOIN accounting_accounts a ON a.id = m.account_id
          UNION ALL
          SELECT p.code, p.parent_code, up.od, up.oc, up.d, up.c, up.depth + 1
          FROM up JOIN accounting_accounts p
            ON p.organization_id = ${organizationId} AND p.code = up.parent_code
          WHERE up.depth < 12
        )
        SELECT a.id AS account_id, a.code, a.name, a.parent_code, a.grouping_category, a.nature,
          SUM(up.od)::text AS opening_debit, SUM(up.oc)::text AS opening_credit,
          SUM(up.d)::text AS debit, SUM(up.c)::text AS credit, '0' AS debtor, '0' AS creditor
        FROM up JOIN accounting_accounts a ON a.organization_id = ${organizationId} AND a.code = up.code
        GROUP BY a.id
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, NULL, NULL,
          COALESCE(SUM(od), 0)::text, COALESCE(SUM(oc), 0)::text, COALESCE(SUM(d), 0)::text,
          COALESCE(SUM(c), 0)::text,
          COALESCE(SUM(GREATEST(od + d - oc - c, 0)), 0)::text,
          COALESCE(SUM(GREATEST(oc + c - od - d, 0)), 0)::text
        FROM movement
        ORDER BY 2 NULLS LAST`,
  );
  const total = found.find((row) => row.account_id === null);
  const accounts = found.filter((row) => row.account_id !== null);
  const parents = new Map(accounts.map((row) => [row.code as string, row.parent_code]));
  const levelOf = (code: string): number => {
    let level = 1;
    let parent = parents.get(code) ?? null;
    while (parent && level < 12) {
      level += 1;
      parent = parents.get(parent) ?? null;
    }
    return level;
  };
  const result: TrialBalanceRow[] = accounts
    .map((row) => {
      const amounts = {
        openingDebit: int(row.opening_debit),
        openingCredit: int(row.opening_credit),
        debit: int(row.debit),
        credit: int(row.credit),
      };
      return {
        accountId: row.account_id as string,
        code: row.code as string,
        name: row.name as string,
        parentCode: row.parent_code,
        groupingCategory: (row.grouping_category as string).trim(),
        nature: row.nature as string,
        level: levelOf(row.code as string),
        ...amounts,
        balance: amounts.openingDebit + amounts.debit - amounts.openingCredit - amounts.credit,
      };
    })
    .filter(
      (row) => row.openingDebit !== 0 || row.openingCredit !== 0 || row.debit !== 0 || row.credit !== 0,
    );
  return {
    from: period.from,
    to: period.to,
    chart: scope.chart,
    currency: scope.currency,
    rows: result,
    totals: {
      openingDebit: int(total?.opening_debit),
      openingCredit: int(total?.opening_credit),
      debit: int(total?.debit),
      credit: int(total?.credit),
      debtorBalances: int(total?.debtor),
      creditorBalances: int(total?.creditor),
    },
  };
}

// ——— General ledger ———

interface LedgerKey {
  date: string;
  createdAt: string;
  entryId: string;
  position: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(key: LedgerKey): string {
  return Buffer.from(JSON.stringify([key.date, key.createdAt, key.entryId, key.position])).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): LedgerKey {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 4) {
      const [date, createdAt, entryId, position] = parsed as [unknown, unknown, unknown, unknown];
      if (
        typeof date === 'string' &&
        validDay(date) &&
        typeof createdAt === 'string' &&
        /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt) &&
        typeof entryId === 'string' &&
        UUID.test(entryId) &&
        Number.isInteger(position) &&
        (position as number) >= 0 &&
        (position as number) < 32768
      )
        return { date, createdAt, entryId, position: position as number };
    }
  } catch {}
  throw new AppError('VALIDATION_FAILED', 'The cursor is not one this ledger gave.', [
    { path: 'cursor', messageKey: 'VALIDATION.INVALID', message: 'Invalid cursor' },
  ]);
}

interface LedgerRow {
  line_id: string;
  entry_id: string;
  reference: string;
  entry_date: string;
  created_at: string;
  position: number;
  journal_code: string;
  account_code: string;
  description: string;
  source_document_number: string | null;
  debit: string;
  credit: string;
  balance: string;
}

/**
 * The lines of an account (and of its sub-accounts, for a parent) in a period, in posting order
 * (date, then the order entries were posted), a keyset page at a time. Each line's running balance
 * is the balance before the period, plus the period's lines before the page, plus a window sum over
 * the page — so page 40 costs what page 1 costs, less one indexed sum.
 */
export async function generalLedger(
  db: Db,
  scope: StatementScope,
  query: Period & { account: string; cursor?: string | undefined; limit: number },
): Promise<GeneralLedger> {
  checkPeriod(query);
  const { organizationId } = scope;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [account] = await rows<{ id: string; code: string; name: string; grouping_category: string }>(
    db,
    sql`SELECT id, code, name, grouping_category FROM accounting_accounts
        WHERE organization_id = ${organizationId} AND code = ${query.account}`,
  );
  if (!account)
    throw new AppError('STATEMENT_ACCOUNT_UNKNOWN', `Account ${query.account} is not in the chart.`, [
      { path: 'account', messageKey: 'ERRORS.STATEMENT_ACCOUNT_UNKNOWN', message: 'Unknown account' },
    ]);
  // The account and its sub-accounts, resolved first: the lines are then read through the index on
  // (organization, account, date) with the ids as one array parameter the planner sees.
  const tree = await rows<{ id: string }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, code, 0 AS depth FROM accounting_accounts WHERE id = ${account.id}
          UNION ALL
          SELECT a.id, a.code, tree.depth + 1 FROM accounting_accounts a
          JOIN tree ON a.organization_id = ${organizationId} AND a.parent_code = tree.code
          WHERE tree.depth < 12
        ) SELECT id FROM tree`,
  );
  const accounts = sql`ANY(${`{${tree.map((row) => row.id).join(',')}}`}::uuid[])`;
  const [sums] = await rows<{ opening: string; debit: string; credit: string; before: string }>(
    db,
    sql`SELECT
          COALESCE(SUM(l.debit - l.credit) FILTER (WHERE l.entry_date < ${query.from}::date), 0)::text AS opening,
          COALESCE(SUM(l.debit) FILTER (WHERE l.entry_date >= ${query.from}::date), 0)::text AS debit,
          COALESCE(SUM(l.credit) FILTER (WHERE l.entry_date >= ${query.from}::date), 0)::text AS credit,
          ${
            after
              ? sql`COALESCE((SELECT SUM(b.debit - b.credit)
                  FROM accounting_entry_lines b JOIN accounting_entries e ON e.id = b.entry_id
                  WHERE b.organization_id = ${organizationId} AND b.account_id = ${accounts}
                    AND b.entry_date >= ${query.from}::date AND b.entry_date <= ${query.to}::date
                    AND (b.entry_date, e.created_at, b.entry_id, b.position)
                      <= (${after.date}::date, ${after.createdAt}::timestamptz, ${after.entryId}::uuid, ${after.position}::int)
                ), 0)::text`
              : sql`'0'`
          } AS before
        FROM accounting_entry_lines l
        WHERE l.organization_id = ${organizationId} AND l.account_id = ${accounts}
          AND l.entry_date <= ${query.to}::date`,
  );
  const opening = int(sums?.opening);
  const start = opening + int(sums?.before);
  const page = await rows<LedgerRow>(
    db,
    sql`SELECT l.id AS line_id, l.entry_id, e.reference, l.entry_date::text AS entry_date,
          e.created_at::text AS created_at, l.position, j.code AS journal_code, a.code AS account_code,
          COALESCE(l.description, e.description) AS description, l.source_document_number,
          l.debit::text AS debit, l.credit::text AS credit,
          (${start}::bigint + SUM(l.debit - l.credit) OVER (
            ORDER BY l.entry_date, e.created_at, l.entry_id, l.position ROWS UNBOUNDED PRECEDING))::text AS balance
        FROM accounting_entry_lines l
        JOIN accounting_entries e ON e.id = l.entry_id
        JOIN accounting_journals j ON j.id = e.journal_id
        JOIN accounting_accounts a ON a.id = l.account_id
        WHERE l.organization_id = ${organizationId} AND l.account_id = ${accounts}
          AND l.entry_date >= ${query.from}::date AND l.entry_date <= ${query.to}::date
          ${
            after
              ? sql`AND (l.entry_date, e.created_at, l.entry_id, l.position)
                  > (${after.date}::date, ${after.createdAt}::timestamptz, ${after.entryId}::uuid, ${after.position}::int)`
              : sql``
          }
        ORDER BY l.entry_date, e.created_at, l.entry_id, l.position
        LIMIT ${query.limit + 1}`,
  );
  const items = page.slice(0, query.limit);
  const last = items.at(-1);
  const debit = int(sums?.debit);
  const credit = int(sums?.credit);
  return {
    account: {
      id: account.id,
      code: account.code,
      name: account.name,
      groupingCategory: account.grouping_category.trim(),
    },
    from: query.from,
    to: query.to,
    currency: scope.currency,
    openingBalance: opening,
    debit,
    credit,
    closingBalance: opening + debit - credit,
    items: items.map((row) => ({
      lineId: row.line_id,
      entryId: row.entry_id,
      reference: row.reference,
      date: row.entry_date,
      journalCode: row.journal_code,
      accountCode: row.account_code,
      description: row.description,
      sourceDocumentNumber: row.source_document_number,
      debit: int(row.debit),
      credit: int(row.credit),
      balance: int(row.balance),
    })),
    nextCursor:
      page.length > query.limit && last
        ? encodeCursor({
            date: last.entry_date,
            createdAt: last.created_at,
            entryId: last.entry_id,
            position: Number(last.position),
          })
        : null,
  };
}

// ——— Balance sheet and income statement ———

interface AccountAmounts {
  code: string;
  name: string;
  /** Balance (debit − credit) of every line up to `to`. */
  balance: number;
  /** Movement (debit − credit) in [from, to], closing entries (type A) left out. */
  period: number;
  /** Movement in [fiscal year start, to], closing entries left out. */
  year: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the fiscal year holding `day` (the fiscal year's row, else the settings' month). */
async function fiscalYearStart(db: Db, scope: StatementScope, day: string): Promise<string> {
  const [found] = await rows<{ start_date: string }>(
    db,
    sql`SELECT start_date::text AS start_date FROM accounting_fiscal_years
        WHERE organization_id = ${scope.organizationId} AND start_date <= ${day}::date AND end_date >= ${day}::date`,
  );
  if (found) return found.start_date;
  const [y, m] = day.split('-').map(Number) as [number, number];
  const year = m >= scope.fiscalYearStartMonth ? y : y - 1;
  return `${year}-${pad(scope.fiscalYearStartMonth)}-01`;
}

/** One pass over the lines up to `to`, grouped by account: what both statements are made of. */
async function accountAmounts(
  db: Db,
  scope: StatementScope,
  period: Period,
  yearStart: string,
): Promise<AccountAmounts[]> {
  const found = await rows<{ code: string; name: string; balance: string; period: string; year: string }>(
    db,
    sql`WITH closing AS (
          SELECT id FROM accounting_entries
          WHERE organization_id = ${scope.organizationId} AND transaction_type = 'A'
        ),
        sums AS (
          SELECT l.account_id,
            SUM(l.debit - l.credit) AS balance,
            COALESCE(SUM(l.debit - l.credit)
              FILTER (WHERE l.entry_date >= ${period.from}::date AND c.id IS NULL), 0) AS period,
            COALESCE(SUM(l.debit - l.credit)
              FILTER (WHERE l.entry_date >= ${yearStart}::date AND c.id IS NULL), 0) AS year
          FROM accounting_entry_lines l LEFT JOIN closing c ON c.id = l.entry_id
          WHERE l.organization_id = ${scope.organizationId} AND l.entry_date <= ${period.to}::date
          GROUP BY l.account_id
        )
        SELECT a.code, a.name, s.balance::text AS balance, s.period::text AS period, s.year::text AS year
        FROM sums s JOIN accounting_accounts a ON a.id = s.account_id
        ORDER BY a.code`,
  );
  return found.map((row) => ({
    code: row.code,
    name: row.name,
    balance: int(row.balance),
    period: int(row.period),
    year: int(row.year),
  }));
}

const startsWithAny = (code: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => code.startsWith(prefix));

type Bucket = { amount: number; accounts: Map<string, { code: string; name: string; amount: number }> };

function add(
  buckets: Map<string, Bucket>,
  key: string,
  account: { code: string; name: string },
  amount: number,
) {
  if (amount === 0) return;
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { amount: 0, accounts: new Map() };
    buckets.set(key, bucket);
  }
  bucket.amount += amount;
  const existing = bucket.accounts.get(account.code);
  if (existing) existing.amount += amount;
  else bucket.accounts.set(account.code, { code: account.code, name: account.name, amount });
}

const accountsOf = (bucket: Bucket | undefined) =>
  [...(bucket?.accounts.values() ?? [])].sort((a, b) => a.code.localeCompare(b.code));

/**
 * The balance sheet at `to`, in the model of the organization's chart. Assets show debtor balances,
 * equity and liabilities creditor ones. The fiscal year's result (income, expenses and income tax
 * since the year began, closing entries left out) is its own line in equity; whatever else the result
 * classes hold (earlier years not yet closed, closing accounts) goes to the results carried forward —
 * so assets = equity + liabilities whether or not the closing entries were posted.
 */
export async function balanceSheet(db: Db, scope: StatementScope, period: Period): Promise<BalanceSheet> {
  checkPeriod(period);
  const layout = LAYOUTS[scope.chart];
  const yearStart = await fiscalYearStart(db, scope, period.to);
  const amounts = await accountAmounts(db, scope, period, yearStart);
  const buckets = new Map<string, Bucket>();
  const prefixes = layout.rules.map((rule) => rule.prefix);
  const rules = new Map(layout.rules.map((rule) => [rule.prefix, rule]));
  let netIncome = 0;
  let resultClasses = 0;
  for (const account of amounts) {
    const isResult =
      startsWithAny(account.code, layout.resultPrefixes) &&
      !startsWithAny(account.code, layout.resultExcluded);
    if (isResult) {
      resultClasses -= account.balance;
      if (startsWithAny(account.code, layout.yearResultPrefixes)) {
        netIncome -= account.year;
        add(buckets, layout.netIncomeCaption, account, -account.year);
      }
      continue;
    }
    if (account.balance === 0) continue;
    const prefix = longestPrefix(account.code, prefixes);
    const rule = prefix ? rules.get(prefix) : undefined;
    const caption =
      account.balance > 0 ? (rule?.debit ?? layout.fallback.debit) : (rule?.credit ?? layout.fallback.credit);
    const section = layout.captions.find((c) => c.key === caption)?.section;
    const isAsset = section === 'nonCurrentAssets' || section === 'currentAssets';
    add(buckets, caption, account, isAsset ? account.balance : -account.balance);
  }
  // What the result classes hold beyond the year's result: earlier years, closing accounts.
  const carried = resultClasses - netIncome;
  if (carried !== 0) add(buckets, layout.retainedCaption, { code: '', name: layout.retainedNote }, carried);

  const total = {
    nonCurrentAssets: 0,
    currentAssets: 0,
    equity: 0,
    nonCurrentLiabilities: 0,
    currentLiabilities: 0,
  };
  const sections: FinancialStatementSection[] = layout.sections.map((section) => {
    const lines: FinancialStatementLine[] = layout.captions
      .filter((caption) => caption.section === section.key)
      .map((caption) => {
        const bucket = buckets.get(caption.key);
        return {
          key: caption.key,
          label: caption.label,
          total: false,
          amount: bucket?.amount ?? 0,
          accounts: accountsOf(bucket),
        };
      });
    const sum = lines.reduce((acc, line) => acc + line.amount, 0);
    total[section.key] = sum;
    lines.push({
      key: `${section.key}Total`,
      label: section.totalLabel,
      total: true,
      amount: sum,
      accounts: [],
    });
    return { key: section.key, label: section.label, lines };
  });
  const totalAssets = total.nonCurrentAssets + total.currentAssets;
  const totalLiabilities = total.nonCurrentLiabilities + total.currentLiabilities;
  const assets = scope.chart === 'PGC' ? 'Total do activo' : 'Total do ativo';
  sections.splice(2, 0, {
    key: 'assetsTotal',
    label: assets,
    lines: [{ key: 'assetsTotal', label: assets, total: true, amount: totalAssets, accounts: [] }],
  });
  sections.push(
    {
      key: 'liabilitiesTotal',
      label: 'Total do passivo',
      lines: [
        {
          key: 'liabilitiesTotal',
          label: 'Total do passivo',
          total: true,
          amount: totalLiabilities,
          accounts: [],
        },
      ],
    },
    {
      key: 'equityAndLiabilitiesTotal',
      label: 'Total do capital próprio e do passivo',
      lines: [
        {
          key: 'equityAndLiabilitiesTotal',
          label: 'Total do capital próprio e do passivo',
          total: true,
          amount: total.equity + totalLiabilities,
          accounts: [],
        },
      ],
    },
  );
  return {
    from: period.from,
    to: period.to,
    chart: scope.chart,
    currency: scope.currency,
    model: layout.balanceSheetModel,
    sections,
    totalAssets,
    totalEquity: total.equity,
    totalLiabilities,
    netIncome,
  };
}

/** The income statement by nature of the period, in the model of the organization's chart. */
export async function incomeStatement(
  db: Db,
  scope: StatementScope,
  period: Period,
): Promise<IncomeStatement> {
  checkPeriod(period);
  const layout: Layout = LAYOUTS[scope.chart];
  const yearStart = await fiscalYearStart(db, scope, period.to);
  const amounts = await accountAmounts(db, scope, period, yearStart);
  const owners = new Map<string, string>();
  for (const caption of layout.income)
    for (const prefix of caption.prefixes ?? []) owners.set(prefix, caption.key);
  const buckets = new Map<string, Bucket>();
  for (const account of amounts) {
    if (!startsWithAny(account.code, layout.yearResultPrefixes) || account.period === 0) continue;
    const prefix = longestPrefix(account.code, owners.keys());
    if (!prefix) continue;
    add(buckets, owners.get(prefix) as string, account, -account.period);
  }
  const values = new Map<string, number>();
  const lines: FinancialStatementLine[] = layout.income.map((caption) => {
    const bucket = buckets.get(caption.key);
    const amount = caption.sumOf
      ? caption.sumOf.reduce((sum, key) => sum + (values.get(key) ?? 0), 0)
      : (bucket?.amount ?? 0);
    values.set(caption.key, amount);
    return {
      key: caption.key,
      label: caption.label,
      total: !!caption.sumOf,
      amount,
      accounts: accountsOf(bucket),
    };
  });
  return {
    from: period.from,
    to: period.to,
    chart: scope.chart,
    currency: scope.currency,
    model: layout.incomeStatementModel,
    sections: [{ key: 'income', label: layout.incomeStatementModel, lines }],
    netIncome: values.get(layout.netIncomeLine) ?? 0,
  };
}

// ——— VAT summary ———

/** Intermediate-rate threshold per region: a positive rate below the normal one is intermediate from it. */
const INTERMEDIATE_FROM: Record<string, number> = { PT: 1300, 'PT-MA': 1200, 'PT-AC': 900 };
const NORMAL_RATE: Record<string, number> = { PT: 2300, 'PT-MA': 2200, 'PT-AC': 1600 };

/**
 * The periodic declaration's boxes (Declaração periódica do IVA, quadro 06, Portaria n.º 255/2013
 * model): VAT collected at the reduced rate in boxes 1 (base) / 2 (VAT), intermediate 5 / 6, normal
 * 3 / 4; deductible VAT, which the VAT line alone cannot sort into fixed assets (20) or inventories
 * (21–23), in box 24 (other goods and services). Operations of a region other than the seat's go to
 * the declaration's annex R, in the same boxes.
 */
export function vatBoxes(
  side: 'collected' | 'deductible',
  region: string,
  rate: number,
  seatRegion: string,
): VatSummaryRow['boxes'] {
  const normal = NORMAL_RATE[region];
  if (normal === undefined) return { base: null, vat: null, annex: null };
  const annex = region === seatRegion ? null : 'R';
  if (side === 'deductible') return { base: null, vat: '24', annex };
  if (rate <= 0) return { base: null, vat: null, annex };
  if (rate >= normal) return { base: '3', vat: '4', annex };
  if (rate >= (INTERMEDIATE_FROM[region] ?? normal)) return { base: '5', vat: '6', annex };
  return { base: '1', vat: '2', annex };
}

/** VAT accounts by side: SNC 2432 deductible / 2433 collected; PGC 3451–3452 / 3453. */
const VAT_SIDES: Record<ChartName, { deductible: string[]; collected: string[] }> = {
  SNC: { deductible: ['2432'], collected: ['2433'] },
  PGC: { deductible: ['3451', '3452'], collected: ['3453'] },
};

/**
 * VAT lines of the period (those carrying a tax region and rate) grouped by side, region and rate.
 * The side is the VAT account's (collected, deductible); on another account (regularisations) the
 * line's own direction decides. VAT collected is credit − debit, deductible debit − credit; the base
 * carries the sign of the VAT line, so that a credit note lowers both.
 */
export async function vatSummary(db: Db, scope: StatementScope, period: Period): Promise<VatSummary> {
  checkPeriod(period);
  const sides = VAT_SIDES[scope.chart];
  const like = (prefixes: string[]) =>
    sql.join(
      prefixes.map((prefix) => sql`a.code LIKE ${`${prefix}%`}`),
      sql` OR `,
    );
  const found = await rows<{
    side: 'collected' | 'deductible';
    region: string;
    rate: number;
    base: string;
    vat: string;
  }>(
    db,
    sql`WITH vat AS (
          SELECT l.tax_region AS region, l.tax_rate_basis_points AS rate, l.debit, l.credit,
            ABS(COALESCE(l.tax_base, 0)) AS base,
            CASE WHEN ${like(sides.collected)} THEN 'collected'
                 WHEN ${like(sides.deductible)} THEN 'deductible'
                 WHEN l.credit > 0 THEN 'collected' ELSE 'deductible' END AS side
          FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
          WHERE l.organization_id = ${scope.organizationId}
            AND l.entry_date >= ${period.from}::date AND l.entry_date <= ${period.to}::date
            AND l.tax_region IS NOT NULL AND l.tax_rate_basis_points IS NOT NULL
        )
        SELECT side, region, rate,
          SUM(CASE WHEN side = 'collected' THEN SIGN(credit - debit) ELSE SIGN(debit - credit) END * base)::text AS base,
          SUM(CASE WHEN side = 'collected' THEN credit - debit ELSE debit - credit END)::text AS vat
        FROM vat GROUP BY side, region, rate
        ORDER BY side, region, rate DESC`,
  );
  const seatRegion =
    scope.country === 'PT' ? (ptRegionForPostalCode(scope.postalCode ?? '') ?? 'PT') : scope.country;
  const result: VatSummaryRow[] = found.map((row) => ({
    side: row.side,
    region: row.region,
    rateBasisPoints: Number(row.rate),
    base: int(row.base),
    vat: int(row.vat),
    boxes:
      scope.country === 'PT'
        ? vatBoxes(row.side, row.region, Number(row.rate), seatRegion)
        : { base: null, vat: null, annex: null },
  }));
  const collected = result.filter((row) => row.side === 'collected').reduce((sum, row) => sum + row.vat, 0);
  const deductible = result.filter((row) => row.side === 'deductible').reduce((sum, row) => sum + row.vat, 0);
  return {
    from: period.from,
    to: period.to,
    currency: scope.currency,
    seatRegion,
    rows: result,
    collected,
    deductible,
    balance: collected - deductible,
  };
}

import {
  ACCOUNTING_STATEMENT_KINDS,
  type AccountingStatementKind,
} from '@fluxo/domain/accounting/statements-contracts';

// The statements tab keeps what it shows in the URL (`?tab=statements&statement=…&from=…&to=…&account=…`),
// so that a drill-down (an account's general ledger) is a link and the browser's back button returns.

export interface StatementPeriod {
  from: string;
  to: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar year `offset` years from `today`'s. */
export function yearPeriod(today: string, offset: number): StatementPeriod {
  const year = Number(today.slice(0, 4)) + offset;
  return { from: iso(year, 1, 1), to: iso(year, 12, 31) };
}

/** First to last day of the month `offset` months from `today`'s. */
export function monthPeriod(today: string, offset: number): StatementPeriod {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) + offset;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { from: iso(y, m, 1), to: iso(y, m, new Date(Date.UTC(y, m, 0)).getUTCDate()) };
}

/** The i18n key of what is wrong with a period, or null. */
export function periodProblem(period: StatementPeriod): string | null {
  if (!DAY.test(period.from) || !DAY.test(period.to)) return 'ACCOUNTING.STATEMENTS.PERIOD_REQUIRED';
  if (period.from > period.to) return 'ACCOUNTING.STATEMENTS.PERIOD_ORDER';
  return null;
}

export interface StatementView {
  statement: AccountingStatementKind;
  period: StatementPeriod;
  account: string;
}

/** What the URL asks for, with the current year and the trial balance by default. */
export function viewOf(search: URLSearchParams, today: string): StatementView {
  const wanted = search.get('statement');
  const statement = (ACCOUNTING_STATEMENT_KINDS as readonly string[]).includes(wanted ?? '')
    ? (wanted as AccountingStatementKind)
    : 'trial-balance';
  const fallback = yearPeriod(today, 0);
  return {
    statement,
    period: { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to },
    account: search.get('account') ?? '',
  };
}

/** The URL search of a view (the tab named first, as the entries page expects). */
export function searchOf(view: StatementView): URLSearchParams {
  const search = new URLSearchParams({
    tab: 'statements',
    statement: view.statement,
    from: view.period.from,
    to: view.period.to,
  });
  if (view.account) search.set('account', view.account);
  return search;
}

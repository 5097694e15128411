import { saftPeriodProblem } from '@fluxo/domain/billing/saft-contracts';

// The period of a SAF-T file: the monthly communication to the AT is the usual one, so the screen
// opens on the previous month.

export interface SaftPeriod {
  from: string;
  to: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** First to last day of the month `offset` months from `today`'s (−1: the previous month). */
export function monthPeriod(today: string, offset: number): SaftPeriod {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) + offset;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: iso(y, m, 1), to: iso(y, m, last) };
}

/** The whole calendar year `offset` years from `today`'s (−1: the previous year): an annual file. */
export function yearPeriod(today: string, offset: number): SaftPeriod {
  const year = Number(today.slice(0, 4)) + offset;
  return { from: iso(year, 1, 1), to: iso(year, 12, 31) };
}

/** The i18n key of what is wrong with a period, or null. */
export function periodError(period: SaftPeriod): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period.from) || !/^\d{4}-\d{2}-\d{2}$/.test(period.to))
    return 'ACCOUNTING.SAFT.PERIOD_REQUIRED';
  const problem = saftPeriodProblem(period.from, period.to);
  if (problem === 'ORDER') return 'ACCOUNTING.SAFT.PERIOD_ORDER';
  if (problem === 'YEAR') return 'ACCOUNTING.SAFT.PERIOD_YEAR';
  return null;
}

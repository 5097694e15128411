// The next VAT deadlines of an organization (docs/dashboards.md, "Tax deadlines"). Fluxo has no tax
// agenda module yet, so they are computed from the law, by country and VAT regime:
// - Portugal (CIVA art. 41): the periodic return is due by the 20th and the payment by the 25th of the
//   second month after the period, monthly or quarterly; the monthly regime applies from a turnover of
//   €650,000 in the previous year, the quarterly one below it.
// - Angola (Código do IVA, Lei 7/19): the general regime files and pays monthly, by the last day of the
//   month after the period.
// Days are the legal ones: a deadline on a weekend or holiday is not moved (the AT moves it to the next
// working day; that calendar is not kept here).

export type VatRegime = 'monthly' | 'quarterly';

export interface TaxDeadline {
  kind: 'vatReturn' | 'vatPayment';
  period: string;
  due: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Year and month (1-12) `months` after (year, month). */
function shift(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function deadlinesOfPeriod(country: string, regime: VatRegime, year: number, month: number): TaxDeadline[] {
  if (country === 'AO') {
    const [y, m] = shift(year, month, 1);
    const due = `${y}-${pad(m)}-${pad(lastDay(y, m))}`;
    const period = `${year}-${pad(month)}`;
    return [
      { kind: 'vatReturn', period, due },
      { kind: 'vatPayment', period, due },
    ];
  }
  const [y, m] = shift(year, month, 2);
  const period = regime === 'monthly' ? `${year}-${pad(month)}` : `${year}-Q${Math.ceil(month / 3)}`;
  return [
    { kind: 'vatReturn', period, due: `${y}-${pad(m)}-20` },
    { kind: 'vatPayment', period, due: `${y}-${pad(m)}-25` },
  ];
}

/** The next `count` deadlines due on or after `today` (YYYY-MM-DD), earliest first. */
export function nextVatDeadlines(
  country: string,
  regime: VatRegime,
  today: string,
  count = 4,
): TaxDeadline[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const step = regime === 'quarterly' && country !== 'AO' ? 3 : 1;
  const found: TaxDeadline[] = [];
  // Periods ending from three months back onwards: their deadlines fall from today on.
  let [y, m] = shift(year, month, -3);
  if (step === 3) m = Math.ceil(m / 3) * 3;
  while (found.length < count) {
    for (const deadline of deadlinesOfPeriod(country, regime, y, m)) {
      if (deadline.due >= today && found.length < count) found.push(deadline);
    }
    [y, m] = shift(y, m, step);
  }
  return found;
}

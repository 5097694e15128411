import type { Executor } from '../../platform/tx.ts';
import { latestRates, monthlyRates } from './exchange-rates.repository.ts';

/** "1.070500" → "1.0705"; "1.000000" → "1". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const today = () => new Date().toISOString().slice(0, 10);

export async function exchangeRatesOn(
  executor: Executor,
  input: { base: string; currencies: string[]; date?: string | undefined },
) {
  const date = input.date ?? today();
  const found = await latestRates(executor, input.base, input.currencies, date);
  return {
    base: input.base,
    date,
    source: 'ECB',
    rates: found.map((r) => ({ currency: r.currency, rate: trimDecimal(r.rate), date: r.rate_date })),
    unavailable: input.currencies.filter((c) => !found.some((r) => r.currency === c)),
  };
}

export async function monthlyExchangeRates(
  executor: Executor,
  input: { base: string; currencies: string[]; date?: string | undefined },
) {
  const date = input.date ?? today();
  const [year, month] = date.split('-').map(Number) as [number, number];
  const monthStart = `${date.slice(0, 7)}-01`;
  const monthEnd = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const found = await monthlyRates(executor, input.base, input.currencies, monthStart, monthEnd);
  return {
    base: input.base,
    month: date.slice(0, 7),
    source: 'ECB',
    rates: found.map((r) => ({
      currency: r.currency,
      rate: trimDecimal(r.rate),
      days: r.days,
      from: r.first,
      to: r.last,
    })),
    unavailable: input.currencies.filter((c) => !found.some((r) => r.currency === c)),
  };
}

import type { Executor } from '../../../platform/tx.ts';
import { latestRates } from '../../tax/exchange-rates.repository.ts';
import { trimDecimal } from '../../tax/exchange-rates.service.ts';

/** The ECB publishes on TARGET working days: the longest gap (Easter) is four days. */
const MAX_AGE_DAYS = 7;

/**
 * Units of `currency` per one unit of `base` on `day`: the ECB reference rate published that day or on
 * the last publication day before it (the cross rate through EUR, 6 decimals). Null when no rate
 * was published within a week before the day — the rate is not known then.
 */
export async function exchangeRateOn(
  executor: Executor,
  base: string,
  currency: string,
  day: string,
): Promise<{ rate: string; date: string } | null> {
  if (base === currency) return { rate: '1', date: day };
  const [found] = await latestRates(executor, base, [currency], day);
  if (!found) return null;
  const age = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${found.rate_date}T00:00:00Z`)) / 86_400_000;
  if (age > MAX_AGE_DAYS) return null;
  return { rate: trimDecimal(found.rate), date: found.rate_date };
}

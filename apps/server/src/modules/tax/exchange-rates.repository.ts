import { type SQL, sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';

/**
 * ECB rates are EUR-based; EUR itself is a virtual 1 on every publication day, so that any base and
 * any currency — EUR included — are read the same way.
 */
const published = sql`(
  SELECT rate_date, currency::text AS currency, rate FROM exchange_rates WHERE source = 'ECB' AND base = 'EUR'
  UNION ALL
  SELECT DISTINCT rate_date, 'EUR', 1::numeric FROM exchange_rates WHERE source = 'ECB' AND base = 'EUR'
)`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Per currency, the latest rate published on or before `day`, divided by the base's (6 decimals). */
export function latestRates(executor: Executor, base: string, currencies: readonly string[], day: string) {
  return query<{ currency: string; rate: string; rate_date: string }>(
    executor,
    sql`WITH p AS ${published},
        b AS (SELECT rate FROM p WHERE currency = ${base} AND rate_date <= ${day}::date ORDER BY rate_date DESC LIMIT 1),
        c AS (SELECT DISTINCT ON (currency) currency, rate, rate_date FROM p
              WHERE currency IN (${list(currencies)}) AND rate_date <= ${day}::date
              ORDER BY currency, rate_date DESC)
        SELECT c.currency, round(c.rate / b.rate, 6)::text AS rate, c.rate_date::text AS rate_date
        FROM c CROSS JOIN b ORDER BY c.currency`,
  );
}

/**
 * Per currency, the average over the month's publication days of the day's cross rate; for a
 * currency with no day in the month, the latest rate before it (days = 0).
 */
export async function monthlyRates(
  executor: Executor,
  base: string,
  currencies: readonly string[],
  monthStart: string,
  monthEnd: string,
) {
  const averaged = await query<{ currency: string; rate: string; days: number; first: string; last: string }>(
    executor,
    sql`WITH p AS ${published}
        SELECT c.currency, round(avg(c.rate / b.rate), 6)::text AS rate, count(*)::int AS days,
               min(c.rate_date)::text AS first, max(c.rate_date)::text AS last
        FROM p c JOIN p b ON b.rate_date = c.rate_date AND b.currency = ${base}
        WHERE c.currency IN (${list(currencies)})
          AND c.rate_date BETWEEN ${monthStart}::date AND ${monthEnd}::date
        GROUP BY c.currency ORDER BY c.currency`,
  );
  const missing = currencies.filter((c) => !averaged.some((a) => a.currency === c));
  const earlier = missing.length > 0 ? await latestRates(executor, base, missing, monthEnd) : [];
  return [
    ...averaged,
    ...earlier.map((r) => ({
      currency: r.currency,
      rate: r.rate,
      days: 0,
      first: r.rate_date,
      last: r.rate_date,
    })),
  ].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/**
 * The cross rate of `currency` for one `base` on `day` (SQL expressions), rounded like latestRates:
 * each side's latest ECB rate on or before the day, EUR being 1; NULL when a side has none. A scalar
 * expression, so that a series of days joins it row by row (each side one primary-key lookup).
 */
export function crossRateOn(base: string, currency: SQL, day: SQL): SQL {
  const side = (code: SQL) =>
    sql`CASE WHEN ${code} = 'EUR' THEN 1::numeric ELSE (
          SELECT rate FROM exchange_rates WHERE source = 'ECB' AND base = 'EUR'
            AND currency = (${code})::char(3) AND rate_date <= ${day}
          ORDER BY rate_date DESC LIMIT 1) END`;
  return sql`round(${side(currency)} / ${side(sql`${base}::text`)}, 6)`;
}

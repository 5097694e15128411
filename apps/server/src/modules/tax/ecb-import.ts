import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { Db } from '../../db/client.ts';

export interface PublishedRate {
  date: string;
  currency: string;
  /** As published: a decimal string, never turned into a float. */
  rate: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the ECB's euro foreign-exchange reference rates XML (`eurofxref-daily.xml`,
 * `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`): a gesmes:Envelope whose Cube holds one
 * Cube[@time] per publication day, each holding Cube[@currency][@rate] — units per 1 EUR.
 */
export function parseEcbXml(xml: string): PublishedRate[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseAttributeValue: false,
    isArray: (name) => name === 'Cube',
  });
  const document = parser.parse(xml) as { Envelope?: { Cube?: { Cube?: unknown[] }[] } };
  const days = document.Envelope?.Cube?.[0]?.Cube;
  if (!Array.isArray(days)) throw new Error('Not an ECB reference-rates document (no Envelope/Cube/Cube).');
  const rates: PublishedRate[] = [];
  for (const day of days as { time?: string; Cube?: { currency?: string; rate?: string }[] }[]) {
    if (!day.time || !DAY.test(day.time)) throw new Error(`Bad publication day: ${String(day.time)}`);
    for (const entry of day.Cube ?? []) {
      const currency = entry.currency?.toUpperCase() ?? '';
      const rate = entry.rate?.trim() ?? '';
      if (!/^[A-Z]{3}$/.test(currency) || !DECIMAL.test(rate)) {
        throw new Error(`Bad rate on ${day.time}: ${currency} ${rate}`);
      }
      rates.push({ date: day.time, currency, rate });
    }
  }
  return rates;
}

/** Stores published rates; a day already stored is left as it was. Returns how many were new. */
export async function storeRates(
  db: Db,
  rates: readonly PublishedRate[],
  source = 'ECB',
  base = 'EUR',
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rates.length; i += 500) {
    const chunk = rates.slice(i, i + 500);
    const values = sql.join(
      chunk.map((r) => sql`(${source}, ${base}, ${r.currency}, ${r.date}::date, ${r.rate}::numeric)`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      INSERT INTO exchange_rates (source, base, currency, rate_date, rate) VALUES ${values}
      ON CONFLICT DO NOTHING RETURNING currency`)) as unknown as { rows: unknown[] };
    added += result.rows.length;
  }
  return added;
}

export const BUNDLED_HISTORY = path.join(import.meta.dirname, 'data', 'ecb-eurofxref-sample.xml');

/** Loads the bundled history (no network); cheap to repeat, as stored days are skipped. */
export async function ensureBundledExchangeRates(db: Db): Promise<number> {
  return storeRates(db, parseEcbXml(readFileSync(BUNDLED_HISTORY, 'utf8')));
}

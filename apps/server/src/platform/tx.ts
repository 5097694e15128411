import type { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import type { JobTx } from './jobs.ts';

/** A transaction handle, and anything a repository may run SQL on. */
export type Tx = JobTx;
export type Executor = Db | Tx;

/** Rows of a raw SQL query on a database or inside a transaction. */
export function query<T>(executor: Executor, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rows<T>(executor as Db, statement);
}

export const DAY_MS = 86_400_000;

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export const iso = (date: Date | string | null | undefined): string | null =>
  date === null || date === undefined ? null : new Date(date).toISOString();

import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';

export interface ViesCheckRow {
  valid: boolean;
  /** A Date on PostgreSQL, an ISO string on PGlite. */
  checked_at: Date | string;
}

/** The cached VIES answer for a number, if any. */
export async function findViesCheck(
  executor: Executor,
  country: string,
  vatNumber: string,
): Promise<ViesCheckRow | null> {
  const [row] = await query<ViesCheckRow>(
    executor,
    sql`SELECT valid, checked_at FROM vies_checks WHERE country = ${country} AND vat_number = ${vatNumber}`,
  );
  return row ?? null;
}

export async function saveViesCheck(
  executor: Executor,
  values: { country: string; vatNumber: string; valid: boolean; name: string | null; checkedAt: Date },
): Promise<void> {
  await executor.execute(sql`
    INSERT INTO vies_checks (country, vat_number, valid, name, checked_at)
    VALUES (${values.country}, ${values.vatNumber}, ${values.valid}, ${values.name}, ${values.checkedAt.toISOString()})
    ON CONFLICT (country, vat_number)
    DO UPDATE SET valid = EXCLUDED.valid, name = EXCLUDED.name, checked_at = EXCLUDED.checked_at`);
}

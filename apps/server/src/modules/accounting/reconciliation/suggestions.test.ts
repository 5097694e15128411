import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../../../db/client.ts';
import { freshDatabase } from '../../../test/harness.ts';
import { movementReferences, sqlReferences } from './suggestions.ts';

// The references of a movement's text are extracted in JS (suggestionsFor) where the SQL used to run
// PostgreSQL's upper() and regular expressions: both must find the same, on PGlite and on PostgreSQL.

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase(mkdtempSync(path.join(tmpdir(), 'fluxo-references-')));
  database = fresh.database;
  drop = fresh.drop;
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function inSql(
  description: string,
  remittance: string | null,
  endToEnd: string | null,
): Promise<string[]> {
  const found = await rows<{ k: string }>(
    database.db,
    sql`SELECT k FROM (${sqlReferences(
      sql`(SELECT 1 AS id, ${description}::text AS description, ${remittance}::text AS remittance_info,
                  ${endToEnd}::text AS end_to_end_id) t`,
    )}) r`,
  );
  return found.map((row) => row.k).sort();
}

const movement = (
  description: string,
  remittanceInfo: string | null = null,
  endToEndId: string | null = null,
) => ({
  description,
  remittanceInfo,
  endToEndId,
});

describe('movementReferences', () => {
  it('finds what PostgreSQL finds: numbers, ATCUDs, spaced MB references and NIFs', async () => {
    const cases: [string, string | null, string | null][] = [
      ['TRF Cliente 12', 'Pagamento FT B/12345', null],
      ['Pag. ft a2026/17 e fr x-1/3/4', 'ATCUD jfj2k6ab-17', 'E2E FT A/9'],
      ['MB 123 456 789 ref', 'NIF 509999990, 5099999901, 12345678 9', null],
      ['Transferência de Conceição, Lda', 'Fatura Nº FS 2026/0042', null],
      ['', null, null],
      ['ABCDEFGH-1/2 12345678-9 A1B2C3D4-77', null, '1 2 3 4 5 6 7 8 9 0'],
    ];
    for (const [description, remittance, endToEnd] of cases) {
      const found = movementReferences(movement(description, remittance, endToEnd));
      expect(found?.sort(), description).toEqual(await inSql(description, remittance, endToEnd));
    }
  });

  it('leaves to PostgreSQL a text whose upper case could differ by collation (ß → SS, ı → I)', () => {
    expect(movementReferences(movement('Straße FT A/1'))).toBeNull();
    expect(movementReferences(movement('Fatura ı/1'))).toBeNull();
    expect(movementReferences(movement('Comissão FT A/1'))).toEqual(['A/1']);
  });

  it('agrees with PostgreSQL on any text it extracts (property)', async () => {
    const alphabet = fc.constantFrom(...'aAbBfFtT0123456789 /-.,ãçéÇß\tı'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: alphabet, maxLength: 40 }), async (text) => {
        const found = movementReferences(movement(text));
        if (found !== null) expect(found.sort()).toEqual(await inSql(text, null, null));
      }),
      { numRuns: 150 },
    );
  });
});

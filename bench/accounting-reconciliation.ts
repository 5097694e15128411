// Reconciliation suggestions for 100,000 bank movements against 100,000 open sales documents: the
// set-based SQL of modules/accounting/reconciliation/suggestions.ts (joins on amount, references, IBAN,
// NIF, rules, history) and the scoring of every pair it finds. Target on PostgreSQL: < 3 s.
// The database: DATABASE_URL's server (a database of its own, dropped after), else PGlite in memory (said so).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, rows } from '../apps/server/src/db/client.ts';
import {
  movementsWithOpenSql,
  suggestionsFor,
} from '../apps/server/src/modules/accounting/reconciliation/suggestions.ts';
import { emptyPostgresDatabase } from '../apps/server/src/test/harness.ts';
import { printTable } from './lib.ts';

const MOVEMENTS = Number(process.env.BENCH_RECONCILIATION_MOVEMENTS ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_RECONCILIATION_DOCUMENTS ?? 100_000);
const PARTIES = Math.max(1, Math.round(DOCUMENTS / 10));

/** One organization, its customers (with IBANs), open invoices, one bank account and its movements. */
async function fill(db: Db): Promise<{ organizationId: string; accountId: string }> {
  const [org] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO organizations (name, vat_number, country, currency)
        VALUES ('Bench Conciliação, Lda', '500000000', 'PT', 'EUR') RETURNING id`,
  );
  const organizationId = org!.id;
  const [series] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO billing_series (organization_id, document_type, code, series_type, validation_code)
        VALUES (${organizationId}, 'FT', 'B', 'F', 'BENCHAAA') RETURNING id`,
  );
  const [account] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_date)
        VALUES (${organizationId}, 'bank', 'Banco bench', 'EUR', '2025-01-01') RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO billing_parties (organization_id, name, tax_id, country, iban)
    SELECT ${organizationId}, 'Cliente ' || i || ' Lda', lpad((500000000 + i)::text, 9, '0'), 'PT',
           'PT50' || lpad(i::text, 21, '0')
    FROM generate_series(1, ${PARTIES}) i`);
  // Document i: party (i % PARTIES), gross total pseudo-random in 10.00 … 10,000.00, due in 2025.
  await db.execute(sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY tax_id) - 1 AS n FROM billing_parties
               WHERE organization_id = ${organizationId})
    INSERT INTO billing_documents (organization_id, document_type, series_id, state, status, number,
      document_number, atcud, party_id, document_date, due_date, system_entry_at, tax_region, currency,
      net_total, gross_total, hash)
    SELECT ${organizationId}, 'FT', ${series!.id}, 'issued', 'N', i, 'FT B/' || i, 'BENCHAAA-' || i, p.id,
           DATE '2025-01-01' + (i % 300), DATE '2025-01-31' + (i % 300), now(), 'PT', 'EUR',
           1000 + (i * 7919) % 999000, 1000 + (i * 7919) % 999000, 'h'
    FROM generate_series(1, ${DOCUMENTS}) i JOIN p ON p.n = i % ${PARTIES}`);
  // Movements: 60 % name their document and pay it exactly, 20 % come from the customer's IBAN a fee
  // short, 20 % are unrelated (fees, salaries) that find nothing.
  await db.execute(sql`
    INSERT INTO treasury_transactions (organization_id, account_id, booking_date, amount, currency, description,
      counterparty_name, counterparty_iban, remittance_info, dedupe_key, source)
    SELECT ${organizationId}, ${account!.id}, DATE '2025-02-01' + (i % 300),
           CASE WHEN i % 5 < 3 THEN 1000 + (i * 7919) % 999000
                WHEN i % 5 = 3 THEN 1000 + (i * 7919) % 999000 - 150
                ELSE -(100 + i % 5000) END,
           'EUR',
           CASE WHEN i % 5 < 4 THEN 'TRF Cliente ' || (i % ${PARTIES}) ELSE 'Comissão ' || i END,
           CASE WHEN i % 5 < 4 THEN 'CLIENTE ' || (i % ${PARTIES}) || ' LDA' END,
           CASE WHEN i % 5 = 3 THEN 'PT50' || lpad((i % ${PARTIES} + 1)::text, 21, '0') END,
           CASE WHEN i % 5 < 3 THEN 'Pagamento FT B/' || i END,
           'bench-' || i, 'import'
    FROM generate_series(1, ${MOVEMENTS}) i`);
  await db.execute(sql`ANALYZE`);
  return { organizationId, accountId: account!.id };
}

interface MovementRow {
  id: string;
  amount: string;
  open: string;
  booking_date: string;
  description: string;
  remittance_info: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  end_to_end_id: string | null;
}

export async function benchSuggestions(): Promise<void> {
  const external = process.env.DATABASE_URL
    ? await emptyPostgresDatabase(process.env.DATABASE_URL, 'fluxo_bench_reconciliation')
    : null;
  if (!external)
    console.log(
      'No DATABASE_URL: reconciliation suggestions measured on PGlite (in memory), not PostgreSQL.',
    );
  const database = await openDatabase({
    databaseUrl: external?.url ?? null,
    dataDir: mkdtempSync(path.join(tmpdir(), 'fluxo-bench-reconciliation-')),
    inMemoryDatabase: true,
  });
  try {
    const { db } = database;
    const filling = performance.now();
    const { organizationId, accountId } = await fill(db);
    const fillSeconds = (performance.now() - filling) / 1000;

    const started = performance.now();
    const cpu = process.cpuUsage();
    const relation = movementsWithOpenSql(
      organizationId,
      sql`t.account_id = ${accountId} AND t.transfer_transaction_id IS NULL`,
    );
    const movements = await rows<MovementRow>(
      db,
      sql`SELECT q.id, q.amount, q.open, q.booking_date::text AS booking_date, q.description, q.remittance_info,
                 q.counterparty_name, q.counterparty_iban, q.end_to_end_id
          FROM (${relation}) q WHERE q.open > 0`,
    );
    const suggestions = await suggestionsFor(
      db,
      organizationId,
      sql`SELECT * FROM (${relation}) q WHERE q.open > 0`,
      movements.map((row) => ({
        id: row.id,
        amount: Number(row.amount),
        open: Number(row.open),
        bookingDate: row.booking_date,
        description: row.description,
        remittanceInfo: row.remittance_info,
        counterpartyName: row.counterparty_name,
        counterpartyIban: row.counterparty_iban,
        endToEndId: row.end_to_end_id,
      })),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    let withSuggestion = 0;
    let namedFirst = 0;
    for (const movement of movements) {
      const list = suggestions.get(movement.id) ?? [];
      if (list.length > 0) withSuggestion += 1;
      if (
        movement.remittance_info &&
        list[0]?.candidate.number === movement.remittance_info.replace('Pagamento ', '')
      )
        namedFirst += 1;
    }
    printTable(
      `Reconciliation suggestions: ${movements.length} movements × ${DOCUMENTS} open documents on ${
        external ? 'PostgreSQL' : 'PGlite'
      } (${fillSeconds.toFixed(1)} s to fill)`,
      [
        {
          s: Math.round(seconds * 100) / 100,
          'Node CPU s': Math.round((used.user + used.system) / 10_000) / 100,
          'load (1 min)': loadavg()[0]!.toFixed(1),
          'movements with a suggestion': withSuggestion,
          'named document ranked first': namedFirst,
        },
        {
          s: '< 3 (PostgreSQL)',
          'Node CPU s': '',
          'load (1 min)': '',
          'movements with a suggestion': '≥ 80 %',
          'named document ranked first': '60 %',
        },
      ],
    );
  } finally {
    await database.close();
    await external?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSuggestions();

// `npm run bench -- dashboard`: the time to assemble the whole dashboard (every widget, the daily chart's
// feature flag on) of an organization with 100,000 bank movements and 5,000 billing documents (4,000
// sales documents, 1,000 supplier invoices), 5 accounts, a fifth of the movements reconciled and a
// third documented. Target on PostgreSQL: < 150 ms.
// The database: DATABASE_URL's server (a database of its own, dropped after), else PGlite in memory (said so).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DASHBOARD_WIDGETS } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { assembleDashboard } from '../apps/server/src/modules/dashboards/index.ts';
import { recomputeRunningBalances } from '../apps/server/src/modules/treasury/index.ts';
import { emptyPostgresDatabase } from '../apps/server/src/test/harness.ts';
import { printTable } from './lib.ts';

const MOVEMENTS = Number(process.env.BENCH_DASHBOARD_MOVEMENTS ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_DASHBOARD_DOCUMENTS ?? 5_000);
const ACCOUNTS = 5;
const RUNS = 10;

async function fill(db: Db): Promise<{ organizationId: string; userId: string }> {
  const [user] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO users (email, name, password_hash, profile, country, language)
        VALUES ('bench-dashboard@fluxo.example', 'Bench', 'x', 2, 'PT', 'pt')
        RETURNING id`,
  );
  const [org] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO organizations (name, vat_number, country, currency)
        VALUES ('Bench Painel, Lda', '500000019', 'PT', 'EUR') RETURNING id`,
  );
  const organizationId = org!.id;
  await db.execute(sql`INSERT INTO feature_flags (name, enabled) VALUES ('dailyBalancesDashboardFeature', true)
    ON CONFLICT (name) DO UPDATE SET enabled = true`);
  const accounts = await rows<{ id: string }>(
    db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, opening_date, opening_balance)
        SELECT ${organizationId}, CASE WHEN i = 5 THEN 'cash' ELSE 'bank' END, 'Conta ' || i, 'EUR',
               DATE '2025-01-01', 100000 * i
        FROM generate_series(1, ${ACCOUNTS}) i RETURNING id`,
  );
  const ids = sql.join(
    accounts.map((a) => sql`${a.id}::uuid`),
    sql`, `,
  );
  // Movement i: account i % 5, two years of days up to today, in and out, a third with a receipt.
  await db.execute(sql`
    WITH a AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM treasury_accounts WHERE id IN (${ids}))
    INSERT INTO treasury_transactions (organization_id, account_id, booking_date, amount, currency, description,
      dedupe_key, source, document_count)
    SELECT ${organizationId}, a.id, current_date - (i % 730),
           CASE WHEN i % 2 = 0 THEN 500 + (i::bigint * 7919) % 200000 ELSE -(300 + (i::bigint * 104729) % 150000) END,
           'EUR', 'Movimento ' || i, 'bench-' || i, 'import', CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END
    FROM generate_series(1, ${MOVEMENTS}) i JOIN a ON a.n = i % ${ACCOUNTS}`);
  for (const account of accounts)
    await recomputeRunningBalances(db, { id: account.id, openingBalance: 0 }, null);

  const [series] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO billing_series (organization_id, document_type, code, series_type, validation_code)
        VALUES (${organizationId}, 'FT', 'B', 'F', 'BENCHAAA') RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO billing_parties (organization_id, name, tax_id, country)
    SELECT ${organizationId}, 'Parte ' || i || ' Lda', lpad((500000000 + i)::text, 9, '0'), 'PT'
    FROM generate_series(1, 200) i`);
  const sales = Math.round(DOCUMENTS * 0.8);
  await db.execute(sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY tax_id) - 1 AS n FROM billing_parties
               WHERE organization_id = ${organizationId})
    INSERT INTO billing_documents (organization_id, document_type, series_id, state, status, number,
      document_number, atcud, party_id, document_date, due_date, system_entry_at, tax_region, currency,
      net_total, gross_total, hash)
    SELECT ${organizationId}, 'FT', ${series!.id}, 'issued', 'N', i, 'FT B/' || i, 'BENCHAAA-' || i, p.id,
           current_date - (i % 400), current_date - (i % 400) + 30, now(), 'PT', 'EUR',
           1000 + (i::bigint * 7919) % 999000, 1230 + (i::bigint * 7919) % 999000, 'h'
    FROM generate_series(1, ${sales}) i JOIN p ON p.n = i % 200`);
  await db.execute(sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY tax_id) - 1 AS n FROM billing_parties
               WHERE organization_id = ${organizationId})
    INSERT INTO billing_purchases (organization_id, party_id, document_type, document_number, document_date,
      due_date, currency, net_total, tax_payable, gross_total)
    SELECT ${organizationId}, p.id, 'FT', 'FC ' || i, current_date - (i % 400), current_date - (i % 400) + 60,
           'EUR', 1000 + (i::bigint * 104729) % 500000, 0, 1000 + (i::bigint * 104729) % 500000
    FROM generate_series(1, ${DOCUMENTS - sales}) i JOIN p ON p.n = i % 200`);
  // A fifth of the movements reconciled (one match each).
  await db.execute(sql`
    WITH m AS (SELECT id, abs(amount) AS amount, row_number() OVER (ORDER BY id) AS n FROM treasury_transactions
               WHERE organization_id = ${organizationId}),
    r AS (INSERT INTO accounting_reconciliations (organization_id, created_by)
          SELECT ${organizationId}, ${user!.id} FROM m WHERE m.n % 5 = 0 RETURNING id),
    rn AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM r),
    mm AS (SELECT id, amount, row_number() OVER (ORDER BY id) AS n FROM m WHERE m.n % 5 = 0)
    INSERT INTO accounting_reconciliation_items (organization_id, reconciliation_id, transaction_id, amount)
    SELECT ${organizationId}, rn.id, mm.id, mm.amount FROM rn JOIN mm ON mm.n = rn.n`);
  await db.execute(sql`ANALYZE`);
  return { organizationId, userId: user!.id };
}

export async function dashboardBench(): Promise<void> {
  const external = process.env.DATABASE_URL
    ? await emptyPostgresDatabase(process.env.DATABASE_URL, 'fluxo_bench_dashboard')
    : null;
  if (!external)
    console.log('No DATABASE_URL: the dashboard measured on PGlite (in memory), not PostgreSQL.');
  const database = await openDatabase({
    databaseUrl: external?.url ?? null,
    dataDir: mkdtempSync(path.join(tmpdir(), 'fluxo-bench-dashboard-')),
    inMemoryDatabase: true,
  });
  try {
    const { db } = database;
    const filling = performance.now();
    const { organizationId, userId } = await fill(db);
    const fillSeconds = (performance.now() - filling) / 1000;
    const viewer = { organizationId, userId, role: 'owner' as const };
    await assembleDashboard(db, viewer, 'PT', DASHBOARD_WIDGETS); // warm-up
    const times: number[] = [];
    let data = await assembleDashboard(db, viewer, 'PT', DASHBOARD_WIDGETS);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      data = await assembleDashboard(db, viewer, 'PT', DASHBOARD_WIDGETS);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const perWidget = [];
    for (const widget of DASHBOARD_WIDGETS) {
      const started = performance.now();
      await assembleDashboard(db, viewer, 'PT', [widget]);
      perWidget.push({ widget, ms: Math.round(performance.now() - started) });
    }
    printTable(
      `Dashboard: ${MOVEMENTS} movements, ${DOCUMENTS} documents on ${external ? 'PostgreSQL' : 'PGlite'} (${fillSeconds.toFixed(1)} s to fill)`,
      [
        {
          'median ms': Math.round(times[Math.floor(RUNS / 2)]!),
          'max ms': Math.round(times.at(-1)!),
          unreconciled: data.unreconciled?.total ?? 0,
          'to attach': data.documentsToAttach?.count ?? 0,
          'chart days': data.dailyBalances?.points.length ?? 0,
        },
        {
          'median ms': '< 150 (PostgreSQL)',
          'max ms': '',
          unreconciled: '',
          'to attach': '',
          'chart days': '',
        },
      ],
    );
    printTable('Each widget alone (ms, includes the organization lookup)', perWidget);
  } finally {
    await database.close();
    await external?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await dashboardBench();

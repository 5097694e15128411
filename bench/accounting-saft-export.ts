// SAF-T (PT) accounting export (TaxAccountingBasis C) of a year of 1,000,000 journal lines: the time to
// stream the whole file and the peak memory while it streams. The ledger (250,000 entries of four lines
// over four journals) is written straight in SQL with generate_series, in one database made for the
// run: on the PostgreSQL server of DATABASE_URL when it is set, else in-process PGlite (whose memory
// then counts in the process's RSS). The export runs in this process, as the route runs it, and the
// file is read as it streams and thrown away; its control totals are checked against what was written.
// `BENCH_SAFT_LEDGER_LINES` changes the size (a multiple of 4); `node --expose-gc` adds the live heap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/client.ts';
import { ensureFiscalYear, ensureLedger } from '../apps/server/src/modules/accounting/index.ts';
import { exportSaft } from '../apps/server/src/modules/saft/saft-export.ts';
import { freshDatabase } from '../apps/server/src/test/harness.ts';
import { printTable } from './lib.ts';

const LINES = Number(process.env.BENCH_SAFT_LEDGER_LINES ?? 1_000_000);
const ENTRIES = Math.floor(LINES / 4);
const YEAR = 2025;

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchSaftLedgerExport(): Promise<void> {
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite')
    console.log('DATABASE_URL is not set: measuring on in-process PGlite, not PostgreSQL.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-bench-saft-'));
  const { database, drop } = await freshDatabase(dataDir, kind);
  const { db } = database;
  try {
    const [organization] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO organizations (name, vat_number, country, currency, address, postal_code, city)
          VALUES ('Razão Grande, Lda', '508332150', 'PT', 'EUR', 'Rua do Ouro 1', '1100-060', 'Lisboa')
          RETURNING id`,
    );
    const organizationId = organization?.id as string;
    await ensureLedger(db, organizationId);
    await ensureFiscalYear(db, organizationId, `${YEAR}-01-01`);

    const writing = performance.now();
    // Entry i: journal i mod 4, dated through the year, numbered and chained per journal.
    await db.execute(sql`
      INSERT INTO accounting_entries (id, organization_id, journal_id, period_id, number, seq, reference,
        entry_date, description, transaction_type, source_type, total_debit, total_credit, previous_hash, hash)
      SELECT md5('bench-entry-' || i)::uuid, ${organizationId}, j.id, p.id, i / 4 + 1, i / 4 + 1,
        to_char(d.day, 'YYYY-MM-DD') || ' ' || j.code || ' ' || p.number || '/' || (i / 4 + 1),
        d.day, 'Fatura FT B/' || i, 'N', 'manual', 12800, 12800, md5((i - 1)::text), md5(i::text)
      FROM generate_series(0, ${ENTRIES - 1}) AS i
      CROSS JOIN LATERAL (SELECT (${`${YEAR}-01-01`}::date + (i::bigint * 365 / ${ENTRIES})::int) AS day) d
      JOIN (SELECT id, code, (row_number() OVER (ORDER BY code) - 1)::int AS k FROM accounting_journals
            WHERE organization_id = ${organizationId} AND code IN ('BCO', 'CMP', 'DIV', 'VND')) j ON j.k = i % 4
      JOIN accounting_periods p ON p.organization_id = ${organizationId}
        AND p.number = extract(month FROM d.day)::int AND p.start_date <= d.day AND p.end_date >= d.day`);
    await db.execute(sql`
      INSERT INTO accounting_entry_lines (organization_id, entry_id, position, account_id, entry_date, debit,
        credit, description, source_document_number, tax_region, tax_rate_basis_points, tax_base)
      SELECT ${organizationId}, e.id, l.position, a.id, e.entry_date, l.debit, l.credit, NULL,
        'FT B/' || e.seq, l.region, l.rate, l.base
      FROM accounting_entries e
      CROSS JOIN (VALUES (0, '211', 12300, 0, NULL, NULL, NULL), (1, '12', 500, 0, NULL, NULL, NULL),
                         (2, '71', 0, 10000, NULL, NULL, NULL), (3, '2433', 0, 2800, 'PT', 2300, 10000))
        AS l(position, code, debit, credit, region, rate, base)
      JOIN accounting_accounts a ON a.organization_id = ${organizationId} AND a.code = l.code
      WHERE e.organization_id = ${organizationId}`);
    await db.execute(sql`ANALYZE accounting_entries`);
    await db.execute(sql`ANALYZE accounting_entry_lines`);
    const writeSeconds = (performance.now() - writing) / 1000;

    const file = await exportSaft(
      {
        db,
        signingKey: { certificateNumber: '0', certified: false },
        invoicing: { producerTaxId: null },
        productVersion: 'bench',
      },
      organizationId,
      { basis: 'C', from: `${YEAR}-01-01`, to: `${YEAR}-12-31` },
    );
    globalThis.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = performance.now();
    let bytes = 0;
    let transactions = 0;
    // With --expose-gc, a collection every 256 chunks (~8 MB of file) tells the heap the export really
    // holds from garbage V8 has not collected yet.
    const gc = globalThis.gc;
    let livePeak = baseline.heapUsed;
    let chunks = 0;
    let head = '';
    let tail = '';
    for await (const chunk of file.body) {
      const piece = String(chunk);
      bytes += Buffer.byteLength(piece);
      // '<Transaction>' has 13 characters: one split between chunks is found in the 12 kept, none twice.
      const text = tail + piece;
      transactions += text.split('<Transaction>').length - 1;
      tail = text.slice(-12);
      if (head.length < 200_000) head += piece;
      chunks += 1;
      if (gc && chunks % 256 === 0) {
        gc();
        livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
      }
    }
    const declared = /<GeneralLedgerEntries>(.*?)\n/.exec(head)?.[1] ?? '';
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const expected = `<NumberOfEntries>${ENTRIES}</NumberOfEntries><TotalDebit>${(ENTRIES * 128).toFixed(2)}</TotalDebit><TotalCredit>${(ENTRIES * 128).toFixed(2)}</TotalCredit>`;
    if (declared !== expected || transactions !== ENTRIES)
      throw new Error(`SAF-T ledger export: ${transactions} transactions, declared ${declared}`);
    printTable(
      `SAF-T (PT) accounting export (basis C) of ${LINES.toLocaleString('en')} journal lines on ${kind}`,
      [
        {
          'write s (SQL)': Math.round(writeSeconds * 10) / 10,
          'export s': Math.round(seconds * 100) / 100,
          'lines/s': Math.round(LINES / seconds),
          'file MiB': mib(bytes),
          transactions,
          'RSS growth peak MiB': mib(peakRss - baseline.rss),
          'heap growth peak MiB': mib(peakHeap - baseline.heapUsed),
          'live heap growth peak MiB': gc ? mib(livePeak - baseline.heapUsed) : 'run with --expose-gc',
        },
      ],
    );
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSaftLedgerExport();

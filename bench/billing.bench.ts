// Billing (issue 12) on PostgreSQL, against the real server process with the demo data:
// (a) issuing signed invoices with 8 concurrent clients, all into ONE series (they queue on its row
//     lock: numbering is gapless) and into EIGHT series (one each) — documents/s and p99 ms;
// (b) PDF renders per second (bench/billing-pdf.ts, the PDF part's measure, when it is there);
// (c) the SAF-T (PT) export of 100,000 documents bulk-inserted in SQL — seconds, megabytes, and the
//     server's resident memory sampled every 20 ms while the file streams.
// Targets: ≥ 200 documents/s into one series with p99 < 100 ms; ≥ 20 PDFs/s; the export ≤ 20 s with
// flat memory.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { emptyPostgresDatabase } from '../apps/server/src/test/harness.ts';
import { httpSignin, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { printTable, startPostgres, startServer } from './lib.ts';

const ISSUES = Number(process.env.BENCH_BILLING_ISSUES ?? 2000);
const CLIENTS = 8;
const SAFT_DOCUMENTS = Number(process.env.BENCH_BILLING_SAFT_DOCUMENTS ?? 100_000);
const SAFT_YEAR = 2025;
/** `BENCH_BILLING_PARTS=saft` (or `issue`, `pdf`, comma-separated) measures only those parts. */
const PARTS = (process.env.BENCH_BILLING_PARTS ?? 'issue,pdf,saft').split(',').map((part) => part.trim());

function residentMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;

interface Api {
  headers: Record<string, string>;
  organizationId: string;
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

async function signedIn(server: ServerProcess): Promise<Api> {
  const { token } = await (await httpSignin(server.url))('demo@fluxo.example', 'fluxo-demo');
  const base = { authorization: `Bearer ${token}` };
  const organizations = (await (
    await fetch(`${server.url}/api/v1/organizations/all`, { headers: base })
  ).json()) as { myOrgs: { id: string; name: string }[] };
  const demo = organizations.myOrgs.find((org) => org.name === 'Fluxo Demo, Lda');
  if (!demo) throw new Error('the demo organization is missing');
  const headers = { ...base, orgid: demo.id };
  return {
    headers,
    organizationId: demo.id,
    // node:http over kept-alive sockets rather than fetch: the load generator shares the machine's two
    // cores with the server and PostgreSQL, and fetch costs it about twice the CPU per request.
    call(method, url, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = http.request(
          `${server.url}${url}`,
          {
            method,
            agent,
            headers: {
              ...headers,
              'idempotency-key': randomUUID(),
              ...(payload === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
  };
}

function expectStatus(what: string, answer: { status: number; body: unknown }, status: number) {
  if (answer.status !== status)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
}

async function createSeries(api: Api, code: string): Promise<string> {
  const series = await api.call('POST', '/api/v1/billing/series', {
    documentType: 'FT',
    code,
    seriesType: 'F',
    validationCode: 'BENCH0001',
  });
  expectStatus('series', series, 201);
  return (series.body as { id: string }).id;
}

/** CPU time (user + system) a process has used, in ms: clock ticks of /proc/<pid>/stat at 100 Hz. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of every PostgreSQL process on this machine, in ms (the bench's cluster is the only one
 * running while it measures); a backend that exits between two readings takes its time with it, but
 * the server's pooled connections live through a load.
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/**
 * 8 clients issuing `ISSUES` invoices in all, each into `seriesOf(client)`. Besides the wall-clock
 * figures, the server's CPU per document: a figure the machine's other load barely moves.
 */
async function issueLoad(
  server: ServerProcess,
  api: Api,
  seriesOf: (client: number) => string,
  partyId: string,
  productId: string,
) {
  const cpuBefore = cpuMs(server.pid);
  const postgresBefore = postgresCpuMs();
  const benchBefore = process.cpuUsage();
  const today = new Date().toISOString().slice(0, 10);
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (next < ISSUES) {
        next += 1;
        const t0 = performance.now();
        const answer = await api.call('POST', '/api/v1/billing/documents', {
          seriesId: seriesOf(client),
          partyId,
          documentDate: today,
          issue: true,
          lines: [{ productId, quantity: 1000 }],
        });
        latencies.push(performance.now() - t0);
        if (answer.status !== 201) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    'documents/s': Math.round(latencies.length / seconds),
    'server CPU ms/doc': round1((cpuMs(server.pid) - cpuBefore) / latencies.length),
    'PostgreSQL CPU ms/doc': round1((postgresCpuMs() - postgresBefore) / latencies.length),
    'bench client CPU ms/doc': round1(
      (() => {
        const used = process.cpuUsage(benchBefore);
        return (used.user + used.system) / 1000 / latencies.length;
      })(),
    ),
    'p50 ms': round1(percentile(latencies, 50)),
    'p99 ms': round1(percentile(latencies, 99)),
    documents: latencies.length,
    failures,
  };
}

/**
 * Documents are posted to the journal by the posting queue right after their commit, and each request
 * answers once its entry is written: how many of the series' documents had no entry yet when the last
 * answer came (0 unless that changes), and how long after it the last entry was written (polled every 5 ms).
 */
async function journalCatchUp(url: string, seriesIds: readonly string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const unposted = async () => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM billing_documents d WHERE d.series_id = ANY($1::uuid[]) AND NOT EXISTS (
         SELECT 1 FROM accounting_entries e WHERE e.organization_id = d.organization_id
           AND e.source_type = 'billing_document' AND e.source_id = d.id)`,
      [seriesIds],
    );
    return rows[0].n as number;
  };
  try {
    const atLastAnswer = await unposted();
    let left = atLastAnswer;
    while (left > 0 && performance.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      left = await unposted();
    }
    return {
      'unposted at last answer': atLastAnswer,
      'journal complete after ms':
        atLastAnswer === 0 ? 0 : left === 0 ? Math.round(performance.now() - started) : 'not within 30 s',
    };
  } finally {
    await client.end();
  }
}

/** 100,000 issued invoices of one year, two lines each, for 1,000 customers, written straight in SQL. */
async function insertSaftDocuments(url: string, organizationId: string, seriesId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query(
      `INSERT INTO billing_parties (id, organization_id, name, tax_id, country, city)
       SELECT md5('bench-party-' || i)::uuid, $1, 'Cliente bench ' || i, '999999990', 'PT', 'Lisboa'
       FROM generate_series(1, 1000) AS i`,
      [organizationId],
    );
    // Two lines: 2 h of a service at 40.00 (23 %) and one book at 25.00 (6 %); 1 % cancelled.
    await client.query(
      `INSERT INTO billing_documents (id, organization_id, document_type, series_id, state, status, number,
         document_number, atcud, party_id, document_date, system_entry_at, tax_region, currency,
         net_total, tax_payable, gross_total, hash, hash_control, cancel_reason, cancelled_at)
       SELECT md5('bench-doc-' || i)::uuid, $1, 'FT', $2, 'issued', CASE WHEN i % 100 = 0 THEN 'A' ELSE 'N' END,
         i, 'FT SAFTB/' || i, 'BENCH0001-' || i, md5('bench-party-' || (i % 1000 + 1))::uuid,
         DATE '${SAFT_YEAR}-01-01' + (i * 365 / ($3 + 1)), TIMESTAMPTZ '${SAFT_YEAR}-01-01 09:00:00+00' + (i * 365 / ($3 + 1)) * INTERVAL '1 day' + i * INTERVAL '1 second',
         'PT', 'EUR', 10500, 1990, 12490, substr(repeat(md5(i::text), 6), 1, 172), '1',
         CASE WHEN i % 100 = 0 THEN 'Erro de digitação' END,
         CASE WHEN i % 100 = 0 THEN TIMESTAMPTZ '${SAFT_YEAR}-12-31 10:00:00+00' END
       FROM generate_series(1, $3) AS i`,
      [organizationId, seriesId, SAFT_DOCUMENTS],
    );
    await client.query(
      `INSERT INTO billing_document_lines (organization_id, document_id, position, product_code, description,
         unit, quantity, unit_price, tax_region, tax_code, vat_basis_points, net)
       SELECT $1, md5('bench-doc-' || i)::uuid, l.position, l.code, l.description, l.unit, l.quantity, l.price,
         'PT', l.tax_code, l.rate, l.net
       FROM generate_series(1, $2) AS i
       CROSS JOIN (VALUES (1, 'BENCH-S', 'Consultoria (hora)', 'H', 2000, 400000, 'NOR', 2300, 8000),
                          (2, 'BENCH-P', 'Livro técnico', 'UN', 1000, 250000, 'RED', 600, 2500))
         AS l(position, code, description, unit, quantity, price, tax_code, rate, net)`,
      [organizationId, SAFT_DOCUMENTS],
    );
    await client.query('ANALYZE billing_documents; ANALYZE billing_document_lines; ANALYZE billing_parties');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

async function exportSaft(server: ServerProcess, api: Api) {
  const baseline = residentMiB(server.pid);
  let peak = baseline;
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const now = residentMiB(server.pid);
    samples.push(now);
    peak = Math.max(peak, now);
  }, 20);
  const started = performance.now();
  const response = await fetch(
    `${server.url}/api/v1/accounting/saft/export?basis=F&from=${SAFT_YEAR}-01-01&to=${SAFT_YEAR}-12-31`,
    { headers: api.headers },
  );
  if (response.status !== 200 || !response.body) throw new Error(`SAF-T export: ${response.status}`);
  let bytes = 0;
  let invoices = 0;
  let carry = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    invoices += text.split('<Invoice>').length - 1;
    carry = text.slice(-10);
    if (carry.includes('<Invoice>')) carry = '';
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const quarter = (q: number) =>
    round1((samples[Math.floor(((samples.length - 1) * q) / 4)] ?? baseline) - baseline);
  return {
    s: Math.round(seconds * 100) / 100,
    MiB: round1(bytes / 1024 / 1024),
    invoices,
    'RSS growth peak MiB': round1(peak - baseline),
    'RSS growth at 25/50/75/100 % MiB': `${quarter(1)} / ${quarter(2)} / ${quarter(3)} / ${quarter(4)}`,
  };
}

/**
 * PDF renders per second, measured by bench/billing-pdf.ts (the PDF part's 10-line invoice rendered back
 * to back); loaded by path so that this bench runs, and says so, on a branch without the PDF part.
 */
async function pdfRenders(): Promise<Record<string, string | number>> {
  const module = path.join(import.meta.dirname, 'billing-pdf.ts');
  if (!existsSync(module))
    return { 'PDF renders/s': 'bench/billing-pdf.ts is not in this branch: PDF figures not measured' };
  const { measurePdfRenders } = (await import(module)) as {
    measurePdfRenders: (seconds: number) => Promise<{ rendersPerSecond: number; p99Ms: number }>;
  };
  const { rendersPerSecond, p99Ms } = await measurePdfRenders(
    Number(process.env.BENCH_BILLING_PDF_SECONDS ?? 10),
  );
  return { 'PDF renders/s': rendersPerSecond, 'p99 ms': p99Ms, target: '≥ 20/s' };
}

async function measure(server: ServerProcess, url: string) {
  const api = await signedIn(server);
  const party = await api.call('POST', '/api/v1/billing/parties', {
    name: 'Bench, consumidor final',
    taxId: '999999990',
    country: 'PT',
  });
  expectStatus('party', party, 201);
  const product = await api.call('POST', '/api/v1/billing/products', {
    code: 'BENCH',
    description: 'Bench service',
    productType: 'S',
    unitPrice: 100_000,
    taxCode: 'NOR',
  });
  expectStatus('product', product, 201);
  const partyId = (party.body as { id: string }).id;
  const productId = (product.body as { id: string }).id;

  if (PARTS.includes('issue')) {
    // Warm-up, then the two loads.
    const warm = await createSeries(api, 'WARM');
    for (let i = 0; i < 20; i++)
      await api.call('POST', '/api/v1/billing/documents', {
        seriesId: warm,
        partyId,
        documentDate: new Date().toISOString().slice(0, 10),
        issue: true,
        lines: [{ productId, quantity: 1000 }],
      });
    const one = await createSeries(api, 'ONE');
    const oneSeries = await issueLoad(server, api, () => one, partyId, productId);
    const oneCatchUp = await journalCatchUp(url, [one]);
    const eight = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => createSeries(api, `EIGHT${i}`)),
    );
    const eightSeries = await issueLoad(server, api, (client) => eight[client] as string, partyId, productId);
    const eightCatchUp = await journalCatchUp(url, eight);
    // The numbering of the one-series load: 1…n with no gap.
    const listed = new pg.Client({ connectionString: url });
    await listed.connect();
    const { rows: numbering } = await listed.query(
      'SELECT count(*)::int AS n, min(number) AS lo, max(number) AS hi FROM billing_documents WHERE series_id = $1',
      [one],
    );
    const gapless = numbering[0].n === numbering[0].hi && numbering[0].lo === 1;
    // Every document issued is in the journal once the queue has caught up (the posting queue is empty).
    const { rows: posting } = await listed.query(
      `SELECT (SELECT count(*)::int FROM billing_documents d WHERE d.series_id = $1 AND NOT EXISTS (
                 SELECT 1 FROM accounting_entries e WHERE e.source_id = d.id)) AS unposted,
              (SELECT count(*)::int FROM accounting_posting_queue) AS queued`,
      [one],
    );
    await listed.end();
    printTable(`Issue with ${CLIENTS} concurrent clients (${ISSUES} signed invoices each load)`, [
      {
        load: 'one series',
        ...oneSeries,
        gapless: String(gapless),
        ...oneCatchUp,
        'unposted at the end': posting[0].unposted + posting[0].queued,
      },
      { load: 'eight series', ...eightSeries, ...eightCatchUp },
      { load: 'target', 'documents/s': '≥ 200 (one series)', 'p99 ms': '< 100' },
    ]);
  }

  if (PARTS.includes('pdf'))
    printTable('PDF renders (10-line invoice, one after another)', [await pdfRenders()]);

  if (PARTS.includes('saft')) {
    const saftSeries = await createSeries(api, 'SAFTB');
    const insertSeconds = await insertSaftDocuments(url, api.organizationId, saftSeries);
    const saft = await exportSaft(server, api);
    printTable(
      `SAF-T (PT) export of ${SAFT_DOCUMENTS} documents (${insertSeconds.toFixed(1)} s to insert them in SQL)`,
      [saft, { s: '≤ 20', 'RSS growth peak MiB': 'flat' }],
    );
  }
}

export async function billingBench(): Promise<void> {
  // A database of its own on DATABASE_URL's server (left as it was), else a throwaway cluster.
  const external = process.env.DATABASE_URL
    ? await emptyPostgresDatabase(process.env.DATABASE_URL, 'fluxo_bench')
    : null;
  const cluster = external ? null : await startPostgres();
  const url = external?.url ?? cluster?.url;
  if (!url) {
    console.log('No PostgreSQL (initdb not found and DATABASE_URL unset): billing figures skipped.');
    return;
  }
  const server = await startServer({ DATABASE_URL: url, PG_POOL_SIZE: '16' });
  try {
    await measure(server, url);
  } finally {
    await server.stop();
    await external?.drop();
    await cluster?.stop();
  }
}

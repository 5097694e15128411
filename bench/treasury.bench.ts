// Treasury at 100,000 movements (issue 11), on PGlite and on PostgreSQL, against the real server
// process with the demo data: (a) import of a 100,000-entry CAMT.053 through
// POST /api/v1/treasury/accounts/{id}/imports — seconds and the server's peak resident memory growth;
// (b) the first page of GET /api/v1/treasury/transactions with a text filter and with an amount
// filter — p50/p99 over many sequential requests; (c) POST /api/v1/treasury/rules/{id}/apply of a rule
// that matches all of them.
// Targets: import ≤ 10 s with RSS growth < 150 MB; filtered first page p99 < 50 ms on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeCamtFile } from '../apps/server/src/modules/treasury/imports/fixtures/generate-camt.ts';
import { portugueseIban } from '../apps/server/src/modules/treasury/imports/fixtures/index.ts';
import { emptyPostgresDatabase } from '../apps/server/src/test/harness.ts';
import { httpSignin, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { benchOn, printTable, startPostgres, startServer } from './lib.ts';

const ENTRIES = Number(process.env.BENCH_TREASURY_ENTRIES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_TREASURY_REQUESTS ?? 300);
const BENCH_IBAN = portugueseIban('0010', '0000', '12345678901');

/** Resident memory of a process, in MiB (VmRSS). */
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

const ms = (value: number) => Math.round(value * 10) / 10;

interface Client {
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  headers: Record<string, string>;
}

async function client(server: ServerProcess): Promise<Client> {
  const signin = await httpSignin(server.url);
  const { token } = await signin('demo@fluxo.example', 'fluxo-demo');
  const base = { authorization: `Bearer ${token}` };
  const organizations = (await (
    await fetch(`${server.url}/api/v1/organizations/all`, { headers: base })
  ).json()) as { myOrgs: { id: string; name: string }[] };
  const demo = organizations.myOrgs.find((org) => org.name === 'Fluxo Demo, Lda');
  if (!demo) throw new Error('the demo organization is missing');
  const headers = { ...base, orgid: demo.id };
  return {
    headers,
    async call(method, url, body) {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}

function expectStatus(what: string, answer: { status: number; body: unknown }, status: number) {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
}

/** Sequential requests (after a warm-up): p50 and p99 in ms. */
async function latencies(api: Client, url: string): Promise<{ p50: number; p99: number; items: number }> {
  let items = 0;
  for (let i = 0; i < 20; i++) await api.call('GET', url);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const answer = await api.call('GET', url);
    times.push(performance.now() - started);
    expectStatus(url, answer, 200);
    items = (answer.body as { items: unknown[] }).items.length;
  }
  return { p50: ms(percentile(times, 50)), p99: ms(percentile(times, 99)), items };
}

async function measure(label: string, server: ServerProcess, statement: Buffer) {
  const api = await client(server);
  const created = await api.call('POST', '/api/v1/treasury/accounts', {
    kind: 'bank',
    currency: 'EUR',
    name: `Bench — ${ENTRIES} movements`,
    iban: BENCH_IBAN,
    openingBalance: 0,
    openingDate: '2020-01-01',
  });
  expectStatus('create account', created, 201);
  const accountId = (created.body as { id: string }).id;

  // (a) The import, with the server's resident memory sampled every 20 ms.
  await sleep(500);
  const baseline = residentMiB(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMiB(server.pid));
  }, 20);
  const started = performance.now();
  const response = await fetch(
    `${server.url}/api/v1/treasury/accounts/${accountId}/imports?uploadId=${randomUUID()}&format=camt053`,
    {
      method: 'POST',
      headers: {
        ...api.headers,
        'content-type': 'application/octet-stream',
        'x-file-name': 'bench-camt053.xml',
      },
      body: new Uint8Array(statement),
    },
  );
  const importBody = (await response.json()) as { imported?: number; duplicates?: number };
  const importSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentMiB(server.pid));
  expectStatus('import', { status: response.status, body: importBody }, 201);
  if (importBody.imported !== ENTRIES) throw new Error(`imported ${importBody.imported} of ${ENTRIES}`);

  // (b) First page of the filtered list: a counterparty a fifth of the movements carry, an invoice
  // number a dozen carry (the index must find them among 100,000), and an amount range of about 110.
  const list = '/api/v1/treasury/transactions?limit=100';
  const common = await latencies(api, `${list}&q=${encodeURIComponent('lusitano')}`);
  const rare = await latencies(api, `${list}&q=${encodeURIComponent('FT 2025/4242')}`);
  const amount = await latencies(api, `${list}&minAmount=-5000&maxAmount=-4000`);

  // (c) A rule that matches every movement of the imported account, applied to history.
  const categories = await api.call('GET', '/api/v1/treasury/categories');
  expectStatus('categories', categories, 200);
  const category = (categories.body as { id: string; kind: string }[]).find((c) => c.kind === 'expense');
  const rule = await api.call('POST', '/api/v1/treasury/rules', {
    name: 'Bench: everything on the bench account',
    conditions: [{ field: 'account', operator: 'equals', value: accountId }],
    actions: { notes: 'bench', ...(category ? { categoryId: category.id } : {}) },
  });
  expectStatus('create rule', rule, 201);
  const applyStarted = performance.now();
  const applied = await api.call('POST', `/api/v1/treasury/rules/${(rule.body as { id: string }).id}/apply`, {
    overwrite: true,
  });
  const applySeconds = (performance.now() - applyStarted) / 1000;
  expectStatus('apply rule', applied, 200);
  const { updated } = applied.body as { matched: number; updated: number };

  return {
    database: label,
    'import s': Math.round(importSeconds * 100) / 100,
    'import RSS growth MiB': Math.round(peak - baseline),
    'text (1 in 5) p50/p99 ms': `${common.p50} / ${common.p99}`,
    'text (12 rows) p50/p99 ms': `${rare.p50} / ${rare.p99} (${rare.items})`,
    'amount p50 ms': amount.p50,
    'amount p99 ms': amount.p99,
    'rule apply s': Math.round(applySeconds * 100) / 100,
    'rule updated': updated,
  };
}

export async function treasuryBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fluxo-bench-camt-'));
  const file = path.join(dir, 'statement.xml');
  await writeCamtFile(file, { entries: ENTRIES, iban: BENCH_IBAN, startDate: '2024-01-01', seed: 11 });
  const statement = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  console.log(`CAMT.053 of ${ENTRIES} entries: ${(statement.length / 1024 / 1024).toFixed(1)} MiB`);
  const rows: Record<string, string | number>[] = [];
  if (benchOn('pglite')) {
    const server = await startServer({ DATABASE_URL: '' });
    try {
      rows.push(await measure('PGlite', server, statement));
    } finally {
      await server.stop();
    }
  }
  if (benchOn('postgres')) {
    // A database of its own on DATABASE_URL's server (left as it was), else a throwaway cluster.
    const external = process.env.DATABASE_URL
      ? await emptyPostgresDatabase(process.env.DATABASE_URL, 'fluxo_bench')
      : null;
    const cluster = external ? null : await startPostgres();
    const url = external?.url ?? cluster?.url;
    if (url) {
      const server = await startServer({ DATABASE_URL: url, PG_POOL_SIZE: '16' });
      try {
        rows.push(await measure('PostgreSQL', server, statement));
      } finally {
        await server.stop();
        await external?.drop();
        await cluster?.stop();
      }
    } else {
      console.log('No PostgreSQL (initdb not found and DATABASE_URL unset): PostgreSQL figures skipped.');
    }
  }
  rows.push({
    database: 'target',
    'import s': '≤ 10',
    'import RSS growth MiB': '< 150',
    'text (1 in 5) p50/p99 ms': 'p99 < 50 (PostgreSQL)',
    'text (12 rows) p50/p99 ms': 'p99 < 50 (PostgreSQL)',
    'amount p99 ms': '< 50 (PostgreSQL)',
  });
  printTable(
    `Treasury with ${ENTRIES} movements (first page = 100 rows; ${REQUESTS} sequential requests each)`,
    rows,
  );
}

// Sign-in under a flood (issue 18): one client sends 200 unknown-e-mail sign-ins a second for 20 s
// while another client signs in with the right password, one sign-in after another, and a third asks
// for a cheap page. The real server runs as a process with production scrypt (N = 2^17, 128 MiB a
// hash), on PGlite, behind a "proxy": TRUST_PROXY=1 and X-Forwarded-For play the distinct clients.
// Targets: the good client's p99 < 1 s, the server's peak resident memory growth < 300 MB.
// A second run floods from a new address on every request (what per-client counters cannot stop):
// it shows the hashing queue's bound on memory and how quickly the excess is refused.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { passwordEncrypter, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { printTable, startServer } from './lib.ts';

const FLOOD_PER_SECOND = Number(process.env.BENCH_AUTH_RATE ?? 200);
const DURATION_MS = Number(process.env.BENCH_AUTH_SECONDS ?? 20) * 1000;

/** Resident memory of a process, in MiB (VmRSS). */
function residentMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number | 'error' }> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 'error' };
  }
}

const sameClient = () => '198.51.100.1';
const newClient = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

// The flooder: FLOOD_PER_SECOND sign-ins a second, open loop (each sent on time whatever the answers).
const FLOODER = `
const [url, password, mode, rate, duration] = process.argv.slice(1);
const statuses = {};
const latencies = [];
const pending = [];
const started = performance.now();
for (let i = 0; performance.now() - started < Number(duration); i++) {
  const wait = started + (i * 1000) / Number(rate) - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const address = mode === 'same' ? '198.51.100.1' : '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255);
  const sent = performance.now();
  pending.push(
    fetch(url + '/api/v1/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: 'flood-' + i + '@example.invalid', password }),
      signal: AbortSignal.timeout(30000),
    })
      .then(async (response) => { await response.arrayBuffer(); return response.status; }, () => 'error')
      .then((status) => { statuses[status] = (statuses[status] ?? 0) + 1; latencies.push(performance.now() - sent); }),
  );
}
await Promise.all(pending);
process.stdout.write(JSON.stringify({ statuses, latencies }));
`;

function runFlooder(
  url: string,
  password: string,
  mode: 'same' | 'distinct',
): Promise<{ statuses: Record<string, number>; latencies: number[] }> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      FLOODER,
      url,
      password,
      mode,
      String(FLOOD_PER_SECOND),
      String(DURATION_MS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`flooder exited with ${code}`)),
    ),
  );
}

async function flood(server: ServerProcess, label: string, floodAddress: (i: number) => string) {
  const encrypt = await passwordEncrypter(server.url);
  const signin = (address: string, email: string, password: string) =>
    fetch(`${server.url}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(30_000),
    });
  const good = encrypt('fluxo-demo');
  const guess = encrypt('a-guess');
  // Warm-up: the decoy hash, the key, the routes; then a quiet moment before the baseline.
  await timed(() => signin('203.0.113.10', 'demo@fluxo.example', good));
  await timed(() => signin('203.0.113.11', 'nobody@example.invalid', guess));
  await sleep(1000);
  const baseline = residentMiB(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMiB(server.pid));
  }, 20);

  const started = performance.now();
  const running = () => performance.now() - started < DURATION_MS;
  // The flood comes from a process of its own, so that its CPU does not slow down the measuring one.
  const flooder = runFlooder(server.url, guess, floodAddress === sameClient ? 'same' : 'distinct');
  const goodLatencies: number[] = [];
  const goodStatuses = new Map<string, number>();
  const gooder = (async () => {
    while (running()) {
      const { ms, status } = await timed(() => signin('203.0.113.10', 'demo@fluxo.example', good));
      goodLatencies.push(ms);
      goodStatuses.set(String(status), (goodStatuses.get(String(status)) ?? 0) + 1);
      await sleep(200);
    }
  })();
  const otherLatencies: number[] = [];
  const other = (async () => {
    while (running()) {
      otherLatencies.push((await timed(() => fetch(`${server.url}/home/configuration`))).ms);
      await sleep(100);
    }
  })();
  const [{ statuses, latencies: floodLatencies }] = await Promise.all([flooder, gooder, other]);
  clearInterval(sampler);
  const floodStatuses = new Map(Object.entries(statuses));
  const sent = [...floodStatuses.values()].reduce((a, b) => a + b, 0);
  const share = (status: string) => `${(((floodStatuses.get(status) ?? 0) / sent) * 100).toFixed(1)} %`;
  const goodOk = goodStatuses.get('200') ?? 0;
  return {
    flood: label,
    'flood sent': sent,
    'flood 429': share('429'),
    'flood 503': share('503'),
    'flood 401 (hashed)': floodStatuses.get('401') ?? 0,
    'flood p99 ms': Math.round(percentile(floodLatencies, 99)),
    'good sign-ins (200/all)': `${goodOk}/${goodLatencies.length}`,
    'good p50 ms': Math.round(percentile(goodLatencies, 50)),
    'good p99 ms': Math.round(percentile(goodLatencies, 99)),
    'GET /home/configuration p99 ms': Math.round(percentile(otherLatencies, 99)),
    'RSS before MiB': Math.round(baseline),
    'RSS peak growth MiB': Math.round(peak - baseline),
  };
}

export async function authBench(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  // Production hashing whatever the calling shell says; the loopback socket is the trusted proxy.
  const env = { SCRYPT_N: '131072', TRUST_PROXY: '1', DATABASE_URL: '', REDIS_URL: '' };
  for (const [label, address] of [
    ['one client', sameClient],
    ['a new address per request', newClient],
  ] as const) {
    // A fresh server for each run: no counters or memory carried over.
    const server = await startServer(env);
    try {
      rows.push(await flood(server, label, address));
    } finally {
      await server.stop();
    }
  }
  printTable(
    `Sign-in under a flood of ${FLOOD_PER_SECOND} unknown-e-mail sign-ins/s for ${DURATION_MS / 1000} s ` +
      '(scrypt N=2^17; targets: good p99 < 1 s, RSS growth < 300 MB)',
    rows,
  );
}

import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  freePort,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../apps/server/src/test/local-services.ts';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The server process id (to read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Extra Node options for the server processes, e.g. `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p"`
 * to profile the server under load (Node refuses --cpu-prof in NODE_OPTIONS).
 */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** Starts the real server (tsx, production mode, demo data) as its own process and waits for it. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-bench-'));
  const port = String(await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeArgs(), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(`${url}/featureflags`);
      if (response.ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function encryptPassword(url: string, password: string): Promise<string> {
  const pem = await (await fetch(`${url}/assets/keys/public.pem`)).text();
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A throwaway PostgreSQL cluster tuned for benchmarks (no fsync, asynchronous commit). */
export function startPostgres(): Promise<ThrowawayPostgres | null> {
  return startThrowawayPostgres(['synchronous_commit=off', 'max_connections=300']);
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

/** Which databases to measure: `BENCH_DATABASES=postgres` (or `pglite`) runs only that one; both by default. */
export function benchOn(database: 'pglite' | 'postgres'): boolean {
  const chosen = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
  return chosen.includes(database);
}

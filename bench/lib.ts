import path from 'node:path';
import autocannon from 'autocannon';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../apps/server/src/test/local-services.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/src/test/server-process.ts';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Extra Node options for the server processes, e.g. `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p"`
 * to profile the server under load (Node refuses --cpu-prof in NODE_OPTIONS).
 */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** Starts the real server (tsx, production mode, demo data) as its own process and waits for it. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(env, { nodeArgs: serverNodeArgs() });
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

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The server process id (to read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the real server (tsx, production mode, demo data) as its own process and waits for it. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-bench-'));
  const port = String(await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
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

export interface PostgresCluster {
  url: string;
  stop(): void;
}

/** A throwaway PostgreSQL cluster from the machine's initdb/pg_ctl (as the postgres user when root). */
export async function startPostgres(): Promise<PostgresCluster | null> {
  if (spawnSync('which', ['initdb']).status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'fluxo-bench-pg-'));
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPg.length) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
    chownSync(dir, uid, uid);
  }
  const run = (args: string[]) => {
    const [command, ...rest] = [...asPg, ...args];
    const r = spawnSync(command!, rest, { stdio: 'pipe' });
    if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr}`);
  };
  const port = await freePort();
  run(['initdb', '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  run([
    'pg_ctl',
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      run(['pg_ctl', '-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

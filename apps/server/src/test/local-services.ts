import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A loopback port the OS says is free right now. */
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

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server and removes the cluster. */
  stop(): Promise<void>;
  /** Stops the server (fast shutdown: sessions are cut), keeping the cluster for `resume`. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port. */
  resume(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster from the machine's initdb/pg_ctl on a free loopback port, run as the
 * postgres user when we are root (initdb refuses root). Null when initdb is not installed. Used by the
 * multi-instance tests and the benchmarks; `settings` adds server settings (`-c name=value`).
 */
export async function startThrowawayPostgres(settings: string[] = []): Promise<ThrowawayPostgres | null> {
  if (spawnSync('sh', ['-c', 'command -v initdb && command -v pg_ctl']).status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'fluxo-pg-'));
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
    chownSync(dir, uid, uid);
  }
  const run = (args: string[]) => {
    const [command, ...rest] = [...asPostgres, ...args];
    const result = spawnSync(command!, rest, { stdio: 'pipe' });
    if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr}`);
  };
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    ...settings.map((s) => `-c ${s}`),
  ];
  run(['initdb', '-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  let running = false;
  const start = () => {
    run(['pg_ctl', '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', options.join(' '), 'start']);
    running = true;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async halt() {
      run(['pg_ctl', '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async resume() {
      start();
    },
    async stop() {
      if (running) run(['pg_ctl', '-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface StandInRequest {
  method: string;
  /** The path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The whole body, as text. */
  body: string;
}
export interface StandInAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
export interface StandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/**
 * A local HTTP stand-in for a third-party API (Stripe, VIES…): each request, body read whole, gets the
 * JSON answer `answer` gives (or promises, to answer late).
 */
export function startStandIn(
  answer: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>,
): Promise<StandIn> {
  const server = createHttpServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', async () => {
      const given = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body,
      };
      const reply = await answer(given);
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(JSON.stringify(reply.body));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}

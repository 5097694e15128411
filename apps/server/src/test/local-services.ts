import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
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
  stop(): Promise<void>;
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
  run(['pg_ctl', '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', options.join(' '), 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      run(['pg_ctl', '-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

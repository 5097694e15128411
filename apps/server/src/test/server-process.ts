import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './local-services.ts';

/**
 * The real server (`apps/server/src/main.ts`, production mode, demo data) as a process of its own:
 * for the benchmarks, and for the tests that must kill a server outright, as a crash would.
 */

const root = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  url: string;
  /** The process id (to read its memory from /proc). */
  pid: number;
  dataDir: string;
  /** Ends the process at once (SIGKILL): no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** Asks the process to shut down (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The data directory (keys, mail outbox…); a temporary one, removed at `stop`, by default. */
  dataDir?: string;
  /** Node options before the entry point, e.g. `--cpu-prof` (Node refuses those in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Where the server's output goes (default: this process's own). */
  output?: 'inherit' | 'ignore';
}

/** Starts the server with `env` over this process's environment and waits until it answers. */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fluxo-server-'));
  const port = String(await freePort());
  const output = options.output ?? 'inherit';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
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
      stdio: ['ignore', output, output],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (let ready = false; !ready; ) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('server exited during start-up');
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer within 120 s of its start');
    }
    try {
      ready = (await fetch(`${url}/featureflags`)).ok;
    } catch {}
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, pid: child.pid!, dataDir, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** Encrypts a password with the server's public key, as the web app does before signing in. */
export async function encryptPassword(url: string, password: string): Promise<string> {
  const pem = await (await fetch(`${url}/assets/keys/public.pem`)).text();
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

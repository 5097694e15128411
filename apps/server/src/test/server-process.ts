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
  /** Sends a signal without waiting (the shutdown tests watch what follows). */
  signal(signal: NodeJS.Signals): void;
  /** How the process ended, once it has. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
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
  return {
    url,
    pid: child.pid!,
    dataDir,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    signal: (signal) => child.kill(signal),
    exited,
  };
}

/**
 * Encrypts passwords with a server's public key, as the web app does before signing in (RSA-OAEP,
 * SHA-256, base64). The key is fetched once.
 */
export async function passwordEncrypter(url: string): Promise<(password: string) => string> {
  const pem = await (await fetch(`${url}/assets/keys/public.pem`)).text();
  return (password) =>
    publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password),
    ).toString('base64');
}

/** Encrypts one password with the server's public key. */
export async function encryptPassword(url: string, password: string): Promise<string> {
  return (await passwordEncrypter(url))(password);
}

/** Signs in over HTTP (`POST /api/v1/auth/signin`) as the web app does; the key is fetched once. */
export async function httpSignin(
  url: string,
): Promise<(email: string, password: string) => Promise<{ token: string; userId: string }>> {
  const encrypt = await passwordEncrypter(url);
  return async (email, password) => {
    const response = await fetch(`${url}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: encrypt(password) }),
    });
    if (response.status !== 200) throw new Error(`signin ${email}: ${response.status}`);
    const body = (await response.json()) as { auth_token: string; id: string };
    return { token: body.auth_token, userId: body.id };
  };
}

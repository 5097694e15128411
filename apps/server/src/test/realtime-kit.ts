import { spawn, spawnSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  REALTIME_ACK_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
} from '@fluxo/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Socket as ClientSocket, io as ioClient } from 'socket.io-client';
import { type App, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/seed.ts';
import { loadConfig } from '../platform/config.ts';
import { emptyPostgresDatabase, freshDatabase } from './harness.ts';
import { freePort, startThrowawayPostgres } from './local-services.ts';

/**
 * Real-time test kit: app instances listening on a port (several may share one database, to play
 * restarts and multi-instance set-ups), socket.io clients, and throwaway PostgreSQL and Redis servers.
 */

export interface SharedDatabase {
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-rt-'));
  const { database, drop } = await freshDatabase(dataDir);
  await seedDemo(database.db);
  return {
    database,
    dataDir,
    async close() {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Instance extends App {
  url: string;
  call(options: InjectOptions & { token?: string; orgId?: string }): Promise<LightMyRequestResponse>;
  signin(email: string, password?: string): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

/** Builds an app on `database` with extra environment (REALTIME_*, CONNECTION_*…) and listens on a free port. */
export async function startInstance(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv, {
    webDist: path.join(dataDir, 'no-web'),
  });
  const built = await buildApp({ config, database, logger: false });
  const { app, secrets } = built;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const encrypt = (password: string) =>
    publicEncrypt(
      { key: secrets.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');
  return {
    ...built,
    url: `http://127.0.0.1:${address.port}`,
    call: ({ token, orgId, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: {
          ...(headers ?? {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(orgId ? { orgid: orgId } : {}),
        },
      }),
    async signin(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password: encrypt(password) },
      });
      if (response.statusCode !== 200)
        throw new Error(`signin ${email}: ${response.statusCode} ${response.body}`);
      const body = response.json() as { auth_token: string; id: string };
      return { token: body.auth_token, userId: body.id };
    },
    close: () => app.close(),
  };
}

export interface TestClient {
  socket: ClientSocket;
  /** Every message received, in order (duplicates included). */
  received: RealtimeMessage[];
  /**
   * What the web client shows: the first copy of each message, in order of arrival. (A message committed
   * while the socket joins its room may come twice, live and in the replay; clients drop it by messageId.)
   */
  distinct: RealtimeMessage[];
  /** Ids whose acknowledgement the server confirmed. */
  acked: Set<string>;
  /** Acknowledges one message; resolves with the server's answer. */
  ack(messageId: string): Promise<{ ok: boolean }>;
  /** Waits until `count` distinct messages have been received; resolves with them. */
  waitFor(count: number, timeoutMs?: number): Promise<RealtimeMessage[]>;
  close(): void;
}

export interface ConnectOptions {
  userId?: string;
  token?: string;
  /** Where the token travels: the socket.io auth payload (default) or the SignalR-style query. */
  tokenIn?: 'auth' | 'query';
  /** Acknowledge each message as it arrives (default true). */
  autoAck?: boolean;
}

/** Connects a socket.io client; rejects with the server's refusal (`error.data.code`). */
export function connect(url: string, options: ConnectOptions): Promise<TestClient> {
  const { userId, token, tokenIn = 'auth', autoAck = true } = options;
  const query: Record<string, string> = {};
  if (userId) query.userId = userId;
  if (token && tokenIn === 'query') query.access_token = token;
  const socket = ioClient(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    query,
    auth: token && tokenIn === 'auth' ? { token } : {},
  });
  const received: RealtimeMessage[] = [];
  const distinct: RealtimeMessage[] = [];
  const seen = new Set<string>();
  const acked = new Set<string>();
  const waiters = new Set<() => void>();
  const ack = async (messageId: string) => {
    const answer = (await socket.timeout(5_000).emitWithAck(REALTIME_ACK_EVENT, messageId)) as {
      ok: boolean;
    };
    if (answer.ok) acked.add(messageId);
    return answer;
  };
  socket.on(REALTIME_MESSAGE_EVENT, (message: RealtimeMessage) => {
    received.push(message);
    if (!seen.has(message.messageId)) {
      seen.add(message.messageId);
      distinct.push(message);
    }
    if (autoAck) void ack(message.messageId).catch(() => {});
    for (const wake of waiters) wake();
  });
  const client: TestClient = {
    socket,
    received,
    distinct,
    acked,
    ack,
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (distinct.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(distinct.slice());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} messages, got ${distinct.length}: ${distinct.map((m) => m.type)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The refusal a connection attempt got, or null when it connected. */
export async function refusal(url: string, options: ConnectOptions): Promise<{ code?: string } | null> {
  try {
    (await connect(url, options)).close();
    return null;
  } catch (error) {
    return ((error as { data?: { code?: string } }).data ?? { code: 'NO_DATA' }) as { code?: string };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(25);
  }
}

export { freePort } from './local-services.ts';

/** A throwaway redis-server on a free loopback port, or null when Redis is not installed. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(
    (candidate) => spawnSync(candidate, ['--version']).status === 0,
  );
  if (!binary) return null;
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(true));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
      }),
    10_000,
  );
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * A PostgreSQL database for multi-instance tests: a new database on DATABASE_URL's server, or a
 * throwaway cluster from initdb/pg_ctl (as the postgres user when root). Null when neither exists.
 */
export async function postgresForTest(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const { url, drop } = await emptyPostgresDatabase(adminUrl, 'fluxo_rt');
    return { url, stop: drop };
  }
  return startThrowawayPostgres();
}

/** Opens (and migrates) a database by URL: one Database per instance, as separate processes would. */
export function openPostgres(url: string, dataDir: string): Promise<Database> {
  return openDatabase({ databaseUrl: url, dataDir, inMemoryDatabase: false });
}

import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { SigningKey } from '../modules/billing/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/seed.ts';
import { loadConfig } from '../platform/config.ts';
import type { LiveSessions } from '../platform/live-sessions.ts';
import type { ServerSecrets } from '../platform/secrets.ts';

/** The database the server suite runs on: PGlite in memory, or PostgreSQL when DATABASE_URL is set. */
export const TEST_DATABASE_KIND = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh database per test file: in-memory PGlite, or a new database on the PostgreSQL server (`url`).
 * `kind` 'pglite' asks for PGlite even when DATABASE_URL is set.
 */
export async function freshDatabase(
  dataDir: string,
  kind: 'pglite' | 'postgres' = TEST_DATABASE_KIND,
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir, inMemoryDatabase: true });
    return { database, url: null, drop: async () => {} };
  }
  const { url, drop } = await emptyPostgresDatabase(adminUrl, 'fluxo_test');
  const database = await openDatabase({ databaseUrl: url, dataDir, inMemoryDatabase: false });
  return { database, url, drop };
}

/** A new, empty database (named `prefix_<uuid>`) on the PostgreSQL server of `adminUrl`, and its drop. */
export async function emptyPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL; null on PGlite. */
  databaseUrl: string | null;
  secrets: ServerSecrets;
  liveSessions: LiveSessions;
  dataDir: string;
  /** The invoicing key the server signs with (tests that issue through billing's services). */
  signingKey: SigningKey;
  publicKeyPem: string;
  /** Encrypts a password as the web app does (RSA-OAEP, SHA-256, base64). */
  encrypt(password: string): string;
  signin(email: string, password?: string): Promise<string>;
  /** Injects with the bearer token and, optionally, the OrgId header. */
  call(options: InjectOptions & { token?: string; orgId?: string }): Promise<LightMyRequestResponse>;
  /** Mails written to DATA_DIR/outbox, decoded. */
  outbox(): Promise<{ file: string; to: string; subject: string; text: string }[]>;
  /** The latest validation code mailed to an address. */
  validationCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * `env`: extra configuration variables (e.g. STRIPE_API_BASE pointing at a local stand-in); `database`:
 * PGlite even when DATABASE_URL is set.
 * `configure`: adds hooks or routes to the app before it is ready (tests of the platform itself).
 */
export async function createTestApp(
  options: {
    demo?: boolean;
    /** false: the demo companies get no treasury accounts or movements (a suite that counts them all). */
    demoTreasury?: boolean;
    /** false: the demo companies get no billing data (a suite that counts every document or party). */
    demoBilling?: boolean;
    /** false: the demo companies' documents and movements are not posted (a suite that builds its own ledger). */
    demoAccounting?: boolean;
    env?: Record<string, string>;
    database?: 'pglite' | 'postgres';
    configure?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-test-'));
  const { database, url: databaseUrl, drop } = await freshDatabase(dataDir, options.database);
  // VIES off unless a suite points it at its stand-in: tests never reach the EU's service. Recurring
  // billing runs only when a test asks (it would bill the demo's schedules behind other suites).
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIES_URL: '',
    BILLING_SCHEDULES_POLL_MS: '0',
    ...options.env,
  } as NodeJS.ProcessEnv;
  // No web build unless the test hands one (WEB_DIST): the API suites need none.
  const config = loadConfig(env, {
    webDist: env.WEB_DIST ?? path.join(dataDir, 'no-web'),
  });
  const { app, secrets, liveSessions, signingKey } = await buildApp({ config, database, logger: false });
  try {
    options.configure?.(app);
    if (options.demo !== false)
      await seedDemo(database.db, undefined, undefined, {
        treasury: options.demoTreasury !== false,
        accounting: options.demoAccounting !== false,
        ...(options.demoBilling !== false ? { signingKey } : {}),
      });
    await app.ready();
  } catch (error) {
    await app.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const encrypt = (password: string) =>
    publicEncrypt(
      { key: secrets.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');

  const call: TestApp['call'] = ({ token, orgId, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(headers ?? {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(orgId ? { orgid: orgId } : {}),
      },
    });

  const outbox: TestApp['outbox'] = async () => {
    const dir = path.join(dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return Promise.all(
      files.map(async (file) => {
        const mail = await simpleParser(readFileSync(path.join(dir, file)));
        const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        return { file, to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
      }),
    );
  };

  return {
    app,
    database,
    databaseUrl,
    secrets,
    liveSessions,
    dataDir,
    signingKey,
    publicKeyPem: secrets.publicKeyPem,
    encrypt,
    call,
    async signin(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password: encrypt(password) },
      });
      if (response.statusCode !== 200)
        throw new Error(`signin ${email}: ${response.statusCode} ${response.body}`);
      return response.json().auth_token as string;
    },
    outbox,
    async validationCode(email) {
      const mails = (await outbox()).filter((m) => m.to === email);
      const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error(`no validation code mailed to ${email}`);
      return code;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Decodes a JWT's payload without verifying it (tests read the claims). */
export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

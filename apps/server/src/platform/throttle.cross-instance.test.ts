import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { seedDemo } from '../modules/demo/seed.ts';
import {
  type Instance,
  openPostgres,
  postgresForTest,
  startInstance,
  startRedis,
} from '../test/realtime-kit.ts';
import { RULES } from './throttle.ts';

// Two server instances, each with its own database pool (as two processes would have), on one
// PostgreSQL: the sign-in counters one counts, the other enforces — in PostgreSQL, and in Redis when
// REDIS_URL is set. Needs PostgreSQL (DATABASE_URL, or initdb/pg_ctl for a throwaway cluster).
const postgres = await postgresForTest().catch((error) => {
  console.warn(`throttle cross-instance: no PostgreSQL (${error}); skipped`);
  return null;
});
const redis = postgres ? await startRedis() : null;
if (!postgres)
  console.warn('throttle cross-instance: needs PostgreSQL (DATABASE_URL or initdb/pg_ctl); skipped');
if (process.env.CI && !postgres) throw new Error('throttle cross-instance: CI must provide PostgreSQL');

const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-throttle-cross-'));
const databases: Database[] = [];
const instances: Instance[] = [];

async function instance(env: Record<string, string> = {}): Promise<Instance> {
  const database = await openPostgres(postgres!.url, dataDir);
  databases.push(database);
  const started = await startInstance(database, dataDir, env);
  instances.push(started);
  return started;
}

beforeAll(async () => {
  if (!postgres) return;
  await instance();
  await seedDemo(databases[0]!.db);
});
afterAll(async () => {
  for (const started of instances) await started.close();
  for (const database of databases) await database.close();
  await redis?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function signin(
  on: Instance,
  from: string,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return on.call({
    method: 'POST',
    url: '/api/v1/auth/signin',
    remoteAddress: from,
    payload: {
      email,
      password: publicEncrypt(
        { key: on.secrets.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(password),
      ).toString('base64'),
    },
  });
}

async function failOnOneRefusedOnTheOther(a: Instance, b: Instance, from: string) {
  for (let i = 0; i < RULES.signinClientAccount.free; i++) {
    const on = i % 2 === 0 ? a : b;
    expect((await signin(on, from, 'demo@fluxo.example', `wrong-${i}`)).statusCode).toBe(401);
  }
  for (const on of [a, b]) {
    const refused = await signin(on, from, 'demo@fluxo.example', 'fluxo-demo');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  // The owner, from elsewhere, signs in on either.
  expect((await signin(b, `${from}9`, 'demo@fluxo.example', 'fluxo-demo')).statusCode).toBe(200);
}

describe.skipIf(!postgres)('throttle counters across instances', () => {
  it('hold across two instances on PostgreSQL', async () => {
    const b = await instance();
    await failOnOneRefusedOnTheOther(instances[0]!, b, '10.2.0.1');
  });

  it.skipIf(!redis)('hold across two instances on Redis (REDIS_URL)', async () => {
    const a = await instance({ REDIS_URL: redis!.url });
    const b = await instance({ REDIS_URL: redis!.url });
    await failOnOneRefusedOnTheOther(a, b, '10.2.1.1');
  });
});

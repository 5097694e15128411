import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverSecrets } from '../db/schema.ts';
import { createTestApp, decodeClaims, type TestApp } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { SEALED_PREFIX } from './secret-box.ts';
import {
  loadSecrets,
  PASSWORD_KEY_GRACE_SECONDS,
  rotateJwtKey,
  rotatePasswordKey,
  rotateSecretsKey,
  type ServerSecrets,
} from './secrets.ts';
import { verifyToken } from './tokens.ts';

const KEY_1 = Buffer.alloc(32, 1).toString('base64');
const KEY_2 = Buffer.alloc(32, 2).toString('hex');

const kid = (token: string) => decodeProtectedHeader(token).kid;
const organizations = (t: TestApp, token: string) =>
  t.call({ method: 'GET', url: '/api/v1/organizations/all', token });

/** Waits until the app has reloaded its keys after a rotation (the rotation's notification). */
async function reloaded(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

/** Encrypts as a browser holding `publicKeyPem` does. */
const encryptWith = (publicKeyPem: string, password: string) =>
  publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JWT key rotation (database key ring)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const config = () => loadConfig({ DATA_DIR: t.dataDir } as NodeJS.ProcessEnv);

  it('keeps tokens signed before a rotation working; new tokens carry the new kid; retired keys stop', async () => {
    const before = await t.signin('demo@fluxo.example');
    const oldKid = kid(before);
    expect(oldKid).toBe(t.secrets.signingKey().kid);

    const rotation = await rotateJwtKey(t.database.db, config());
    expect(rotation.current).not.toBe(oldKid);
    expect(rotation.retiring.map((k) => k.kid)).toEqual([oldKid]);
    // The old key retires once every token it signed has expired (TOKEN_TTL_SECONDS and a margin).
    const retireAt = Date.parse(rotation.retiring[0]!.retireAt);
    expect(retireAt).toBeGreaterThan(Date.now() + 3600_000);
    await reloaded(() => t.secrets.signingKey().kid === rotation.current);

    expect((await organizations(t, before)).statusCode).toBe(200);
    const refreshed = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token: before });
    expect(refreshed.statusCode).toBe(200);
    expect(kid(refreshed.json().auth_token)).toBe(rotation.current);
    const after = await t.signin('demo@fluxo.example');
    expect(kid(after)).toBe(rotation.current);
    expect((await organizations(t, after)).statusCode).toBe(200);

    // Past its retirement the old key verifies nothing (its tokens have all expired by then).
    vi.spyOn(Date, 'now').mockReturnValue(retireAt + 1000);
    const retired = await organizations(t, before);
    expect(retired.statusCode).toBe(401);
    expect(retired.json().code).toBe('UNAUTHENTICATED');
    vi.restoreAllMocks();

    // A second rotation drops keys past their retirement from the ring.
    vi.spyOn(Date, 'now').mockReturnValue(retireAt + 1000);
    const second = await rotateJwtKey(t.database.db, config());
    vi.restoreAllMocks();
    expect(second.removed).toEqual([oldKid]);
    expect(second.retiring.map((k) => k.kid)).toEqual([rotation.current]);
  });

  it('refuses a token whose kid names no key, and one signed with another key under a known kid', async () => {
    const token = await t.signin('cash@fluxo.example');
    const { exp, iat, jti, ...claims } = decodeClaims(token);
    const resign = (header: { kid?: string }, secret: Uint8Array) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
        .setJti(jti as string)
        .setIssuedAt(iat as number)
        .setExpirationTime(exp as number)
        .sign(secret);
    const current = t.secrets.signingKey();
    // The same claims and the right secret under the right kid pass: the refusals below are the kid's.
    expect((await organizations(t, await resign({ kid: current.kid }, current.secret))).statusCode).toBe(200);
    for (const forged of [
      await resign({ kid: 'no-such-key' }, current.secret),
      await resign({}, current.secret),
      await resign({ kid: current.kid }, new TextEncoder().encode('another secret')),
    ]) {
      const response = await organizations(t, forged);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets a browser holding the old public key sign in during the grace period, not after', async () => {
    const oldPublicKey = (await t.call({ method: 'GET', url: '/assets/keys/public.pem' })).body;
    expect(oldPublicKey).toBe(t.secrets.publicKeyPem);
    const rotation = await rotatePasswordKey(t.database.db, config());
    await reloaded(() => t.secrets.publicKeyPem !== oldPublicKey);
    const newPublicKey = (await t.call({ method: 'GET', url: '/assets/keys/public.pem' })).body;
    expect(newPublicKey).not.toBe(oldPublicKey);
    expect(newPublicKey).toContain('BEGIN PUBLIC KEY');

    const signin = (password: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: 'pos@fluxo.example', password },
      });
    expect((await signin(encryptWith(oldPublicKey, 'fluxo-demo'))).statusCode).toBe(200);
    expect((await signin(encryptWith(newPublicKey, 'fluxo-demo'))).statusCode).toBe(200);

    const retireAt = Date.parse(rotation.retiring[0]!.retireAt);
    expect(retireAt - Date.now()).toBeGreaterThan((PASSWORD_KEY_GRACE_SECONDS - 60) * 1000);
    vi.spyOn(Date, 'now').mockReturnValue(retireAt + 1000);
    const late = await signin(encryptWith(oldPublicKey, 'fluxo-demo'));
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_PASSWORD_ENCRYPTION');
    expect((await signin(encryptWith(newPublicKey, 'fluxo-demo'))).statusCode).toBe(200);
  });

  it("moves the previous version's single keys into the rings: its kid-less tokens still verify", async () => {
    const legacySecret = 'a-secret-of-the-previous-version';
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const { db } = t.database;
    await db.delete(serverSecrets).where(inArray(serverSecrets.name, ['jwt_keys', 'password_keys']));
    await db.insert(serverSecrets).values([
      { name: 'jwt_hs256', value: legacySecret },
      {
        name: 'password_rsa',
        value: JSON.stringify({ publicKey: pair.publicKey, privateKey: pair.privateKey }),
      },
    ]);
    await t.secrets.reload();
    expect(t.secrets.publicKeyPem).toBe(pair.publicKey);
    const names = (await db.select({ name: serverSecrets.name }).from(serverSecrets))
      .map((r) => r.name)
      .sort();
    expect(names).toEqual([
      'billing_signing_key',
      'generated_secrets_key',
      'jwt_keys',
      'password_keys',
      'vapid',
    ]);

    const token = await t.signin('demo@fluxo.example');
    const { exp, iat, jti, ...claims } = decodeClaims(token);
    const kidless = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti as string)
      .setIssuedAt(iat as number)
      .setExpirationTime(exp as number)
      .sign(new TextEncoder().encode(legacySecret));
    expect((await organizations(t, kidless)).statusCode).toBe(200);
    expect(kid(token)).toBe('legacy');
  });
});

describe('JWT_SECRET from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JWT_SECRET: 'first-environment-secret' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rotates by JWT_SECRET_PREVIOUS: old tokens verify, new ones carry the new kid', async () => {
    const token = await t.signin('demo@fluxo.example');
    expect(kid(token)).toMatch(/^env-/);
    const rotated = loadConfig({
      DATA_DIR: t.dataDir,
      JWT_SECRET: 'second-environment-secret',
      JWT_SECRET_PREVIOUS: 'first-environment-secret',
    } as NodeJS.ProcessEnv);
    const next: ServerSecrets = await loadSecrets(t.database.db, rotated.keys);
    expect(next.signingKey().kid).not.toBe(kid(token));
    expect((await verifyToken(next, token)).claims.uem).toBe('demo@fluxo.example');
    const withoutPrevious = await loadSecrets(
      t.database.db,
      loadConfig({ JWT_SECRET: 'second-environment-secret' } as NodeJS.ProcessEnv).keys,
    );
    await expect(verifyToken(withoutPrevious, token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(rotateJwtKey(t.database.db, rotated)).rejects.toThrow(/JWT_SECRET_PREVIOUS/);
  });
});

describe('SECRETS_KEY: stored secrets encrypted at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SECRETS_KEY: KEY_1 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores no secret in clear, and the secrets survive a SECRETS_KEY rotation', async () => {
    const { db } = t.database;
    const stored = async () => db.select().from(serverSecrets);
    const rows = await stored();
    expect(rows.map((r) => r.name).sort()).toEqual([
      'billing_signing_key',
      'jwt_keys',
      'password_keys',
      'vapid',
    ]);
    const signing = t.secrets.signingKey();
    const clearTexts = [
      Buffer.from(signing.secret).toString('utf8'),
      t.secrets.publicKeyPem.split('\n')[1]!,
      t.secrets.vapid.privateKey,
    ];
    for (const row of rows) {
      expect(row.value.startsWith(SEALED_PREFIX)).toBe(true);
      for (const text of clearTexts) expect(row.value).not.toContain(text);
    }
    const token = await t.signin('demo@fluxo.example');

    const rotated = loadConfig({ SECRETS_KEY: KEY_2, SECRETS_KEY_PREVIOUS: KEY_1 } as NodeJS.ProcessEnv);
    const rotation = await rotateSecretsKey(db, rotated);
    expect(rotation.resealed).toBe(4);
    const after = await stored();
    for (const row of after) {
      expect(row.value.startsWith(`${SEALED_PREFIX}${rotation.current}:`)).toBe(true);
      for (const text of clearTexts) expect(row.value).not.toContain(text);
    }
    // Only the new key is needed now, and it opens the same keys.
    const next = await loadSecrets(db, loadConfig({ SECRETS_KEY: KEY_2 } as NodeJS.ProcessEnv).keys);
    expect(next.unsealedRows).toEqual([]);
    expect(next.signingKey().kid).toBe(signing.kid);
    expect(Buffer.from(next.signingKey().secret)).toEqual(Buffer.from(signing.secret));
    expect(next.publicKeyPem).toBe(t.secrets.publicKeyPem);
    expect(next.vapid).toEqual(t.secrets.vapid);
    expect((await verifyToken(next, token)).claims.uem).toBe('demo@fluxo.example');
    // The old key alone no longer opens them, and says so.
    await expect(
      loadSecrets(db, loadConfig({ SECRETS_KEY: KEY_1 } as NodeJS.ProcessEnv).keys),
    ).rejects.toThrow(/SECRETS_KEY_PREVIOUS/);
    await expect(loadSecrets(db, loadConfig({} as NodeJS.ProcessEnv).keys)).rejects.toThrow(/encrypted/);
  });

  it('encrypts secrets stored in clear when SECRETS_KEY is first set, and refuses a row moved to another name', async () => {
    const { db } = t.database;
    const config = loadConfig({ SECRETS_KEY: KEY_2 } as NodeJS.ProcessEnv);
    await db.insert(serverSecrets).values({ name: 'integration_example', value: 'clear credential' });
    const current = await loadSecrets(db, config.keys);
    expect(current.unsealedRows).toEqual(['integration_example']);
    expect((await rotateSecretsKey(db, config)).resealed).toBe(1);
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'integration_example'));
    expect(row!.value).not.toContain('clear credential');
    expect(current.box.open(row!.value, 'server_secrets/integration_example')).toBe('clear credential');
    expect(() => current.box.open(row!.value, 'server_secrets/vapid')).toThrow(/altered or moved/);
    await db.delete(serverSecrets).where(eq(serverSecrets.name, 'integration_example'));
  });
});

import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { type Db, rows as queryRows } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { decryptPassword } from './passwords.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';
import type { JwtKey, JwtKeys } from './tokens.ts';

/**
 * The server's keys. They live in the database (server_secrets) so that every instance on the same
 * database signs and decrypts with the same keys; the first writer wins. Each kind of key is a ring,
 * newest first: the newest signs (or is the public key handed to browsers), older ones keep verifying
 * (decrypting) until their `retireAt`, so a rotation signs nobody out (README "Key rotation").
 * Rows are sealed with SECRETS_KEY when it is set (secret-box.ts).
 */

/** Instances reload their keys when a rotation notifies this channel. */
export const KEYS_CHANNEL = 'fluxo_keys';
/** A token naming an unknown key id reloads the keys at most this often (a rotation another process made). */
const RELOAD_INTERVAL_MS = 5_000;
/** Default grace of an old password-encryption key: a page that fetched the old public key still signs in. */
export const PASSWORD_KEY_GRACE_SECONDS = 24 * 3600;
/** Added to TOKEN_TTL_SECONDS for an old JWT key's grace: clock skew and instances that reload late. */
const JWT_GRACE_MARGIN_SECONDS = 300;

export type KeysConfig = Config['keys'];

interface StoredJwtKey {
  kid: string;
  /** Used as the bytes of its text (UTF-8), as before key ids: generated keys are 48 random bytes in base64. */
  secret: string;
  createdAt: number;
  retireAt: number | null;
  /** The key from before key ids: it also verifies tokens that carry no kid. */
  legacy?: boolean;
}

interface StoredPasswordKey {
  kid: string;
  publicKey: string;
  privateKey: string;
  createdAt: number;
  retireAt: number | null;
}

interface Ring<K> {
  keys: K[];
}

const JWT_RING = 'jwt_keys';
const PASSWORD_RING = 'password_keys';
const VAPID = 'vapid';
/** Rows of the versions before key rings, moved into the rings on first start. */
const LEGACY_JWT = 'jwt_hs256';
const LEGACY_PASSWORD = 'password_rsa';

const where = (name: string) => `server_secrets/${name}`;
const newKid = () => randomBytes(6).toString('base64url');
const active = (retireAt: number | null, now = Date.now()) => retireAt === null || now < retireAt;

function newJwtKey(): StoredJwtKey {
  return {
    kid: newKid(),
    secret: randomBytes(48).toString('base64'),
    createdAt: Date.now(),
    retireAt: null,
  };
}

function newPasswordKey(): StoredPasswordKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { kid: newKid(), publicKey, privateKey, createdAt: Date.now(), retireAt: null };
}

/** JWT_SECRET (and JWT_SECRET_PREVIOUS): kids are a short hash of each secret, stable across instances. */
function envJwtKeys(config: KeysConfig): JwtKey[] {
  const secrets = [config.jwtSecret!, ...config.jwtSecretPrevious.filter((s) => s !== config.jwtSecret)];
  return secrets.map((secret) => ({
    kid: `env-${createHash('sha256').update(secret).digest('base64url').slice(0, 10)}`,
    secret: new TextEncoder().encode(secret),
    // Before key ids every token was signed with JWT_SECRET and carried no kid.
    legacy: true,
    retireAt: null,
  }));
}

async function readValue(db: Db, box: SecretBox, name: string): Promise<string | null> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row ? box.open(row.value, where(name)) : null;
}

/** The value of `name`, created with `make` when missing (the first writer wins). */
/** A server-wide secret, created by `make` on first use; the first writer wins across instances. */
export async function ensureServerSecret(
  db: Db,
  box: SecretBox,
  name: string,
  make: () => string,
): Promise<string> {
  const existing = await readValue(db, box, name);
  if (existing !== null) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: box.seal(make(), where(name)) })
    .onConflictDoNothing({ target: serverSecrets.name });
  return (await readValue(db, box, name))!;
}

/** A ring, created on first start from the single key of the previous version when there is one. */
async function ensureRing<K>(
  db: Db,
  box: SecretBox,
  name: string,
  legacyName: string,
  fromLegacy: (value: string) => K,
  fresh: () => K,
): Promise<Ring<K>> {
  const existing = await readValue(db, box, name);
  if (existing !== null) return JSON.parse(existing) as Ring<K>;
  const legacy = await readValue(db, box, legacyName);
  const ring: Ring<K> = { keys: [legacy !== null ? fromLegacy(legacy) : fresh()] };
  await db.transaction(async (tx) => {
    await tx
      .insert(serverSecrets)
      .values({ name, value: box.seal(JSON.stringify(ring), where(name)) })
      .onConflictDoNothing({ target: serverSecrets.name });
    // The key now lives in the ring (sealed when SECRETS_KEY is set); its old clear row goes.
    await tx.delete(serverSecrets).where(eq(serverSecrets.name, legacyName));
  });
  return JSON.parse((await readValue(db, box, name))!) as Ring<K>;
}

const jwtRing = (db: Db, box: SecretBox) =>
  ensureRing<StoredJwtKey>(
    db,
    box,
    JWT_RING,
    LEGACY_JWT,
    (secret) => ({
      kid: 'legacy',
      secret,
      createdAt: Date.now(),
      retireAt: null,
      legacy: true,
    }),
    newJwtKey,
  );

const passwordRing = (db: Db, box: SecretBox) =>
  ensureRing<StoredPasswordKey>(
    db,
    box,
    PASSWORD_RING,
    LEGACY_PASSWORD,
    (value) => {
      const { publicKey, privateKey } = JSON.parse(value) as { publicKey: string; privateKey: string };
      return { kid: 'legacy', publicKey, privateKey, createdAt: Date.now(), retireAt: null };
    },
    newPasswordKey,
  );

function toJwtKey(key: StoredJwtKey): JwtKey {
  const secret = new TextEncoder().encode(key.secret);
  return { kid: key.kid, secret, legacy: key.legacy === true, retireAt: key.retireAt };
}

interface Loaded {
  jwt: JwtKey[];
  password: StoredPasswordKey[];
  vapid: { publicKey: string; privateKey: string };
  /** Rows not sealed under the current SECRETS_KEY (clear, or under a previous key). */
  unsealed: string[];
}

async function load(db: Db, config: KeysConfig, box: SecretBox): Promise<Loaded> {
  const jwt = config.jwtSecret ? envJwtKeys(config) : (await jwtRing(db, box)).keys.map(toJwtKey);
  const password = (await passwordRing(db, box)).keys;
  const vapid = JSON.parse(
    await ensureServerSecret(db, box, VAPID, () => JSON.stringify(webpush.generateVAPIDKeys())),
  );
  const unsealed = box.sealing
    ? (await db.select().from(serverSecrets))
        .filter((row) => !box.isCurrent(row.value))
        .map((row) => row.name)
    : [];
  return { jwt, password, vapid, unsealed };
}

/** What the sign-in and sign-up routes need: the password's decryption. */
export interface PasswordKeys {
  decryptPassword(base64: string): Promise<string>;
}

export class ServerSecrets implements JwtKeys, PasswordKeys {
  private loaded: Loaded;
  private lastReload = Date.now();
  private reloading: Promise<void> | null = null;
  private again: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: KeysConfig,
    readonly box: SecretBox,
    loaded: Loaded,
  ) {
    this.loaded = loaded;
  }

  /** VAPID key pair for web push. */
  get vapid() {
    return this.loaded.vapid;
  }

  /** The public key browsers encrypt passwords with (RSA-OAEP, SHA-256): the newest. */
  get publicKeyPem(): string {
    return this.loaded.password[0]!.publicKey;
  }

  /** Rows stored in clear or under a previous SECRETS_KEY (`npm run rotate-keys -- secrets` seals them). */
  get unsealedRows(): readonly string[] {
    return this.loaded.unsealed;
  }

  signingKey(): JwtKey {
    return this.loaded.jwt.find((key) => active(key.retireAt)) ?? this.loaded.jwt[0]!;
  }

  key(kid: string | undefined): JwtKey | null {
    const now = Date.now();
    const key = this.loaded.jwt.find((k) => (kid === undefined ? k.legacy : k.kid === kid));
    return key && active(key.retireAt, now) ? key : null;
  }

  /** Reads the keys again (after a rotation by another process); at most every RELOAD_INTERVAL_MS. */
  async refresh(): Promise<void> {
    if (this.reloading) return this.reloading;
    if (Date.now() - this.lastReload < RELOAD_INTERVAL_MS) return;
    return this.reload();
  }

  reload(): Promise<void> {
    if (this.reloading) {
      // The reload under way may have read the keys before the change that asks for this one: read again after it.
      this.again ??= this.reloading
        .catch(() => {})
        .then(() => {
          this.again = null;
          return this.reload();
        });
      return this.again;
    }
    this.reloading = load(this.db, this.config, this.box)
      .then((loaded) => {
        this.loaded = loaded;
      })
      .finally(() => {
        this.lastReload = Date.now();
        this.reloading = null;
      });
    return this.reloading;
  }

  /**
   * Decrypts a password a browser encrypted with one of the public keys still in their grace period,
   * newest first. A password no key opens may come from a key another process has just made: the keys
   * are read again once (rate-limited) before it is refused.
   */
  async decryptPassword(base64: string): Promise<string> {
    const attempt = () => {
      for (const key of this.loaded.password) {
        if (!active(key.retireAt)) continue;
        try {
          return decryptPassword(key.privateKey, base64);
        } catch {}
      }
      return null;
    };
    const plain = attempt() ?? (await this.refresh().then(attempt));
    if (plain === null)
      throw new AppError('INVALID_PASSWORD_ENCRYPTION', 'The password is not encrypted with the server key.');
    return plain;
  }
}

export function secretBoxFor(config: KeysConfig): SecretBox {
  return createSecretBox(config.secretsKey, config.secretsKeyPrevious);
}

/** The server_secrets row of the key generated for integration secrets when SECRETS_KEY is absent. */
const GENERATED_SECRETS_KEY = 'generated_secrets_key';

/**
 * A box that always encrypts, for secrets that must never be stored in clear (integration
 * credentials, docs/plugins.md): under SECRETS_KEY when set; otherwise under a key generated on first
 * start and kept in server_secrets, like the JWT key ring without JWT_SECRET. Once SECRETS_KEY is set,
 * the generated key still opens what it sealed, until `npm run rotate-keys -- secrets` re-encrypts it.
 */
export async function alwaysSealingBox(db: Db, config: KeysConfig): Promise<SecretBox> {
  const box = secretBoxFor(config);
  if (config.secretsKey) {
    const generated = await readValue(db, box, GENERATED_SECRETS_KEY);
    return createSecretBox(config.secretsKey, [
      ...config.secretsKeyPrevious,
      ...(generated !== null ? [generated] : []),
    ]);
  }
  const generated = await ensureServerSecret(db, box, GENERATED_SECRETS_KEY, () =>
    randomBytes(32).toString('base64'),
  );
  return createSecretBox(generated, config.secretsKeyPrevious);
}

/** Reads the server's keys, creating them on first start (and moving the previous version's into rings). */
export async function loadSecrets(db: Db, config: KeysConfig): Promise<ServerSecrets> {
  const box = secretBoxFor(config);
  return new ServerSecrets(db, config, box, await load(db, config, box));
}

export interface Rotation {
  kind: 'jwt' | 'password' | 'secrets';
  /** The new key's id (the new SECRETS_KEY's id for `secrets`). */
  current: string;
  /** Keys kept until their retirement, with it. */
  retiring: { kid: string; retireAt: string }[];
  /** Keys dropped because their retirement has passed. */
  removed: string[];
  /** Rows re-encrypted (secrets). */
  resealed?: number;
}

/** Puts a new key at the head of a ring; the previous head retires after `graceSeconds`. */
async function rotateRing<K extends { kid: string; retireAt: number | null }>(
  db: Db,
  box: SecretBox,
  name: string,
  fresh: K,
  graceSeconds: number,
): Promise<Omit<Rotation, 'kind'>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(serverSecrets).where(eq(serverSecrets.name, name)).for('update');
    const ring = JSON.parse(box.open(row!.value, where(name))) as Ring<K>;
    const now = Date.now();
    const removed = ring.keys.filter((k) => !active(k.retireAt, now)).map((k) => k.kid);
    const kept = ring.keys
      .filter((k) => active(k.retireAt, now))
      .map((k) => ({
        ...k,
        retireAt: Math.min(k.retireAt ?? Number.POSITIVE_INFINITY, now + graceSeconds * 1000),
      }));
    const next: Ring<K> = { keys: [fresh, ...kept] };
    await tx
      .update(serverSecrets)
      .set({ value: box.seal(JSON.stringify(next), where(name)) })
      .where(eq(serverSecrets.name, name));
    await tx.execute(sql`SELECT pg_notify(${KEYS_CHANNEL}, ${name})`);
    return {
      current: fresh.kid,
      retiring: kept.map((k) => ({ kid: k.kid, retireAt: new Date(k.retireAt!).toISOString() })),
      removed,
    };
  });
}

/**
 * A new JWT signing key. Tokens signed with the previous one stay valid until they expire: the previous
 * key verifies for TOKEN_TTL_SECONDS (plus a margin), then retires.
 */
export async function rotateJwtKey(
  db: Db,
  config: Pick<Config, 'keys' | 'tokenTtlSeconds'>,
): Promise<Rotation> {
  if (config.keys.jwtSecret) {
    throw new Error(
      'JWT_SECRET is set, so the signing key comes from the environment: rotate it by moving the old value to JWT_SECRET_PREVIOUS and setting a new JWT_SECRET (README "Key rotation").',
    );
  }
  const box = secretBoxFor(config.keys);
  await jwtRing(db, box);
  const result = await rotateRing(
    db,
    box,
    JWT_RING,
    newJwtKey(),
    config.tokenTtlSeconds + JWT_GRACE_MARGIN_SECONDS,
  );
  return { kind: 'jwt', ...result };
}

/** A new password-encryption key pair; the previous private key keeps decrypting for `graceSeconds`. */
export async function rotatePasswordKey(
  db: Db,
  config: Pick<Config, 'keys'>,
  graceSeconds = PASSWORD_KEY_GRACE_SECONDS,
): Promise<Rotation> {
  const box = secretBoxFor(config.keys);
  await passwordRing(db, box);
  const result = await rotateRing(db, box, PASSWORD_RING, newPasswordKey(), graceSeconds);
  return { kind: 'password', ...result };
}

/**
 * A column of a module's table holding values sealed with the secret box, each bound to its row by
 * `place(id)`; the secrets rotation re-encrypts it with the platform's own rows.
 */
export interface SealedColumn {
  table: string;
  id: string;
  column: string;
  place: (id: string) => string;
}

/**
 * Re-encrypts every stored secret under the current SECRETS_KEY: values in clear (SECRETS_KEY newly
 * set) and values under a key now in SECRETS_KEY_PREVIOUS — the server's own and those of the modules'
 * `sealed` columns. Afterwards SECRETS_KEY_PREVIOUS can go.
 */
export async function rotateSecretsKey(
  db: Db,
  config: Pick<Config, 'keys'>,
  sealed: readonly SealedColumn[] = [],
): Promise<Rotation> {
  if (!config.keys.secretsKey)
    throw new Error('SECRETS_KEY is not set: there is no key to encrypt the stored secrets with.');
  // The generated key (alwaysSealingBox) opens what it sealed before SECRETS_KEY was set.
  const box = await alwaysSealingBox(db, config.keys);
  const resealed = await db.transaction(async (tx) => {
    const rows = await tx.select().from(serverSecrets).for('update');
    const stale = rows.filter((row) => !box.isCurrent(row.value));
    for (const row of stale) {
      const plain = box.open(row.value, where(row.name));
      await tx
        .update(serverSecrets)
        .set({ value: box.seal(plain, where(row.name)) })
        .where(eq(serverSecrets.name, row.name));
    }
    if (stale.length) await tx.execute(sql`SELECT pg_notify(${KEYS_CHANNEL}, 'secrets')`);
    let moduleRows = 0;
    for (const { table, id, column, place } of sealed) {
      const found = await queryRows<{ id: string; value: string }>(
        tx,
        sql`SELECT ${sql.identifier(id)}::text AS id, ${sql.identifier(column)} AS value
            FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} IS NOT NULL FOR UPDATE`,
      );
      for (const row of found.filter((r) => !box.isCurrent(r.value))) {
        await tx.execute(
          sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${box.seal(box.open(row.value, place(row.id)), place(row.id))}
              WHERE ${sql.identifier(id)}::text = ${row.id}`,
        );
        moduleRows++;
      }
    }
    return stale.length + moduleRows;
  });
  return { kind: 'secrets', current: box.currentKeyId!, retiring: [], removed: [], resealed };
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets kept in the database (server_secrets today; integration credentials
 * later): AES-256-GCM under SECRETS_KEY. A sealed value names the key that sealed it (a short hash of
 * the key, not the key), so several keys can be held during a rotation (SECRETS_KEY_PREVIOUS) and
 * each value opens with the right one without trying them all. The additional data binds a value to
 * where it is stored (table and row), so a sealed value copied into another row does not open.
 *
 * Without SECRETS_KEY the box is clear: values are stored as they are, and a sealed value found in the
 * database is an error that says which key is missing.
 */
export const SEALED_PREFIX = 'fluxo-enc:v1:';

export interface SecretBox {
  /** True when SECRETS_KEY is set: new values are sealed. */
  readonly sealing: boolean;
  /** The id of the current key (null without SECRETS_KEY). */
  readonly currentKeyId: string | null;
  seal(plain: string, where: string): string;
  open(stored: string, where: string): string;
  /** Whether a stored value is sealed under the current key (false for clear or older-key values). */
  isCurrent(stored: string): boolean;
}

/** SECRETS_KEY: 32 bytes, written as base64 (`openssl rand -base64 32`) or as 64 hex digits. */
export function parseSecretsKey(text: string, variable = 'SECRETS_KEY'): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === 32) return bytes;
  }
  throw new Error(
    `${variable} must be 32 bytes written as base64 (openssl rand -base64 32) or 64 hex digits.`,
  );
}

export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update('fluxo secrets key id\0').update(key).digest('hex').slice(0, 12);
}

/** Splits a list of keys or secrets given in one variable (comma, space or newline separated). */
export function splitList(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `current`: SECRETS_KEY (or null); `previous`: keys still accepted for opening (SECRETS_KEY_PREVIOUS). */
export function createSecretBox(current: string | null, previous: readonly string[] = []): SecretBox {
  const currentKey = current ? parseSecretsKey(current) : null;
  const keys = new Map<string, Buffer>();
  if (currentKey) keys.set(secretsKeyId(currentKey), currentKey);
  for (const text of previous) {
    const key = parseSecretsKey(text, 'SECRETS_KEY_PREVIOUS');
    if (!keys.has(secretsKeyId(key))) keys.set(secretsKeyId(key), key);
  }
  const currentKeyId = currentKey ? secretsKeyId(currentKey) : null;
  return {
    sealing: currentKey !== null,
    currentKeyId,
    seal(plain, where) {
      if (!currentKey || !currentKeyId) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(where, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${SEALED_PREFIX}${currentKeyId}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored, where) {
      if (!stored.startsWith(SEALED_PREFIX)) return stored;
      const [keyId, iv, tag, body] = stored.slice(SEALED_PREFIX.length).split(':');
      const key = keyId ? keys.get(keyId) : undefined;
      if (!key) {
        throw new Error(
          `${where} is encrypted with SECRETS_KEY ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS.`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
        decipher.setAAD(Buffer.from(where, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body ?? '', 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new Error(
          `${where} does not decrypt with SECRETS_KEY ${keyId}: the value was altered or moved.`,
        );
      }
    },
    isCurrent(stored) {
      return currentKeyId !== null && stored.startsWith(`${SEALED_PREFIX}${currentKeyId}:`);
    },
  };
}

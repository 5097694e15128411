import { webcrypto as crypto } from 'node:crypto';
import { type SessionClaims, ZSessionClaims } from '@fluxo/domain';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

type CryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/** The HMAC key as a CryptoKey, imported once: importing on every verify costs more than the verify. */
function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = imported.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported.set(raw, key);
  }
  return key;
}

export interface VerifiedToken {
  claims: SessionClaims;
  sessionId: string;
}

/** An HMAC signing key with its id (the token header's `kid`). */
export interface JwtKey {
  kid: string;
  secret: Uint8Array;
  /** Verifies tokens that carry no kid (signed before key ids existed). */
  legacy: boolean;
  /** When it stops verifying (ms since the epoch); null while it is current. */
  retireAt: number | null;
}

/** The key ring tokens are signed and verified with (platform/secrets.ts). */
export interface JwtKeys {
  /** The newest key: every new token is signed with it. */
  signingKey(): JwtKey;
  /** The key with this id if it still verifies (undefined: a token from before key ids), else null. */
  key(kid: string | undefined): JwtKey | null;
  /** Reads the ring again (rate-limited): a token may name a key another process has just made. */
  refresh(): Promise<void>;
}

export async function signToken(
  keys: JwtKeys,
  claims: Omit<SessionClaims, 'exp' | 'iat'>,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  const key = keys.signingKey();
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await hmacKey(key.secret));
}

/**
 * Tokens this process has verified, with their expiry: a token is verified once, not on every request
 * (HMAC through Web Crypto and the claims' schema cost more than the rest of a small request). Only the
 * exact token string hits; the expiry is checked on every use, and revocation is the session check's job.
 */
type Verified = VerifiedToken & { expiresAt: number; key: JwtKey };
const verifiedByKeys = new WeakMap<JwtKeys, Map<string, Verified>>();
const MAX_VERIFIED = 20_000;

/** The token's key id, or undefined when it has none; null when the header is not a JWS header. */
function keyId(token: string): string | undefined | null {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return null;
  }
}

export async function verifyToken(keys: JwtKeys, token: string): Promise<VerifiedToken> {
  let verified = verifiedByKeys.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedByKeys.set(keys, verified);
  }
  const known = verified.get(token);
  if (known) {
    // A cached token stays good only while its key does (a retired or reloaded key re-verifies).
    if (Date.now() < known.expiresAt && keys.key(known.key.kid) === known.key) return known;
    verified.delete(token);
  }
  try {
    const kid = keyId(token);
    if (kid === null) throw new AppError('UNAUTHENTICATED', 'The token is not valid.');
    let key = keys.key(kid);
    if (!key && kid !== undefined) {
      await keys.refresh();
      key = keys.key(kid);
    }
    if (!key)
      throw new AppError('UNAUTHENTICATED', 'The token is signed with a key this server does not hold.');
    const { payload } = await jwtVerify(token, await hmacKey(key.secret), { algorithms: ['HS256'] });
    const claims = ZSessionClaims.parse(payload);
    if (!payload.jti) throw new AppError('UNAUTHENTICATED', 'The token has no session.');
    const result = { claims, sessionId: payload.jti };
    if (payload.exp) {
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
      verified.set(token, { ...result, expiresAt: payload.exp * 1000, key });
    }
    return result;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'The session has expired.');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED', 'The token is not valid.');
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

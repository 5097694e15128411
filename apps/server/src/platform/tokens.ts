import { webcrypto as crypto } from 'node:crypto';
import { type SessionClaims, ZSessionClaims } from '@fluxo/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
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

export async function signToken(
  key: Uint8Array,
  claims: Omit<SessionClaims, 'exp' | 'iat'>,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await hmacKey(key));
}

/**
 * Tokens this process has verified, with their expiry: a token is verified once, not on every request
 * (HMAC through Web Crypto and the claims' schema cost more than the rest of a small request). Only the
 * exact token string hits; the expiry is checked on every use, and revocation is the session check's job.
 */
const verifiedByKey = new WeakMap<Uint8Array, Map<string, VerifiedToken & { expiresAt: number }>>();
const MAX_VERIFIED = 20_000;

export async function verifyToken(key: Uint8Array, token: string): Promise<VerifiedToken> {
  let verified = verifiedByKey.get(key);
  if (!verified) {
    verified = new Map();
    verifiedByKey.set(key, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), { algorithms: ['HS256'] });
    const claims = ZSessionClaims.parse(payload);
    if (!payload.jti) throw new AppError('UNAUTHENTICATED', 'The token has no session.');
    const result = { claims, sessionId: payload.jti };
    if (payload.exp) {
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
      verified.set(token, { ...result, expiresAt: payload.exp * 1000 });
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

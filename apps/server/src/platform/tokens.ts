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

export async function verifyToken(key: Uint8Array, token: string): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), { algorithms: ['HS256'] });
    const claims = ZSessionClaims.parse(payload);
    if (!payload.jti) throw new AppError('UNAUTHENTICATED', 'The token has no session.');
    return { claims, sessionId: payload.jti };
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

import type { SessionClaims } from '@fluxo/domain/claims';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const STRING_CLAIMS = ['sub', 'uname', 'uem', 'lang', 'country', 'currency', 'defaultOrg'] as const;
const BOOLEAN_CLAIMS = ['uacti', 'aco'] as const;

/**
 * The claims the client relies on have the right types. A structural check rather than the domain's
 * zod schema, so that zod stays out of the first screen's bundle; the server verifies the token
 * itself on every call.
 */
function hasClientClaims(value: unknown): value is SessionClaims {
  if (!value || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    STRING_CLAIMS.every((name) => typeof claims[name] === 'string') &&
    BOOLEAN_CLAIMS.every((name) => typeof claims[name] === 'boolean') &&
    typeof claims.exp === 'number' &&
    typeof claims.pid === 'number' &&
    typeof claims.permissions === 'object' &&
    claims.permissions !== null
  );
}

/**
 * Reads the claims of a session token without verifying it: the server verifies every call, the
 * client only needs to know who is signed in and until when. Null when the token is malformed.
 */
export function decodeClaims(token: string): SessionClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return hasClientClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

export function isExpired(claims: Pick<SessionClaims, 'exp'>, now: number = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}

import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@fluxo/domain';
import { Secret, TOTP } from 'otpauth';

export const ISSUER = 'Fluxo';
/** Codes of the previous and next time step are accepted too: clocks drift and typing takes time. */
export const WINDOW_STEPS = 1;

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new shared secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI authenticator apps read from the QR code. */
export function keyUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The time step (counter) a moment falls in. */
export function stepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a secret at a moment (tests and the demo use it as an authenticator app would). */
export function codeAt(secret: string, timestampMs: number): string {
  return totp(secret).generate({ timestamp: timestampMs });
}

/**
 * The time step whose code `code` is, within ±WINDOW_STEPS of `timestampMs`; null when it is none.
 * The caller refuses a step it has already accepted (replay).
 */
export function matchStep(secret: string, code: string, timestampMs: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: timestampMs, window: WINDOW_STEPS });
  return delta === null ? null : stepAt(timestampMs) + delta;
}

/** A new recovery code: RECOVERY_CODE_LENGTH characters drawn uniformly from the alphabet. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

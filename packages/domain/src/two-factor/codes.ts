/**
 * The codes of two-factor sign-in, shared by server and web: a 6-digit TOTP code (RFC 6238) or a
 * single-use recovery code. Recovery codes are 16 characters of a 32-character alphabet without the
 * look-alikes 0/O and 1/I (80 random bits each), shown in groups of four; typing is forgiving about
 * case, spaces and dashes.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 16;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

export type TwoFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** A recovery code as stored and compared: upper case, separators removed; null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  for (const char of code) if (!RECOVERY_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** A recovery code as shown to the user: `ABCD-EFGH-JKMN-PQRS`. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** What a typed code is: six digits are a TOTP code, anything else must read as a recovery code. */
export function classifyTwoFactorCode(input: string): TwoFactorCode | null {
  const trimmed = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return { kind: 'totp', code: trimmed };
  const recovery = normalizeRecoveryCode(input);
  return recovery ? { kind: 'recovery', code: recovery } : null;
}

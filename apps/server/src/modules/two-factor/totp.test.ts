import { classifyTwoFactorCode, normalizeRecoveryCode, RECOVERY_CODE_ALPHABET } from '@fluxo/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeAt, keyUri, matchStep, newRecoveryCode, newSecret, stepAt } from './totp.ts';

// RFC 6238 appendix B: SHA-1, the ASCII secret "12345678901234567890", 8 digits. We use 6 digits,
// which are the last six of the RFC's values.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS)
      expect(codeAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it('accepts the codes of the previous, current and next step, and names the step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60_000, max: 4_000_000_000_000 }),
        fc.integer({ min: -1, max: 1 }),
        (now, delta) => {
          const secret = RFC_SECRET;
          const at = now + delta * 30_000;
          const step = matchStep(secret, codeAt(secret, at), now);
          // Another step's code can collide with this one's by chance (1 in 10^6); it still names a step in the window.
          expect(step).not.toBeNull();
          expect(Math.abs((step as number) - stepAt(now))).toBeLessThanOrEqual(1);
          if (codeAt(secret, at) !== codeAt(secret, now)) expect(step).toBe(stepAt(at));
        },
      ),
    );
  });

  it('refuses the codes of steps two or more away (unless they collide by chance)', () => {
    const now = 1_700_000_000_000;
    const inWindow = new Set([-1, 0, 1].map((d) => codeAt(RFC_SECRET, now + d * 30_000)));
    for (const delta of [-3, -2, 2, 3]) {
      const code = codeAt(RFC_SECRET, now + delta * 30_000);
      if (!inWindow.has(code)) expect(matchStep(RFC_SECRET, code, now)).toBeNull();
    }
  });

  it('makes 160-bit secrets and an otpauth URI authenticator apps read', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newSecret()).not.toBe(secret);
    const uri = keyUri(secret, 'ana@fluxo.example');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Fluxo:ana%40fluxo\.example\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });
});

describe('recovery codes', () => {
  it('are drawn from the alphabet and read back however they are typed', () => {
    for (let i = 0; i < 50; i++) {
      const code = newRecoveryCode();
      expect(code).toHaveLength(16);
      for (const char of code) expect(RECOVERY_CODE_ALPHABET).toContain(char);
      const typed = `  ${code.slice(0, 4)}-${code.slice(4, 8).toLowerCase()} ${code.slice(8)} `;
      expect(normalizeRecoveryCode(typed)).toBe(code);
      expect(classifyTwoFactorCode(typed)).toEqual({ kind: 'recovery', code });
    }
  });
});

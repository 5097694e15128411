import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyTwoFactorCode,
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
} from './codes.ts';

const recoveryCode = fc
  .array(fc.constantFrom(...RECOVERY_CODE_ALPHABET), {
    minLength: RECOVERY_CODE_LENGTH,
    maxLength: RECOVERY_CODE_LENGTH,
  })
  .map((chars) => chars.join(''));

describe('two-factor codes', () => {
  it('has 32 distinct characters without the look-alikes 0, O, 1 and I', () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    for (const char of '0O1I') expect(RECOVERY_CODE_ALPHABET).not.toContain(char);
  });

  it('reads a formatted recovery code back, in any case', () => {
    fc.assert(
      fc.property(recoveryCode, fc.boolean(), (code, lower) => {
        const shown = formatRecoveryCode(code);
        expect(shown).toMatch(/^.{4}-.{4}-.{4}-.{4}$/);
        expect(normalizeRecoveryCode(lower ? shown.toLowerCase() : shown)).toBe(code);
        expect(classifyTwoFactorCode(shown)).toEqual({ kind: 'recovery', code });
      }),
    );
  });

  it('takes six digits as a TOTP code and refuses what is neither', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const code = String(n).padStart(6, '0');
        expect(classifyTwoFactorCode(` ${code.slice(0, 3)} ${code.slice(3)} `)).toEqual({
          kind: 'totp',
          code,
        });
      }),
    );
    for (const input of ['12345', '1234567', 'ABCD-EFGH', '0000-0000-0000-0000', 'ABCD-EFGH-JKLM-NPQ!', ''])
      expect(classifyTwoFactorCode(input)).toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretsKey, SEALED_PREFIX, secretsKeyId } from './secret-box.ts';

// Fixed keys, so that a seeded property run is the same run every time.
const KEY_A = Buffer.alloc(32, 0xa5).toString('base64');
const KEY_B = Buffer.alloc(32, 0x5a).toString('hex');

describe('secret box (AES-256-GCM under SECRETS_KEY)', () => {
  it('opens what it sealed, for any text and place; the sealed form shows neither', () => {
    const box = createSecretBox(KEY_A);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        (plain, where) => {
          const sealed = box.seal(plain, where);
          expect(sealed.startsWith(`${SEALED_PREFIX}${box.currentKeyId}:`)).toBe(true);
          if (plain.length >= 4) expect(sealed).not.toContain(plain);
          expect(box.open(sealed, where)).toBe(plain);
          expect(box.isCurrent(sealed)).toBe(true);
        },
      ),
      { seed: 20261124, numRuns: 200 },
    );
  });

  it('refuses an altered value and a value moved to another place', () => {
    const box = createSecretBox(KEY_A);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), fc.nat(), (plain, at) => {
        const sealed = box.seal(plain, 'server_secrets/a');
        expect(() => box.open(sealed, 'server_secrets/b')).toThrow(/altered or moved/);
        // Flip one bit of the iv, the tag or the ciphertext (bytes, not base64 characters: a last
        // character's spare bits decode to the same bytes).
        const [keyId, ...parts] = sealed.slice(SEALED_PREFIX.length).split(':');
        const bytes = parts.map((part) => Buffer.from(part, 'base64url'));
        const total = bytes.reduce((n, b) => n + b.length, 0);
        let bit = at % (total * 8);
        for (const b of bytes) {
          if (bit < b.length * 8) {
            b[bit >> 3]! ^= 1 << (bit & 7);
            break;
          }
          bit -= b.length * 8;
        }
        const altered = `${SEALED_PREFIX}${keyId}:${bytes.map((b) => b.toString('base64url')).join(':')}`;
        expect(() => box.open(altered, 'server_secrets/a')).toThrow();
      }),
      { seed: 7, numRuns: 100 },
    );
  });

  it('opens values of a previous key during a rotation, and names a missing key', () => {
    const old = createSecretBox(KEY_A);
    const sealed = old.seal('credential', 'x');
    const rotating = createSecretBox(KEY_B, [KEY_A]);
    expect(rotating.open(sealed, 'x')).toBe('credential');
    expect(rotating.isCurrent(sealed)).toBe(false);
    expect(rotating.isCurrent(rotating.seal('credential', 'x'))).toBe(true);
    const idA = secretsKeyId(parseSecretsKey(KEY_A));
    expect(() => createSecretBox(KEY_B).open(sealed, 'x')).toThrow(new RegExp(idA));
    expect(() => createSecretBox(null).open(sealed, 'x')).toThrow(/SECRETS_KEY/);
  });

  it('is clear without SECRETS_KEY: values pass through and nothing counts as sealed', () => {
    const box = createSecretBox(null);
    expect(box.sealing).toBe(false);
    expect(box.seal('plain', 'x')).toBe('plain');
    expect(box.open('plain', 'x')).toBe('plain');
    expect(box.isCurrent('plain')).toBe(false);
  });

  it('takes 32-byte keys in base64 or hex, and refuses anything else', () => {
    expect(parseSecretsKey(KEY_A)).toHaveLength(32);
    expect(parseSecretsKey(KEY_B)).toHaveLength(32);
    for (const bad of [
      '',
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'é'.repeat(32),
    ])
      expect(() => parseSecretsKey(bad)).toThrow(/32 bytes/);
  });
});

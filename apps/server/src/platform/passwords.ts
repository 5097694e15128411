import { constants, privateDecrypt, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from './errors.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt baseline: N=2^17, r=8, p=1. Tests and benches may lower N through SCRYPT_N.
const PARAMS = { N: Number(process.env.SCRYPT_N ?? 131_072), r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Stored form: `scrypt$N$r$p$salt$hash`, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: 256 * 1024 * 1024,
  });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}

/** A hash of a random password, to spend the same time on unknown e-mails as on known ones. */
export const decoyHash = hashPassword(randomBytes(12).toString('hex'));

/** Decrypts a password sent as base64 RSA-OAEP(SHA-256) ciphertext made with the public key. */
export function decryptPassword(privateKeyPem: string, base64: string): string {
  try {
    const plain = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw new AppError('INVALID_PASSWORD_ENCRYPTION', 'The password is not encrypted with the server key.');
  }
}

import { createHmac } from 'node:crypto';

/**
 * The code an authenticator app shows (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps), written
 * here from the RFC rather than taken from the server's library, so the journeys check that what the
 * page offers works with any app.
 */
export function totpCode(base32Secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The code of the next time step: the server takes ±1 step and refuses a step already used. */
export const nextTotpCode = (base32Secret: string) => totpCode(base32Secret, Date.now() + 30_000);

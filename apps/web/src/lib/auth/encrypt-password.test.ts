// @vitest-environment node
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptPassword } from './encrypt-password.ts';

describe('password encryption', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is RSA-OAEP with SHA-256 over UTF-8, in base64, as the server decrypts it', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const fetchMock = vi.fn(async () => new Response(publicKey, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    const password = 'pässwörd — ñ 🔐';
    const encrypted = await encryptPassword(password);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
    expect(plain).toBe(password);

    await encryptPassword('again');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/assets/keys/public.pem', expect.anything());
  });
});

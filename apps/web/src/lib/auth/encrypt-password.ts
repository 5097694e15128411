import { ClientError } from '../api/errors.ts';

const PUBLIC_KEY_URL = '/assets/keys/public.pem';

let keyPromise: Promise<CryptoKey> | null = null;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Imports an SPKI public key written as PEM for RSA-OAEP with SHA-256. */
export function importPublicKey(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return crypto.subtle.importKey('spki', base64ToBytes(body), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

async function fetchPublicKey(): Promise<CryptoKey> {
  let response: Response;
  try {
    response = await fetch(PUBLIC_KEY_URL, { cache: 'no-cache' });
  } catch {
    throw new ClientError('NETWORK');
  }
  if (!response.ok) throw new ClientError('NETWORK');
  return importPublicKey(await response.text());
}

/**
 * The password as the server's decryptPassword expects it: RSA-OAEP (SHA-256) over its UTF-8
 * bytes with the server's public key, in base64. The key is fetched once per page.
 */
export async function encryptPassword(password: string): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new ClientError('ENCRYPTION_UNAVAILABLE');
  keyPromise ??= fetchPublicKey().catch((error: unknown) => {
    keyPromise = null;
    throw error;
  });
  const key = await keyPromise;
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return bytesToBase64(new Uint8Array(cipher));
}

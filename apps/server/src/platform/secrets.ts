import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

export interface ServerSecrets {
  jwtKey: Uint8Array;
  /** RSA key pair used by clients to encrypt passwords in transit (RSA-OAEP, SHA-256). */
  publicKeyPem: string;
  privateKeyPem: string;
  /** VAPID key pair for web push. */
  vapid: { publicKey: string; privateKey: string };
}

/**
 * Reads the server's secrets, creating them on first start. They live in the database so that every
 * instance on the same database signs and decrypts with the same keys; the first writer wins.
 */
export async function loadSecrets(db: Db): Promise<ServerSecrets> {
  const get = async (name: string, make: () => string): Promise<string> => {
    const existing = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    if (existing[0]) return existing[0].value;
    await db
      .insert(serverSecrets)
      .values({ name, value: make() })
      .onConflictDoNothing({ target: serverSecrets.name });
    const stored = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    return stored[0]!.value;
  };
  const jwtKey = process.env.JWT_SECRET ?? (await get('jwt_hs256', () => randomBytes(48).toString('base64')));
  const pair = await get('password_rsa', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return JSON.stringify({ publicKey, privateKey });
  });
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  const vapid = JSON.parse(await get('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return {
    jwtKey: new TextEncoder().encode(jwtKey),
    publicKeyPem: publicKey,
    privateKeyPem: privateKey,
    vapid,
  };
}

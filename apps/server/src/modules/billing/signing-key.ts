import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { ensureServerSecret } from '../../platform/secrets.ts';

/** The key documents are signed with, and what the SAF-T and the printed documents say about it. */
export interface SigningKey {
  privateKeyPem: string;
  publicKeyPem: string;
  /** HashControl: the private key's version. */
  keyVersion: string;
  /** The AT certificate number of the program; 0 when it is not certified. */
  certificateNumber: string;
  certified: boolean;
  /** The AGT validation number (`n/AGT/yyyy`) AO documents print; absent or 0 while not validated. */
  agtValidationNumber?: string;
}

const GENERATED_KEY = 'billing_signing_key';

/**
 * The configured producer key (BILLING_SIGNING_KEY), or else the install's own key, created on first
 * start and kept in server_secrets (sealed with SECRETS_KEY like the other keys) so that every instance
 * signs with the same one. Both sign the same way, so a chain verifies identically; only a configured
 * key with a certificate number makes the install "certified".
 */
export async function loadSigningKey(
  db: Db,
  box: SecretBox,
  config: Config['invoicing'],
): Promise<SigningKey> {
  const privateKeyPem =
    config.signingKeyPem ??
    (await ensureServerSecret(db, box, GENERATED_KEY, () => {
      // 1024 bits: the size Portaria 363/2010 fixes (a 172-character base64 signature).
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
      return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    }));
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const certified = config.signingKeyPem !== null && config.certificateNumber !== '0';
  return {
    privateKeyPem,
    publicKeyPem,
    keyVersion: config.signingKeyVersion,
    certificateNumber: certified ? config.certificateNumber : '0',
    certified,
    agtValidationNumber: config.agtValidationNumber,
  };
}

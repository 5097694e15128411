import { randomBytes } from 'node:crypto';
import type { Institution } from '@fluxo/domain';
import QRCode from 'qrcode';
import type { BankConnector } from './connector.ts';

/** The sandbox's right answers: token 123456, question "fluxo", and "confirm" for the QR code and app. */
export const SANDBOX_ANSWERS = {
  token: '123456',
  question: 'fluxo',
  qrcode: 'confirm',
  app: 'confirm',
} as const;

export const SANDBOX_INSTITUTION: Institution = {
  code: 'FLUXO_SANDBOX',
  name: 'Fluxo Sandbox Bank',
  country: 'PT',
  authTypes: ['token', 'question', 'qrcode', 'app'],
  sandbox: true,
  hint: 'Sandbox: token 123456 · question: fluxo · QR code and app: confirm',
};

const QUESTION = 'Security question: what is the name of this application?';

/**
 * "Fluxo Sandbox Bank": a test institution with every auth type, for demos and tests. Its answers are
 * fixed (SANDBOX_ANSWERS); a QR code carries a one-time approval link as a real bank's would.
 */
export const sandboxConnector: BankConnector = {
  id: 'sandbox',
  institutions: () => [SANDBOX_INSTITUTION],
  async startAuthentication({ connectionId, authType }) {
    const nonce = randomBytes(12).toString('base64url');
    if (authType === 'question') return { question: QUESTION, state: { nonce } };
    if (authType === 'qrcode') {
      const qrCode = await QRCode.toDataURL(
        `fluxo-sandbox://approve?connection=${connectionId}&nonce=${nonce}`,
        {
          errorCorrectionLevel: 'M',
          margin: 1,
          width: 192,
        },
      );
      return { qrCode, state: { nonce } };
    }
    return { state: { nonce } };
  },
  async verifyAnswer({ authType, value }) {
    const answer = value.trim();
    if (authType === 'token') return answer === SANDBOX_ANSWERS.token;
    return answer.toLowerCase() === SANDBOX_ANSWERS[authType];
  },
};

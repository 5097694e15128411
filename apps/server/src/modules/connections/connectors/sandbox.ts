import { randomBytes } from 'node:crypto';
import type { Institution } from '@fluxo/domain';
import QRCode from 'qrcode';
import { type BankConnector, BankFeedError } from './connector.ts';
import { SANDBOX_ACCOUNTS, SANDBOX_HISTORY_DAYS, sandboxAccount, sandboxFeed } from './sandbox-feed.ts';

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
  consentFlow: 'challenge',
  logo: null,
  historyDays: SANDBOX_HISTORY_DAYS,
};

const QUESTION = 'Security question: what is the name of this application?';

/**
 * A sandbox connection named "… [timeout=5s]" gets that deadline (1–3600 s) instead of the configured
 * one, so tests and demos can see the two-factor timeout without waiting two minutes.
 */
export function sandboxTimeoutOf(connectionName: string): number | undefined {
  const match = /\[timeout=(\d{1,4})s?\]\s*$/i.exec(connectionName);
  const seconds = match ? Number(match[1]) : Number.NaN;
  return seconds >= 1 && seconds <= 3600 ? seconds : undefined;
}

/**
 * "Fluxo Sandbox Bank": a test institution with every auth type, for demos and tests. Its answers are
 * fixed (SANDBOX_ANSWERS); a QR code carries a one-time approval link as a real bank's would.
 */
export const sandboxConnector: BankConnector &
  Required<Pick<BankConnector, 'startAuthentication' | 'verifyAnswer'>> = {
  id: 'sandbox',
  consentFlow: 'challenge',
  institutions: () => [SANDBOX_INSTITUTION],
  async startAuthentication({ connectionId, connectionName, authType }) {
    const nonce = randomBytes(12).toString('base64url');
    const timeoutSeconds = sandboxTimeoutOf(connectionName);
    const deadline = timeoutSeconds ? { timeoutSeconds } : {};
    if (authType === 'question') return { question: QUESTION, state: { nonce }, ...deadline };
    if (authType === 'qrcode') {
      const qrCode = await QRCode.toDataURL(
        `fluxo-sandbox://approve?connection=${connectionId}&nonce=${nonce}`,
        {
          errorCorrectionLevel: 'M',
          margin: 1,
          width: 192,
        },
      );
      return { qrCode, state: { nonce }, ...deadline };
    }
    return { state: { nonce }, ...deadline };
  },
  async verifyAnswer({ authType, value }) {
    const answer = value.trim();
    if (authType === 'token') return answer === SANDBOX_ANSWERS.token;
    return answer.toLowerCase() === SANDBOX_ANSWERS[authType];
  },
  async discoverAccounts() {
    return SANDBOX_ACCOUNTS.map(({ providerAccountId, name, iban, currency }) => ({
      providerAccountId,
      name,
      iban,
      currency,
    }));
  },
  async fetchAccount(_connection, providerAccountId, dateFrom) {
    const account = sandboxAccount(providerAccountId);
    if (!account)
      throw new BankFeedError('unavailable', `The sandbox bank has no account ${providerAccountId}.`);
    return sandboxFeed(account, dateFrom);
  },
};

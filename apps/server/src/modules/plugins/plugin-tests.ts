import {
  isValidMultibancoReference,
  multibancoReference,
  type PluginKey,
  type PluginTestResult,
  ZBankAggregatorConfig,
  ZMultibancoConfig,
  ZSmtpConfig,
  ZTaxAuthorityConfig,
} from '@fluxo/domain';
import nodemailer from 'nodemailer';

/** An organization's SMTP server as its plugin configures it, with its password. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | undefined;
}

/** Opens an SMTP connection with these settings and signs in; rejects with nodemailer's error. */
export type SmtpVerify = (settings: SmtpSettings) => Promise<unknown>;

/** How long an SMTP test may take in all (connection, greeting, TLS, sign-in). */
const SMTP_TIMEOUT_MS = 10_000;

/** A nodemailer transport to that server, each step bounded by `timeoutMs`, never logging. */
export function smtpTransport({ host, port, secure, user, password }: SmtpSettings, timeoutMs: number) {
  return nodemailer.createTransport({
    host,
    port,
    secure,
    ...(user ? { auth: { user, pass: password ?? '' } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Never log the conversation (it carries the credentials).
    logger: false,
    debug: false,
  });
}

export const nodemailerVerify: SmtpVerify = (settings) => smtpTransport(settings, SMTP_TIMEOUT_MS).verify();

/** nodemailer's error codes, in the few words the screen translates (PLUGINS.TEST.<code>). */
function smtpFailure(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'SMTP_AUTH_FAILED';
  if (code === 'ETLS') return 'SMTP_TLS_FAILED';
  if (code === 'ETIMEDOUT') return 'SMTP_TIMEOUT';
  if (code === 'EDNS' || code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ECONNREFUSED')
    return 'SMTP_UNREACHABLE';
  return 'SMTP_FAILED';
}

const result = (ok: boolean, code: string, formatOnly = false): PluginTestResult => ({
  ok,
  code,
  formatOnly,
});

/**
 * The "Test" of each plugin on its saved configuration (already valid for its schema): SMTP connects
 * for real; the bank aggregator checks the server offers it; Multibanco and the AT credentials are
 * checked for form only (the AT web services come with a later issue).
 */
export async function runPluginTest(
  key: PluginKey,
  config: unknown,
  secrets: Record<string, string>,
  deps: { providers: readonly string[]; smtpVerify?: SmtpVerify },
): Promise<PluginTestResult> {
  switch (key) {
    case 'smtp': {
      const smtp = ZSmtpConfig.parse(config);
      try {
        await (deps.smtpVerify ?? nodemailerVerify)({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          password: secrets.password,
        });
        return result(true, 'SMTP_OK');
      } catch (error) {
        return result(false, smtpFailure(error));
      }
    }
    case 'multibanco': {
      const { entity } = ZMultibancoConfig.parse(config);
      // A reference computed under the entity must pass its own check digits.
      const sample = multibancoReference(entity, 1, 100);
      return isValidMultibancoReference(entity, sample, 100)
        ? result(true, 'MULTIBANCO_OK', true)
        : result(false, 'MULTIBANCO_INVALID', true);
    }
    case 'tax-authority': {
      ZTaxAuthorityConfig.parse(config);
      const password = secrets.password ?? '';
      return password.length >= 8 && password.length <= 64
        ? result(true, 'TAX_AUTHORITY_FORMAT_OK', true)
        : result(false, 'TAX_AUTHORITY_PASSWORD_MISSING', true);
    }
    case 'bank-aggregator': {
      const { provider } = ZBankAggregatorConfig.parse(config);
      return deps.providers.includes(provider)
        ? result(true, 'PROVIDER_OK')
        : result(false, 'PROVIDER_UNAVAILABLE');
    }
  }
}

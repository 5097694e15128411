import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { BankFeedError } from './connector.ts';

// A small typed client for the Enable Banking API (https://api.enablebanking.com): JSON over HTTPS,
// each call authorised by a JWT the application signs itself (RS256, kid = the application id) and
// re-uses until shortly before it expires. Every call has a timeout; errors come back classified.

export interface EnableBankingSettings {
  applicationId: string;
  /** The application's RSA private key, PEM. */
  privateKey: string;
  apiBase: string;
  timeoutMs: number;
}

export interface EbAspsp {
  name: string;
  country: string;
  logo?: string;
  bic?: string;
  psu_types?: string[];
  /** Seconds a consent may last at this bank. */
  maximum_consent_validity?: number;
  beta?: boolean;
}
export interface EbAmount {
  currency: string;
  amount: string;
}
export interface EbAccountId {
  iban?: string;
  other?: { identification: string; scheme_name: string };
}
export interface EbAccount {
  uid: string;
  account_id?: EbAccountId;
  name?: string;
  details?: string;
  product?: string;
  currency?: string;
  cash_account_type?: string;
}
export interface EbSession {
  session_id: string;
  accounts: EbAccount[];
  access: { valid_until: string };
  aspsp: { name: string; country: string };
}
export interface EbSessionState {
  status: string;
  accounts: string[];
  access: { valid_until: string };
}
export interface EbBalances {
  balances: { name?: string; balance_amount: EbAmount; balance_type: string; reference_date?: string }[];
}
export interface EbTransaction {
  entry_reference?: string | null;
  transaction_id?: string | null;
  transaction_amount: EbAmount;
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: string;
  booking_date?: string | null;
  value_date?: string | null;
  transaction_date?: string | null;
  creditor?: { name?: string } | null;
  creditor_account?: EbAccountId | null;
  debtor?: { name?: string } | null;
  debtor_account?: EbAccountId | null;
  remittance_information?: string[] | null;
  reference_number?: string | null;
  note?: string | null;
}
export interface EbTransactions {
  transactions: EbTransaction[];
  continuation_key?: string | null;
}

/** Error codes that say the user's session with the bank is over (Enable Banking's ErrorCode list). */
const SESSION_GONE =
  /EXPIRED_SESSION|REVOKED_SESSION|CLOSED_SESSION|SESSION_DOES_NOT_EXIST|EXPIRED_AUTHORIZATION|ACCESS_DENIED|consent (is )?(expired|revoked)/i;
/** A JWT is valid for at most a day; ours for an hour, renewed a minute before it ends. */
const JWT_TTL_SECONDS = 3600;
const JWT_MARGIN_MS = 60_000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export class EnableBankingClient {
  private readonly key: KeyObject;
  private jwt: { token: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: EnableBankingSettings,
    private readonly now: () => number = Date.now,
  ) {
    // Keys kept in one-line environment variables carry their line breaks as "\n".
    this.key = createPrivateKey(settings.privateKey.replace(/\\n/g, '\n'));
  }

  /** The application's JWT: {typ JWT, alg RS256, kid app id} . {iss, aud, iat, exp}, signed with its key. */
  token(): string {
    const now = this.now();
    if (this.jwt && this.jwt.expiresAt - JWT_MARGIN_MS > now) return this.jwt.token;
    const iat = Math.floor(now / 1000);
    const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid: this.settings.applicationId }));
    const payload = base64url(
      JSON.stringify({
        iss: 'enablebanking.com',
        aud: 'api.enablebanking.com',
        iat,
        exp: iat + JWT_TTL_SECONDS,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(this.key);
    this.jwt = {
      token: `${header}.${payload}.${base64url(signature)}`,
      expiresAt: (iat + JWT_TTL_SECONDS) * 1000,
    };
    return this.jwt.token;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.settings.apiBase), {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.token()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BankFeedError('unavailable', `Enable Banking did not answer ${method} ${path}: ${reason}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    if (response.ok) return json as T;
    const problem = (json ?? {}) as { message?: unknown; error?: unknown; detail?: unknown };
    const words = [problem.error, problem.message, typeof problem.detail === 'string' ? problem.detail : null]
      .filter((word) => typeof word === 'string' && word)
      .join(' — ');
    const message = `Enable Banking ${method} ${path.split('?')[0]} answered ${response.status}${words ? `: ${words}` : ''}`;
    if (response.status === 429 || /RATE_LIMIT/.test(words)) {
      const retry = Number(response.headers.get('retry-after'));
      return Promise.reject(
        new BankFeedError(
          'rate_limited',
          message,
          Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : null,
        ),
      );
    }
    if (SESSION_GONE.test(words)) return Promise.reject(new BankFeedError('consent_expired', message));
    return Promise.reject(new BankFeedError('unavailable', message));
  }

  aspsps(country: string | undefined): Promise<{ aspsps: EbAspsp[] }> {
    const query = new URLSearchParams({ psu_type: 'business' });
    if (country) query.set('country', country);
    return this.request('GET', `/aspsps?${query}`);
  }

  startAuthorization(input: {
    access: { valid_until: string };
    aspsp: { name: string; country: string };
    state: string;
    redirect_url: string;
    psu_type: 'business' | 'personal';
    language?: string;
  }): Promise<{ url: string; authorization_id: string }> {
    return this.request('POST', '/auth', input);
  }

  createSession(code: string): Promise<EbSession> {
    return this.request('POST', '/sessions', { code });
  }

  session(id: string): Promise<EbSessionState> {
    return this.request('GET', `/sessions/${encodeURIComponent(id)}`);
  }

  deleteSession(id: string): Promise<unknown> {
    return this.request('DELETE', `/sessions/${encodeURIComponent(id)}`);
  }

  accountDetails(uid: string): Promise<EbAccount> {
    return this.request('GET', `/accounts/${encodeURIComponent(uid)}/details`);
  }

  balances(uid: string): Promise<EbBalances> {
    return this.request('GET', `/accounts/${encodeURIComponent(uid)}/balances`);
  }

  transactions(
    uid: string,
    query: { dateFrom: string | null; continuationKey: string | null },
  ): Promise<EbTransactions> {
    const params = new URLSearchParams({ transaction_status: 'BOOK' });
    if (query.dateFrom) params.set('date_from', query.dateFrom);
    if (query.continuationKey) params.set('continuation_key', query.continuationKey);
    return this.request('GET', `/accounts/${encodeURIComponent(uid)}/transactions?${params}`);
  }
}

import { BankFeedError } from './connector.ts';

// A small typed client for GoCardless Bank Account Data (https://bankaccountdata.gocardless.com,
// API v2): JSON over HTTPS with a bearer access token obtained from the user secrets, refreshed with
// the refresh token before it expires. Every call has a timeout; errors come back classified.

export interface GoCardlessSettings {
  secretId: string;
  secretKey: string;
  apiBase: string;
  timeoutMs: number;
}

export interface GcInstitution {
  id: string;
  name: string;
  bic?: string;
  transaction_total_days?: string;
  max_access_valid_for_days?: string;
  countries: string[];
  logo?: string;
}
export interface GcAgreement {
  id: string;
  created: string;
  institution_id: string;
  max_historical_days: number;
  access_valid_for_days: number;
  access_scope: string[];
  accepted: string | null;
}
export type GcRequisitionStatus = 'CR' | 'ID' | 'LN' | 'RJ' | 'ER' | 'SU' | 'EX' | 'GC' | 'UA' | 'GA' | 'SA';
export interface GcRequisition {
  id: string;
  created?: string;
  redirect: string;
  status: GcRequisitionStatus;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  link: string;
}
export interface GcAccountDetails {
  account: {
    resourceId?: string;
    iban?: string;
    currency?: string;
    ownerName?: string;
    name?: string;
    displayName?: string;
    product?: string;
    cashAccountType?: string;
  };
}
export interface GcAmount {
  amount: string;
  currency: string;
}
export interface GcBalances {
  balances: { balanceAmount: GcAmount; balanceType: string; referenceDate?: string }[];
}
export interface GcTransaction {
  transactionId?: string;
  internalTransactionId?: string;
  entryReference?: string;
  bookingDate?: string;
  valueDate?: string;
  bookingDateTime?: string;
  transactionAmount: GcAmount;
  creditorName?: string;
  debtorName?: string;
  creditorAccount?: { iban?: string };
  debtorAccount?: { iban?: string };
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: string;
  additionalInformation?: string;
  endToEndId?: string;
}
export interface GcTransactions {
  transactions: { booked: GcTransaction[]; pending?: GcTransaction[] };
}

interface TokenPair {
  access: string;
  accessExpiresAt: number;
  refresh: string;
  refreshExpiresAt: number;
}

/** Seconds before an access token's expiry when it is renewed anyway (clock skew, slow calls). */
const TOKEN_MARGIN_MS = 60_000;

/** Errors whose words say that the end user's consent is gone (EUA expired, access revoked). */
const CONSENT_GONE =
  /(end user agreement|eua).*(expired|not valid|invalid)|access (has )?expired|revoked|AccessExpiredError|AccountInactiveError|requisition.*expired|SuspendedAccountError/i;

/** Seconds to wait from the rate-limit headers (account-level first), or from "try again in N seconds". */
function retryAfterOf(headers: Headers, detail: string): number | null {
  for (const name of ['x-ratelimit-account-success-reset', 'x-ratelimit-reset', 'retry-after']) {
    const value = Number(headers.get(name));
    if (headers.get(name) !== null && Number.isFinite(value) && value >= 0) return Math.ceil(value);
  }
  const said = /try again in (\d+) seconds?/i.exec(detail);
  return said ? Number(said[1]) : null;
}

export class GoCardlessClient {
  private tokens: TokenPair | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly settings: GoCardlessSettings,
    private readonly now: () => number = Date.now,
  ) {}

  private url(path: string): string {
    return new URL(path, this.settings.apiBase).toString();
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<{ status: number; headers: Headers; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(this.url(path), {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BankFeedError('unavailable', `GoCardless did not answer ${method} ${path}: ${reason}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { summary: text.slice(0, 200) };
    }
    return { status: response.status, headers: response.headers, json };
  }

  /** A valid access token: the cached one, a refreshed one, or a new pair from the secrets. */
  private async accessToken(): Promise<string> {
    const now = this.now();
    if (this.tokens && this.tokens.accessExpiresAt - TOKEN_MARGIN_MS > now) return this.tokens.access;
    // One token request at a time: concurrent calls share it.
    this.pendingToken ??= this.obtainToken(now).finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async obtainToken(now: number): Promise<string> {
    if (this.tokens && this.tokens.refreshExpiresAt - TOKEN_MARGIN_MS > now) {
      const refreshed = await this.send(
        'POST',
        '/api/v2/token/refresh/',
        { refresh: this.tokens.refresh },
        null,
      );
      if (refreshed.status === 200) {
        const body = refreshed.json as { access: string; access_expires: number };
        this.tokens = {
          ...this.tokens,
          access: body.access,
          accessExpiresAt: now + body.access_expires * 1000,
        };
        return body.access;
      }
    }
    const answer = await this.send(
      'POST',
      '/api/v2/token/new/',
      { secret_id: this.settings.secretId, secret_key: this.settings.secretKey },
      null,
    );
    if (answer.status !== 200) {
      this.tokens = null;
      throw this.failure('POST', '/api/v2/token/new/', answer);
    }
    const body = answer.json as {
      access: string;
      access_expires: number;
      refresh: string;
      refresh_expires: number;
    };
    this.tokens = {
      access: body.access,
      accessExpiresAt: now + body.access_expires * 1000,
      refresh: body.refresh,
      refreshExpiresAt: now + body.refresh_expires * 1000,
    };
    return body.access;
  }

  private failure(
    method: string,
    path: string,
    answer: { status: number; headers: Headers; json: unknown },
  ): BankFeedError {
    const body = (answer.json ?? {}) as { summary?: unknown; detail?: unknown; type?: unknown };
    const words = [body.summary, body.detail, body.type].filter((w) => typeof w === 'string').join(' — ');
    const message = `GoCardless ${method} ${path} answered ${answer.status}${words ? `: ${words}` : ''}`;
    if (answer.status === 429) {
      return new BankFeedError(
        'rate_limited',
        message,
        retryAfterOf(answer.headers, String(body.detail ?? '')),
      );
    }
    if ([400, 401, 403, 409].includes(answer.status) && CONSENT_GONE.test(words)) {
      return new BankFeedError('consent_expired', message);
    }
    return new BankFeedError('unavailable', message);
  }

  /** An authorised call; a token refused once (revoked, clock) is replaced and the call tried again. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let answer = await this.send(method, path, body, await this.accessToken());
    if (answer.status === 401 && !CONSENT_GONE.test(JSON.stringify(answer.json ?? ''))) {
      this.tokens = null;
      answer = await this.send(method, path, body, await this.accessToken());
    }
    if (answer.status < 200 || answer.status >= 300) throw this.failure(method, path, answer);
    return answer.json as T;
  }

  institutions(country: string | undefined): Promise<GcInstitution[]> {
    const query = country ? `?country=${encodeURIComponent(country)}` : '';
    return this.request('GET', `/api/v2/institutions/${query}`);
  }

  institution(id: string): Promise<GcInstitution> {
    return this.request('GET', `/api/v2/institutions/${encodeURIComponent(id)}/`);
  }

  createAgreement(input: {
    institution_id: string;
    max_historical_days: number;
    access_valid_for_days: number;
    access_scope: string[];
  }): Promise<GcAgreement> {
    return this.request('POST', '/api/v2/agreements/enduser/', input);
  }

  agreement(id: string): Promise<GcAgreement> {
    return this.request('GET', `/api/v2/agreements/enduser/${encodeURIComponent(id)}/`);
  }

  createRequisition(input: {
    redirect: string;
    institution_id: string;
    agreement: string;
    reference: string;
    user_language: string;
  }): Promise<GcRequisition> {
    return this.request('POST', '/api/v2/requisitions/', input);
  }

  requisition(id: string): Promise<GcRequisition> {
    return this.request('GET', `/api/v2/requisitions/${encodeURIComponent(id)}/`);
  }

  deleteRequisition(id: string): Promise<unknown> {
    return this.request('DELETE', `/api/v2/requisitions/${encodeURIComponent(id)}/`);
  }

  accountDetails(id: string): Promise<GcAccountDetails> {
    return this.request('GET', `/api/v2/accounts/${encodeURIComponent(id)}/details/`);
  }

  accountBalances(id: string): Promise<GcBalances> {
    return this.request('GET', `/api/v2/accounts/${encodeURIComponent(id)}/balances/`);
  }

  accountTransactions(id: string, dateFrom: string | null, dateTo: string | null): Promise<GcTransactions> {
    const query = new URLSearchParams();
    if (dateFrom) query.set('date_from', dateFrom);
    if (dateTo) query.set('date_to', dateTo);
    const suffix = query.size > 0 ? `?${query}` : '';
    return this.request('GET', `/api/v2/accounts/${encodeURIComponent(id)}/transactions/${suffix}`);
  }
}

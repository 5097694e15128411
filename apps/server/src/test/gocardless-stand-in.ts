import { randomUUID } from 'node:crypto';
import { type StandIn, type StandInAnswer, type StandInRequest, startStandIn } from './local-services.ts';

// A local stand-in for GoCardless Bank Account Data (API v2), speaking its documented shapes: token
// pair from the user secrets, institutions per country, end-user agreements, requisitions whose link
// "authorises" when visited (or through `authorise`), and accounts' details, balances and booked/pending
// transactions. Consent expiry and the banks' 429 can be switched on to test how Fluxo copes.

export const STAND_IN_SECRET_ID = 'stand-in-secret-id';
export const STAND_IN_SECRET_KEY = 'stand-in-secret-key';

export interface StandInTransaction {
  transactionId?: string;
  internalTransactionId?: string;
  bookingDate: string;
  valueDate?: string;
  transactionAmount: { amount: string; currency: string };
  creditorName?: string;
  debtorName?: string;
  creditorAccount?: { iban: string };
  debtorAccount?: { iban: string };
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  endToEndId?: string;
}

/** One bank account at a stand-in bank: what its details, balances and transactions answer. */
export interface StandInBankAccount {
  iban: string;
  currency: string;
  name: string;
  /** closingBooked balance, as a decimal string. */
  balance: string;
  booked: StandInTransaction[];
  pending: StandInTransaction[];
}

interface Requisition {
  id: string;
  created: string;
  redirect: string;
  status: string;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  link: string;
  expired: boolean;
}

export interface GoCardlessStandIn extends StandIn {
  requests: { method: string; path: string; query: URLSearchParams }[];
  agreements: Map<string, Record<string, unknown>>;
  requisitions: Map<string, Requisition>;
  /** The bank accounts behind each institution (consent gives them fresh account ids each time). */
  banks: Map<string, StandInBankAccount[]>;
  /** What visiting the link does: LN with the bank's accounts. Returns the redirect URL. */
  authorise(requisitionId: string): string;
  reject(requisitionId: string): void;
  /** The consent ends: the requisition goes EX and its accounts answer 401 (EUA expired). */
  expire(requisitionId: string): void;
  /** The next `count` account calls answer 429 with the rate-limit headers. */
  rateLimit(count: number, resetSeconds?: number): void;
  /** Access tokens handed out so far (token caching shows in this count). */
  tokensIssued(): number;
}

const json = (status: number, body: unknown, headers?: Record<string, string>): StandInAnswer => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});
const today = () => new Date().toISOString().slice(0, 10);

export const STAND_IN_INSTITUTIONS = [
  {
    id: 'CGD_CGDIPTPL',
    name: 'Caixa Geral de Depósitos',
    bic: 'CGDIPTPL',
    transaction_total_days: '730',
    max_access_valid_for_days: '180',
    countries: ['PT'],
    logo: 'https://cdn-logos.gocardless.com/ais/CGD_CGDIPTPL.png',
  },
  {
    id: 'MILLENNIUMBCP_BCOMPTPL',
    name: 'Millennium BCP',
    bic: 'BCOMPTPL',
    transaction_total_days: '540',
    max_access_valid_for_days: '90',
    countries: ['PT'],
    logo: 'https://cdn-logos.gocardless.com/ais/MILLENNIUMBCP_BCOMPTPL.png',
  },
  {
    id: 'BBVA_BBVAESMM',
    name: 'BBVA',
    bic: 'BBVAESMM',
    transaction_total_days: '730',
    max_access_valid_for_days: '180',
    countries: ['ES'],
    logo: 'https://cdn-logos.gocardless.com/ais/BBVA_BBVAESMM.png',
  },
];

export async function startGoCardlessStandIn(): Promise<GoCardlessStandIn> {
  const tokens = new Map<string, { kind: 'access' | 'refresh'; expiresAt: number }>();
  let issued = 0;
  const agreements = new Map<string, Record<string, unknown>>();
  const requisitions = new Map<string, Requisition>();
  /** account id → [requisition id, index of the bank account at its institution] */
  const accounts = new Map<string, { requisitionId: string; index: number }>();
  const banks = new Map<string, StandInBankAccount[]>();
  const requests: GoCardlessStandIn['requests'] = [];
  let throttled = 0;
  let resetSeconds = 3600;
  let base = '';

  const issue = (kind: 'access' | 'refresh', seconds: number) => {
    const token = `${kind}-${randomUUID()}`;
    tokens.set(token, { kind, expiresAt: Date.now() + seconds * 1000 });
    if (kind === 'access') issued++;
    return token;
  };

  const authorise = (id: string) => {
    const requisition = requisitions.get(id);
    if (!requisition) throw new Error(`no requisition ${id}`);
    const bank = banks.get(requisition.institution_id) ?? [];
    requisition.status = 'LN';
    requisition.accounts = bank.map((_, index) => {
      const accountId = randomUUID();
      accounts.set(accountId, { requisitionId: id, index });
      return accountId;
    });
    const agreement = agreements.get(requisition.agreement);
    if (agreement) agreement.accepted = new Date().toISOString();
    const back = new URL(requisition.redirect);
    back.searchParams.set('ref', requisition.reference);
    return back.toString();
  };

  function answer(request: StandInRequest): StandInAnswer {
    const url = new URL(request.url, 'http://stand-in');
    const path = url.pathname;
    requests.push({ method: request.method, path, query: url.searchParams });
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};

    // The consent page: visiting it authorises, then redirects to the client's redirect URL.
    const link = /^\/ob\/link\/([\w-]+)$/.exec(path);
    if (link && request.method === 'GET') {
      if (!requisitions.has(link[1]!)) return json(404, { summary: 'Not found.' });
      return json(302, {}, { location: authorise(link[1]!) });
    }

    if (path === '/api/v2/token/new/' && request.method === 'POST') {
      if (body.secret_id !== STAND_IN_SECRET_ID || body.secret_key !== STAND_IN_SECRET_KEY) {
        return json(401, {
          summary: 'Authentication failed',
          detail: 'No active account found with the given credentials',
          status_code: 401,
        });
      }
      return json(200, {
        access: issue('access', 86_400),
        access_expires: 86_400,
        refresh: issue('refresh', 2_592_000),
        refresh_expires: 2_592_000,
      });
    }
    if (path === '/api/v2/token/refresh/' && request.method === 'POST') {
      const refresh = tokens.get(String(body.refresh));
      if (refresh?.kind !== 'refresh' || refresh.expiresAt < Date.now()) {
        return json(401, {
          summary: 'Invalid token',
          detail: 'Token is invalid or expired',
          status_code: 401,
        });
      }
      return json(200, { access: issue('access', 86_400), access_expires: 86_400 });
    }

    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const access = bearer ? tokens.get(bearer) : undefined;
    if (access?.kind !== 'access' || access.expiresAt < Date.now()) {
      return json(401, { summary: 'Invalid token', detail: 'Token is invalid or expired', status_code: 401 });
    }

    if (path === '/api/v2/institutions/' && request.method === 'GET') {
      const country = url.searchParams.get('country')?.toUpperCase();
      return json(
        200,
        STAND_IN_INSTITUTIONS.filter((institution) => !country || institution.countries.includes(country)),
      );
    }
    const institution = /^\/api\/v2\/institutions\/([\w-]+)\/$/.exec(path);
    if (institution && request.method === 'GET') {
      const found = STAND_IN_INSTITUTIONS.find((item) => item.id === institution[1]);
      return found
        ? json(200, found)
        : json(404, { summary: 'Not found.', detail: 'Not found.', status_code: 404 });
    }
    if (path === '/api/v2/agreements/enduser/' && request.method === 'POST') {
      if (!STAND_IN_INSTITUTIONS.some((item) => item.id === body.institution_id)) {
        return json(400, {
          institution_id: {
            summary: 'Unknown Institution ID',
            detail: 'Get Institution IDs from /institutions/',
          },
          status_code: 400,
        });
      }
      const agreement = {
        id: randomUUID(),
        created: new Date().toISOString(),
        institution_id: body.institution_id,
        max_historical_days: body.max_historical_days ?? 90,
        access_valid_for_days: body.access_valid_for_days ?? 90,
        access_scope: body.access_scope ?? ['balances', 'details', 'transactions'],
        accepted: null,
      };
      agreements.set(agreement.id, agreement);
      return json(201, agreement);
    }
    const agreement = /^\/api\/v2\/agreements\/enduser\/([\w-]+)\/$/.exec(path);
    if (agreement && request.method === 'GET') {
      const found = agreements.get(agreement[1]!);
      return found ? json(200, found) : json(404, { summary: 'Not found.', status_code: 404 });
    }
    if (path === '/api/v2/requisitions/' && request.method === 'POST') {
      if (!agreements.has(String(body.agreement))) {
        return json(400, { agreement: { summary: 'Invalid EUA ID' }, status_code: 400 });
      }
      const id = randomUUID();
      const requisition: Requisition = {
        id,
        created: new Date().toISOString(),
        redirect: String(body.redirect),
        status: 'CR',
        institution_id: String(body.institution_id),
        agreement: String(body.agreement),
        reference: String(body.reference),
        accounts: [],
        user_language: String(body.user_language ?? 'EN'),
        link: `${base}/ob/link/${id}`,
        expired: false,
      };
      requisitions.set(id, requisition);
      const { expired: _, ...shown } = requisition;
      return json(201, shown);
    }
    const requisition = /^\/api\/v2\/requisitions\/([\w-]+)\/$/.exec(path);
    if (requisition) {
      const found = requisitions.get(requisition[1]!);
      if (!found) return json(404, { summary: 'Not found.', detail: 'Not found.', status_code: 404 });
      if (request.method === 'DELETE') {
        requisitions.delete(found.id);
        return json(200, { summary: 'Requisition deleted', detail: 'Requisition and its EUA deleted' });
      }
      const { expired: _, ...shown } = found;
      return json(200, shown);
    }

    const account = /^\/api\/v2\/accounts\/([\w-]+)\/(details|balances|transactions)\/$/.exec(path);
    if (account && request.method === 'GET') {
      const owner = accounts.get(account[1]!);
      const found = owner ? requisitions.get(owner.requisitionId) : undefined;
      if (!owner || !found)
        return json(404, { summary: 'Not found.', detail: 'Not found.', status_code: 404 });
      if (found.expired) {
        return json(401, {
          summary: `End User Agreement (EUA) ${found.agreement} has expired`,
          detail:
            'EUA was valid for 90 days and it expired. The end user must connect the account once more with new EUA and Requisition',
          status_code: 401,
        });
      }
      if (throttled > 0) {
        throttled--;
        return json(
          429,
          {
            summary: 'Rate limit exceeded',
            detail: `The rate limit for this resource is 4/day. Please try again in ${resetSeconds} seconds`,
            status_code: 429,
          },
          {
            'x-ratelimit-account-success-limit': '4',
            'x-ratelimit-account-success-remaining': '0',
            'x-ratelimit-account-success-reset': String(resetSeconds),
          },
        );
      }
      const bank = banks.get(found.institution_id)?.[owner.index];
      if (!bank) return json(404, { summary: 'Not found.', status_code: 404 });
      const headers = {
        'x-ratelimit-account-success-limit': '4',
        'x-ratelimit-account-success-remaining': '3',
      };
      if (account[2] === 'details') {
        return json(
          200,
          { account: { resourceId: account[1], iban: bank.iban, currency: bank.currency, name: bank.name } },
          headers,
        );
      }
      if (account[2] === 'balances') {
        return json(
          200,
          {
            balances: [
              {
                balanceAmount: { amount: bank.balance, currency: bank.currency },
                balanceType: 'interimAvailable',
                referenceDate: today(),
              },
              {
                balanceAmount: { amount: bank.balance, currency: bank.currency },
                balanceType: 'closingBooked',
                referenceDate: today(),
              },
            ],
          },
          headers,
        );
      }
      const from = url.searchParams.get('date_from') ?? '0000-00-00';
      const to = url.searchParams.get('date_to') ?? '9999-99-99';
      const within = (t: StandInTransaction) => t.bookingDate >= from && t.bookingDate <= to;
      // Newest first, as banks usually answer.
      const newest = (list: StandInTransaction[]) =>
        list.filter(within).sort((a, b) => b.bookingDate.localeCompare(a.bookingDate));
      return json(
        200,
        { transactions: { booked: newest(bank.booked), pending: newest(bank.pending) } },
        headers,
      );
    }
    return json(404, {
      summary: 'Not found.',
      detail: `No route ${request.method} ${path}`,
      status_code: 404,
    });
  }

  const server = await startStandIn(answer);
  base = server.url;
  return {
    ...server,
    requests,
    agreements,
    requisitions,
    banks,
    authorise,
    reject(id) {
      const found = requisitions.get(id);
      if (found) found.status = 'RJ';
    },
    expire(id) {
      const found = requisitions.get(id);
      if (found) {
        found.status = 'EX';
        found.expired = true;
      }
    },
    rateLimit(count, reset = 3600) {
      throttled = count;
      resetSeconds = reset;
    },
    tokensIssued: () => issued,
  };
}

import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { type StandIn, type StandInAnswer, type StandInRequest, startStandIn } from './local-services.ts';

// A local stand-in for the Enable Banking API, speaking its documented shapes: every call must carry a
// JWT signed by the application's key (RS256, kid = application id, aud api.enablebanking.com); banks
// (ASPSPs) per country; POST /auth answering the bank's page, which "authorises" when visited (or
// through `authorise`) and sends the user back with `code` and `state`; POST /sessions; accounts'
// details, balances and booked transactions paged with continuation_key. Session expiry and the
// banks' 429 can be switched on.

export const STAND_IN_APPLICATION_ID = 'b5a6f3f1-0c1e-4c55-9f7e-3a1d2b7c9e10';

/** A key pair for the stand-in application: the private key goes to Fluxo's configuration. */
export const standInKeys = (() => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
  };
})();

export interface EbStandInTransaction {
  entry_reference?: string;
  transaction_id?: string;
  booking_date: string;
  value_date?: string;
  transaction_amount: { currency: string; amount: string };
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG';
  creditor?: { name: string };
  creditor_account?: { iban: string };
  debtor?: { name: string };
  debtor_account?: { iban: string };
  remittance_information?: string[];
  reference_number?: string;
}

export interface EbStandInBankAccount {
  iban: string;
  currency: string;
  name: string;
  /** Closing booked balance, decimal string. */
  balance: string;
  transactions: EbStandInTransaction[];
}

interface Authorization {
  id: string;
  aspsp: { name: string; country: string };
  redirectUrl: string;
  state: string;
  validUntil: string;
  code: string | null;
}

interface Session {
  id: string;
  aspspName: string;
  status: 'AUTHORIZED' | 'EXPIRED';
  accounts: string[];
  validUntil: string;
}

export interface EnableBankingStandIn extends StandIn {
  requests: { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> }[];
  authorizations: Map<string, Authorization>;
  sessions: Map<string, Session>;
  /** The bank accounts behind each bank (by ASPSP name); a session gives them fresh uids. */
  banks: Map<string, EbStandInBankAccount[]>;
  /** The user consents at the bank: the redirect back with `code` and `state`. */
  authorise(authorizationId: string): string;
  /** The user refuses at the bank: the redirect back with `error`. */
  deny(authorizationId: string): string;
  /** The session ends: its account calls answer 401 EXPIRED_SESSION. */
  expire(sessionId: string): void;
  /** The next `count` account calls answer 429 ASPSP_RATE_LIMIT_EXCEEDED with Retry-After. */
  rateLimit(count: number, retryAfterSeconds?: number): void;
  /** Transactions per page (continuation_key beyond). */
  pageSize: number;
}

export const EB_STAND_IN_ASPSPS = [
  {
    name: 'Caixa Geral de Depositos',
    country: 'PT',
    logo: 'https://enablebanking.com/brands/PT/Caixa_Geral_de_Depositos/',
    bic: 'CGDIPTPL',
    psu_types: ['business', 'personal'],
    maximum_consent_validity: 15_552_000,
    beta: false,
  },
  {
    name: 'Millennium BCP',
    country: 'PT',
    logo: 'https://enablebanking.com/brands/PT/Millennium_BCP/',
    bic: 'BCOMPTPL',
    psu_types: ['business', 'personal'],
    maximum_consent_validity: 7_776_000,
    beta: false,
  },
  {
    name: 'BBVA',
    country: 'ES',
    logo: 'https://enablebanking.com/brands/ES/BBVA/',
    bic: 'BBVAESMM',
    psu_types: ['business', 'personal'],
    maximum_consent_validity: 15_552_000,
    beta: false,
  },
];

const json = (status: number, body: unknown, headers?: Record<string, string>): StandInAnswer => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});
const problem = (status: number, error: string, message: string) =>
  json(status, { code: status, error, message, detail: null });

/** Checks the application's JWT as Enable Banking does: signature, kid, audience, issuer, lifetime. */
function authorised(request: StandInRequest): boolean {
  try {
    return verifyJwt(request);
  } catch {
    return false;
  }
}

function verifyJwt(request: StandInRequest): boolean {
  const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
  const [header, payload, signature] = token?.split('.') ?? [];
  if (!header || !payload || !signature) return false;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number | string>;
  if (head.alg !== 'RS256' || head.kid !== STAND_IN_APPLICATION_ID) return false;
  const valid = createVerify('RSA-SHA256')
    .update(`${header}.${payload}`)
    .verify(standInKeys.publicKey, Buffer.from(signature, 'base64url'));
  const now = Math.floor(Date.now() / 1000);
  return (
    valid &&
    claims.aud === 'api.enablebanking.com' &&
    claims.iss === 'enablebanking.com' &&
    Number(claims.exp) > now &&
    Number(claims.exp) - Number(claims.iat) <= 86_400
  );
}

export async function startEnableBankingStandIn(): Promise<EnableBankingStandIn> {
  const authorizations = new Map<string, Authorization>();
  const sessions = new Map<string, Session>();
  const accounts = new Map<string, { sessionId: string; index: number }>();
  const codes = new Map<string, string>();
  const banks = new Map<string, EbStandInBankAccount[]>();
  const requests: EnableBankingStandIn['requests'] = [];
  let throttled = 0;
  let retryAfter = 3600;
  let base = '';
  const standIn = { pageSize: 2 };

  const back = (id: string, params: Record<string, string>) => {
    const found = authorizations.get(id);
    if (!found) throw new Error(`no authorization ${id}`);
    const url = new URL(found.redirectUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('state', found.state);
    return url.toString();
  };
  const authorise = (id: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, id);
    authorizations.get(id)!.code = code;
    return back(id, { code });
  };

  function answer(request: StandInRequest): StandInAnswer {
    const url = new URL(request.url, 'http://stand-in');
    const path = url.pathname;
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    requests.push({ method: request.method, path, query: url.searchParams, body });

    const page = /^\/eb\/authorize\/([\w-]+)$/.exec(path);
    if (page && request.method === 'GET') {
      if (!authorizations.has(page[1]!)) return json(404, { message: 'Not found' });
      return json(302, {}, { location: authorise(page[1]!) });
    }
    if (!authorised(request)) return problem(401, 'UNAUTHORIZED_ACCESS', 'Invalid or missing JWT');

    if (path === '/aspsps' && request.method === 'GET') {
      const country = url.searchParams.get('country');
      return json(200, {
        aspsps: EB_STAND_IN_ASPSPS.filter((aspsp) => !country || aspsp.country === country),
      });
    }
    if (path === '/auth' && request.method === 'POST') {
      const aspsp = body.aspsp as { name?: string; country?: string } | undefined;
      const known = EB_STAND_IN_ASPSPS.find(
        (item) => item.name === aspsp?.name && item.country === aspsp?.country,
      );
      if (!known) return problem(404, 'ASPSP_NOT_FOUND', 'ASPSP not found');
      const redirect = String(body.redirect_url ?? '');
      if (!/^https?:\/\/[^?]+$/.test(redirect))
        return problem(422, 'REDIRECT_URI_NOT_ALLOWED', 'Redirect URL not allowed');
      const id = randomUUID();
      authorizations.set(id, {
        id,
        aspsp: { name: known.name, country: known.country },
        redirectUrl: redirect,
        state: String(body.state ?? ''),
        validUntil: String((body.access as { valid_until?: string } | undefined)?.valid_until ?? ''),
        code: null,
      });
      return json(200, {
        url: `${base}/eb/authorize/${id}`,
        authorization_id: id,
        psu_id_hash: randomUUID(),
      });
    }
    if (path === '/sessions' && request.method === 'POST') {
      const authorizationId = codes.get(String(body.code));
      if (!authorizationId)
        return problem(422, 'WRONG_AUTHORIZATION_CODE', 'Wrong or used authorization code');
      codes.delete(String(body.code));
      const authorization = authorizations.get(authorizationId)!;
      const bank = banks.get(authorization.aspsp.name) ?? [];
      const session: Session = {
        id: randomUUID(),
        aspspName: authorization.aspsp.name,
        status: 'AUTHORIZED',
        accounts: [],
        validUntil: authorization.validUntil,
      };
      session.accounts = bank.map((_, index) => {
        const uid = randomUUID();
        accounts.set(uid, { sessionId: session.id, index });
        return uid;
      });
      sessions.set(session.id, session);
      return json(200, {
        session_id: session.id,
        accounts: session.accounts.map((uid, index) => ({
          uid,
          account_id: { iban: bank[index]!.iban },
          name: bank[index]!.name,
          currency: bank[index]!.currency,
        })),
        aspsp: authorization.aspsp,
        psu_type: 'business',
        access: { valid_until: session.validUntil },
      });
    }
    const sessionPath = /^\/sessions\/([\w-]+)$/.exec(path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) return problem(404, 'SESSION_DOES_NOT_EXIST', 'Session does not exist');
      if (request.method === 'DELETE') {
        sessions.delete(session.id);
        return json(200, { message: 'OK' });
      }
      return json(200, {
        status: session.status,
        accounts: session.accounts,
        access: { valid_until: session.validUntil },
      });
    }

    const account = /^\/accounts\/([\w-]+)\/(details|balances|transactions)$/.exec(path);
    if (account && request.method === 'GET') {
      const owner = accounts.get(account[1]!);
      const session = owner ? sessions.get(owner.sessionId) : undefined;
      if (!owner || !session) return problem(404, 'ACCOUNT_DOES_NOT_EXIST', 'Account does not exist');
      if (session.status !== 'AUTHORIZED') return problem(401, 'EXPIRED_SESSION', 'Session is expired');
      if (throttled > 0) {
        throttled--;
        return json(
          429,
          {
            code: 429,
            error: 'ASPSP_RATE_LIMIT_EXCEEDED',
            message: 'The bank’s daily request limit is reached',
          },
          { 'retry-after': String(retryAfter) },
        );
      }
      const bank = banks.get(session.aspspName)![owner.index]!;
      if (account[2] === 'details') {
        return json(200, {
          uid: account[1],
          account_id: { iban: bank.iban },
          name: bank.name,
          currency: bank.currency,
        });
      }
      if (account[2] === 'balances') {
        const today = new Date().toISOString().slice(0, 10);
        return json(200, {
          balances: [
            {
              name: 'Disponível',
              balance_amount: { currency: bank.currency, amount: bank.balance },
              balance_type: 'ITAV',
              reference_date: today,
            },
            {
              name: 'Contabilístico',
              balance_amount: { currency: bank.currency, amount: bank.balance },
              balance_type: 'CLBD',
              reference_date: today,
            },
          ],
        });
      }
      const from = url.searchParams.get('date_from') ?? '0000-00-00';
      const status = url.searchParams.get('transaction_status');
      const list = bank.transactions
        .filter((t) => t.booking_date >= from && (!status || t.status === status))
        .sort((a, b) => b.booking_date.localeCompare(a.booking_date));
      const start = Number(url.searchParams.get('continuation_key') ?? 0);
      const slice = list.slice(start, start + standIn.pageSize);
      const next = start + standIn.pageSize < list.length ? String(start + standIn.pageSize) : null;
      return json(200, { transactions: slice, continuation_key: next });
    }
    return problem(404, 'NOT_FOUND', `No route ${request.method} ${path}`);
  }

  const server = await startStandIn(answer);
  base = server.url;
  return Object.assign(standIn, {
    ...server,
    requests,
    authorizations,
    sessions,
    banks,
    authorise,
    deny: (id: string) => back(id, { error: 'access_denied', error_description: 'User cancelled' }),
    expire(id: string) {
      const session = sessions.get(id);
      if (session) session.status = 'EXPIRED' as const;
    },
    rateLimit(count: number, seconds = 3600) {
      throttled = count;
      retryAfter = seconds;
    },
  });
}

import type { Institution, StatementEntry } from '@fluxo/domain';
import { type AccountFeed, type BankConnector, BankFeedError, type ConsentState } from './connector.ts';
import { decimalToMinor, minorDigits } from './decimal-amount.ts';
import {
  type EbAspsp,
  type EbBalances,
  type EbTransaction,
  EnableBankingClient,
  type EnableBankingSettings,
} from './enable-banking-client.ts';

/** Institution codes of Enable Banking banks: the prefix, the bank's country and its name (its identity there). */
export const ENABLE_BANKING_PREFIX = 'enablebanking:';
const INSTITUTIONS_TTL_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;
/** The longest consent Fluxo asks for (PSD2 allows 180 days). */
const MAX_CONSENT_DAYS = 180;
const DEFAULT_CONSENT_DAYS = 90;
/** A bound on the pages of one transactions answer (continuation_key), so a looping bank cannot hang a sync. */
const MAX_PAGES = 200;

const codeOf = (aspsp: { name: string; country: string }) =>
  `${ENABLE_BANKING_PREFIX}${aspsp.country}:${aspsp.name}`;

function parseCode(code: string): { country: string; name: string } | null {
  const match = /^enablebanking:([A-Z]{2}):(.+)$/.exec(code);
  return match ? { country: match[1]!, name: match[2]! } : null;
}

function consentDays(aspsp: EbAspsp): number {
  const days = Math.floor((aspsp.maximum_consent_validity ?? 0) / 86_400);
  return days > 0 ? Math.min(days, MAX_CONSENT_DAYS) : DEFAULT_CONSENT_DAYS;
}

function toInstitution(aspsp: EbAspsp): Institution {
  return {
    code: codeOf(aspsp),
    name: aspsp.name,
    country: aspsp.country,
    // The user authenticates in the bank's own site or app, after the redirect.
    authTypes: ['app'],
    sandbox: aspsp.beta === true && /mock|sandbox/i.test(aspsp.name),
    hint: null,
    consentFlow: 'redirect',
    logo: aspsp.logo ?? null,
    historyDays: null,
  };
}

/** The booked balance to reproduce: closing booked, interim booked, expected…, in that order. */
function bookedBalance(balances: EbBalances, currency: string): { amount: number; date: string } | null {
  const order = ['CLBD', 'ITBD', 'XPCD', 'OPBD', 'ITAV', 'CLAV', 'OTHR'];
  const rank = (type: string) => (order.indexOf(type) + 1 || order.length + 1) as number;
  const sorted = [...balances.balances].sort((a, b) => rank(a.balance_type) - rank(b.balance_type));
  const chosen = sorted.find((balance) => balance.balance_amount.currency === currency) ?? sorted[0];
  if (!chosen) return null;
  const amount = decimalToMinor(chosen.balance_amount.amount, minorDigits(chosen.balance_amount.currency));
  if (amount === null) return null;
  return { amount, date: chosen.reference_date ?? new Date().toISOString().slice(0, 10) };
}

/**
 * A booked transaction as a statement entry. Amounts come unsigned with a credit/debit indicator; the
 * provider id is the bank's entry reference (its documented unique id within the account), else the
 * transaction id.
 */
export function entryOfEnableBanking(
  transaction: EbTransaction,
  line: number,
  accountCurrency: string,
): StatementEntry {
  const currency = transaction.transaction_amount.currency || accountCurrency;
  const magnitude = decimalToMinor(
    transaction.transaction_amount.amount.replace(/^-/, ''),
    minorDigits(currency),
  );
  const bookingDate = transaction.booking_date ?? transaction.value_date ?? transaction.transaction_date;
  if (magnitude === null || !bookingDate) {
    throw new BankFeedError(
      'unavailable',
      `Enable Banking sent a transaction that cannot be read (amount ${transaction.transaction_amount.amount}).`,
    );
  }
  const incoming = transaction.credit_debit_indicator === 'CRDT';
  const counterparty = incoming ? transaction.debtor : transaction.creditor;
  const counterpartyAccount = incoming ? transaction.debtor_account : transaction.creditor_account;
  const remittance =
    (transaction.remittance_information ?? []).filter((part) => part.trim()).join(' ') || null;
  return {
    line,
    bookingDate,
    valueDate: transaction.value_date ?? null,
    amount: incoming ? magnitude : -magnitude,
    currency,
    description: remittance ?? counterparty?.name ?? transaction.note ?? '',
    counterpartyName: counterparty?.name ?? null,
    counterpartyIban: counterpartyAccount?.iban ?? null,
    remittanceInfo: remittance,
    endToEndId: null,
    bankReference: transaction.reference_number ?? null,
    providerTransactionId: transaction.entry_reference ?? transaction.transaction_id ?? null,
    balanceAfter: null,
  };
}

/**
 * Enable Banking as a connector: banks (ASPSPs) per country, a consent started with POST /auth and sent
 * to the bank, the user coming back with a `code` that POST /sessions turns into a session (the
 * connection's provider_reference from then on), then account details, balances and booked
 * transactions page by page. Off unless the application id and its private key are configured.
 */
export function enableBankingConnector(
  settings: EnableBankingSettings,
  client = new EnableBankingClient(settings),
): BankConnector {
  const byCountry = new Map<string, { at: number; list: EbAspsp[] }>();

  async function aspspsOf(country: string | undefined): Promise<EbAspsp[]> {
    const key = country ?? '*';
    const cached = byCountry.get(key);
    if (cached && Date.now() - cached.at < INSTITUTIONS_TTL_MS) return cached.list;
    const list = (await client.aspsps(country)).aspsps;
    byCountry.set(key, { at: Date.now(), list });
    return list;
  }

  async function aspspOf(code: string): Promise<EbAspsp | null> {
    const wanted = parseCode(code);
    if (!wanted) return null;
    return (await aspspsOf(wanted.country)).find((aspsp) => aspsp.name === wanted.name) ?? null;
  }

  return {
    id: 'enablebanking',
    consentFlow: 'redirect',
    institutions: () => [],
    async listInstitutions(country) {
      return (await aspspsOf(country)).map(toInstitution);
    },
    async findInstitution(code) {
      const aspsp = await aspspOf(code);
      return aspsp ? toInstitution(aspsp) : null;
    },
    async startConsent({ connectionId, institutionCode, redirectUrl, language }) {
      const aspsp = await aspspOf(institutionCode);
      if (!aspsp) throw new BankFeedError('unavailable', `Enable Banking does not list ${institutionCode}.`);
      const validUntil = new Date(Date.now() + consentDays(aspsp) * DAY_MS);
      // Redirect URLs are registered with the application as they are: the connection travels in `state`.
      const back = new URL(redirectUrl);
      back.search = '';
      const started = await client.startAuthorization({
        access: { valid_until: validUntil.toISOString() },
        aspsp: { name: aspsp.name, country: aspsp.country },
        state: connectionId,
        redirect_url: back.toString(),
        psu_type: 'business',
        language: language.toLowerCase(),
      });
      return {
        reference: started.authorization_id,
        authorizationUrl: started.url,
        consentExpiresAt: validUntil,
      };
    },
    async completeConsent(reference, back): Promise<ConsentState> {
      if (back.error) return { status: 'rejected', reason: `The bank answered: ${back.error}` };
      if (back.code) {
        const session = await client.createSession(back.code);
        return {
          status: 'linked',
          reference: session.session_id,
          consentExpiresAt: new Date(session.access.valid_until),
        };
      }
      // Asked again without a code: linked already when the reference is an authorised session.
      try {
        const session = await client.session(reference);
        if (session.status === 'AUTHORIZED') {
          return { status: 'linked', reference, consentExpiresAt: new Date(session.access.valid_until) };
        }
        if (['EXPIRED', 'REVOKED', 'CLOSED', 'INVALID'].includes(session.status))
          return { status: 'expired' };
        return { status: 'pending' };
      } catch (error) {
        if (error instanceof BankFeedError && error.kind !== 'rate_limited') return { status: 'pending' };
        throw error;
      }
    },
    async revokeConsent(reference) {
      await client.deleteSession(reference);
    },
    async discoverAccounts(connection) {
      if (!connection.reference)
        throw new BankFeedError('consent_expired', 'This connection has no session yet.');
      const session = await client.session(connection.reference);
      if (session.status !== 'AUTHORIZED') {
        throw new BankFeedError('consent_expired', `The session at the bank is ${session.status}.`);
      }
      const accounts = [];
      for (const uid of session.accounts) {
        const details = await client.accountDetails(uid);
        accounts.push({
          providerAccountId: uid,
          name: details.name ?? details.product ?? details.details ?? 'Conta',
          iban: details.account_id?.iban ?? null,
          currency: (details.currency ?? 'EUR').toUpperCase(),
        });
      }
      return accounts;
    },
    async fetchAccount(_connection, uid, dateFrom): Promise<AccountFeed> {
      const booked: EbTransaction[] = [];
      let continuationKey: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await client.transactions(uid, { dateFrom, continuationKey });
        booked.push(...answer.transactions.filter((transaction) => transaction.status === 'BOOK'));
        continuationKey = answer.continuation_key ?? null;
        if (!continuationKey) break;
      }
      const balances = await client.balances(uid);
      const currency =
        booked[0]?.transaction_amount.currency ?? balances.balances[0]?.balance_amount.currency ?? 'EUR';
      booked.sort((a, b) =>
        (a.booking_date ?? a.value_date ?? '').localeCompare(b.booking_date ?? b.value_date ?? ''),
      );
      return {
        entries: booked.map((transaction, index) => entryOfEnableBanking(transaction, index + 1, currency)),
        balance: bookedBalance(balances, currency),
      };
    },
  };
}

import type { Institution, StatementEntry } from '@fluxo/domain';
import {
  type AccountFeed,
  type BankConnector,
  BankFeedError,
  type ConsentState,
  type DiscoveredAccount,
} from './connector.ts';
import { decimalToMinor, minorDigits } from './decimal-amount.ts';
import {
  type GcBalances,
  type GcInstitution,
  type GcTransaction,
  GoCardlessClient,
  type GoCardlessSettings,
} from './gocardless-client.ts';

/** Institution codes of GoCardless banks: this prefix and GoCardless's institution id. */
export const GOCARDLESS_PREFIX = 'gocardless:';
const INSTITUTIONS_TTL_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;
/** What Fluxo asks of every bank: the most history and the longest access it allows, within PSD2's caps. */
const MAX_HISTORY_DAYS = 730;
const MAX_ACCESS_DAYS = 180;
const DEFAULT_DAYS = 90;

const boundedDays = (text: string | undefined, cap: number) => {
  const days = Number(text);
  return Number.isInteger(days) && days > 0 ? Math.min(days, cap) : DEFAULT_DAYS;
};

function toInstitution(found: GcInstitution, country?: string): Institution {
  return {
    code: `${GOCARDLESS_PREFIX}${found.id}`,
    name: found.name,
    country: country ?? found.countries[0] ?? '',
    // The user authenticates in the bank's own site or app, after the redirect.
    authTypes: ['app'],
    sandbox: found.id.startsWith('SANDBOXFINANCE'),
    hint: null,
    consentFlow: 'redirect',
    logo: found.logo ?? null,
    historyDays: boundedDays(found.transaction_total_days, MAX_HISTORY_DAYS),
  };
}

/** Requisition statuses (GoCardless "Statuses"): LN linked; RJ rejected; EX expired; the rest under way. */
function consentOf(status: string): Exclude<ConsentState['status'], 'linked'> | 'linked' {
  if (status === 'LN') return 'linked';
  if (status === 'RJ' || status === 'ER' || status === 'SU') return 'rejected';
  if (status === 'EX') return 'expired';
  return 'pending';
}

/** The booked balance to reproduce: closing, interim or expected booked, in that order of preference. */
function bookedBalance(balances: GcBalances, currency: string): { amount: number; date: string } | null {
  const order = ['closingBooked', 'interimBooked', 'expected', 'openingBooked', 'interimAvailable'];
  const sorted = [...balances.balances].sort(
    (a, b) =>
      (order.indexOf(a.balanceType) + 1 || order.length + 1) -
      (order.indexOf(b.balanceType) + 1 || order.length + 1),
  );
  const chosen = sorted.find((balance) => balance.balanceAmount.currency === currency) ?? sorted[0];
  if (!chosen) return null;
  const amount = decimalToMinor(chosen.balanceAmount.amount, minorDigits(chosen.balanceAmount.currency));
  if (amount === null) return null;
  return { amount, date: chosen.referenceDate ?? new Date().toISOString().slice(0, 10) };
}

function remittanceOf(transaction: GcTransaction): string | null {
  const parts = [
    transaction.remittanceInformationUnstructured,
    ...(transaction.remittanceInformationUnstructuredArray ?? []),
    transaction.remittanceInformationStructured,
  ].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A booked transaction as a statement entry; throws on an amount that is not a plain decimal. */
export function entryOf(transaction: GcTransaction, line: number, accountCurrency: string): StatementEntry {
  const currency = transaction.transactionAmount.currency || accountCurrency;
  const amount = decimalToMinor(transaction.transactionAmount.amount, minorDigits(currency));
  const bookingDate =
    transaction.bookingDate ?? transaction.bookingDateTime?.slice(0, 10) ?? transaction.valueDate;
  if (amount === null || !bookingDate) {
    throw new BankFeedError(
      'unavailable',
      `GoCardless sent a transaction that cannot be read (amount ${transaction.transactionAmount.amount}).`,
    );
  }
  const incoming = amount > 0;
  const counterpartyName = (incoming ? transaction.debtorName : transaction.creditorName) ?? null;
  const counterpartyIban =
    (incoming ? transaction.debtorAccount?.iban : transaction.creditorAccount?.iban) ?? null;
  const remittance = remittanceOf(transaction);
  return {
    line,
    bookingDate,
    valueDate: transaction.valueDate ?? null,
    amount,
    currency,
    description: remittance ?? counterpartyName ?? transaction.additionalInformation ?? '',
    counterpartyName,
    counterpartyIban,
    remittanceInfo: remittance,
    endToEndId:
      transaction.endToEndId && transaction.endToEndId !== 'NOTPROVIDED' ? transaction.endToEndId : null,
    bankReference: transaction.entryReference ?? null,
    providerTransactionId: transaction.transactionId ?? transaction.internalTransactionId ?? null,
    balanceAfter: null,
  };
}

/**
 * GoCardless Bank Account Data (ex-Nordigen) as a connector: institutions per country, an end-user
 * agreement and a requisition per consent (the requisition id is the connection's provider_reference),
 * the bank's consent page as the authorisation URL, then account details, balances and booked
 * transactions. Off unless both secrets are configured.
 */
export function gocardlessConnector(
  settings: GoCardlessSettings,
  client = new GoCardlessClient(settings),
): BankConnector {
  const byCountry = new Map<string, { at: number; list: Institution[] }>();
  const byCode = new Map<string, Institution>();

  async function listInstitutions(country: string | undefined): Promise<Institution[]> {
    const key = country ?? '*';
    const cached = byCountry.get(key);
    if (cached && Date.now() - cached.at < INSTITUTIONS_TTL_MS) return cached.list;
    const list = (await client.institutions(country)).map((found) => toInstitution(found, country));
    byCountry.set(key, { at: Date.now(), list });
    for (const institution of list) byCode.set(institution.code, institution);
    return list;
  }

  const idOf = (code: string) => code.slice(GOCARDLESS_PREFIX.length);

  return {
    id: 'gocardless',
    consentFlow: 'redirect',
    institutions: () => [],
    listInstitutions,
    async findInstitution(code) {
      if (!code.startsWith(GOCARDLESS_PREFIX)) return null;
      const cached = byCode.get(code);
      if (cached) return cached;
      try {
        const institution = toInstitution(await client.institution(idOf(code)));
        byCode.set(code, institution);
        return institution;
      } catch (error) {
        if (error instanceof BankFeedError && /answered 404/.test(error.message)) return null;
        throw error;
      }
    },
    async startConsent({ connectionId, institutionCode, redirectUrl, language }) {
      const institution = await client.institution(idOf(institutionCode));
      const agreement = await client.createAgreement({
        institution_id: institution.id,
        max_historical_days: boundedDays(institution.transaction_total_days, MAX_HISTORY_DAYS),
        access_valid_for_days: boundedDays(institution.max_access_valid_for_days, MAX_ACCESS_DAYS),
        access_scope: ['balances', 'details', 'transactions'],
      });
      const requisition = await client.createRequisition({
        redirect: redirectUrl,
        institution_id: institution.id,
        agreement: agreement.id,
        // Unique per requisition at GoCardless: the connection and the moment.
        reference: `${connectionId}:${Date.now().toString(36)}`,
        user_language: language.toUpperCase(),
      });
      return {
        reference: requisition.id,
        authorizationUrl: requisition.link,
        consentExpiresAt: new Date(Date.now() + agreement.access_valid_for_days * DAY_MS),
      };
    },
    async completeConsent(reference): Promise<ConsentState> {
      const requisition = await client.requisition(reference);
      const status = consentOf(requisition.status);
      if (status === 'rejected') return { status, reason: `The requisition is ${requisition.status}.` };
      if (status !== 'linked') return { status };
      const agreement = await client.agreement(requisition.agreement);
      const from = Date.parse(agreement.accepted ?? agreement.created);
      return {
        status,
        reference,
        consentExpiresAt: Number.isFinite(from)
          ? new Date(from + agreement.access_valid_for_days * DAY_MS)
          : null,
      };
    },
    async revokeConsent(reference) {
      await client.deleteRequisition(reference);
    },
    async discoverAccounts(connection) {
      if (!connection.reference)
        throw new BankFeedError('consent_expired', 'This connection has no consent yet.');
      const requisition = await client.requisition(connection.reference);
      const state = consentOf(requisition.status);
      if (state === 'expired' || state === 'rejected') {
        throw new BankFeedError('consent_expired', `The consent at the bank is ${requisition.status}.`);
      }
      const accounts: DiscoveredAccount[] = [];
      for (const id of requisition.accounts ?? []) {
        const { account } = await client.accountDetails(id);
        accounts.push({
          providerAccountId: id,
          name: account.name ?? account.displayName ?? account.product ?? account.ownerName ?? 'Conta',
          iban: account.iban ?? null,
          currency: (account.currency ?? 'EUR').toUpperCase(),
        });
      }
      return accounts;
    },
    async fetchAccount(_connection, providerAccountId, dateFrom): Promise<AccountFeed> {
      const [transactions, balances] = [
        await client.accountTransactions(providerAccountId, dateFrom, null),
        await client.accountBalances(providerAccountId),
      ];
      const currency =
        transactions.transactions.booked[0]?.transactionAmount.currency ??
        balances.balances[0]?.balanceAmount.currency ??
        'EUR';
      const booked = [...transactions.transactions.booked].sort((a, b) =>
        (a.bookingDate ?? a.valueDate ?? '').localeCompare(b.bookingDate ?? b.valueDate ?? ''),
      );
      return {
        entries: booked.map((transaction, index) => entryOf(transaction, index + 1, currency)),
        balance: bookedBalance(balances, currency),
      };
    },
  };
}

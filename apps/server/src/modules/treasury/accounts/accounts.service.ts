import {
  type Account,
  type AccountKind,
  compactIban,
  type createAccountContract,
  type dailyBalancesContract,
  hasFlag,
  isValidAccountIban,
  isValidBic,
  isValidPtNib,
  PermissionFlag,
  type updateAccountContract,
} from '@fluxo/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { OrgContext } from '../../../platform/guard.ts';
import { addMonths, iso } from '../../../platform/tx.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import { latestRates } from '../../tax/exchange-rates.repository.ts';
import { type LockedAccount, lockAccount, recomputeRunningBalances } from '../transactions/ingest.ts';
import { type TreasuryViewer, visibleAccountIds } from './account-scope.ts';
import * as repository from './accounts.repository.ts';
import { convertMinor, currencyDigits, isKnownCurrency } from './currency-conversion.ts';

type CreateBody = z.infer<typeof createAccountContract.body>;
type UpdateBody = z.infer<typeof updateAccountContract.body>;
type DailyQuery = z.infer<typeof dailyBalancesContract.query>;
type DailyResponse = z.infer<typeof dailyBalancesContract.response>;

/** The longest range the daily series covers: two years. */
const MAX_DAILY_MONTHS = 24;

function toAccount(row: repository.AccountRow): Account {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    institution: row.institution,
    iban: row.iban,
    bic: row.bic,
    currency: row.currency,
    openingBalance: Number(row.opening_balance),
    openingDate: row.opening_date,
    archived: row.archived,
    visibility: row.visibility,
    memberIds: row.member_ids ?? [],
    balance: Number(row.balance),
    lastMovementDate: row.last_movement_date,
    transactionCount: row.transaction_count,
    connectionId: row.connection_id,
    syncStatus: row.sync_status as Account['syncStatus'],
    syncError: row.sync_error,
    lastSyncedAt: iso(row.last_synced_at),
    consentExpiresAt: iso(row.consent_expires_at),
    bankBalance: row.bank_balance === null ? null : Number(row.bank_balance),
    bankBalanceDate: row.bank_balance_date,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

function invalid(path: string, messageKey: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, messageKey, message }]);
}

/**
 * The IBAN as stored (electronic form), or null when left empty. A bare 21-digit Portuguese NIB is
 * accepted too and stored as its IBAN (PT50 + NIB: a valid NIB always makes a valid IBAN).
 */
export function normaliseAccountIban(value: string | null | undefined): string | null {
  const given = value?.replace(/\s+/g, '') ?? '';
  if (given === '') return null;
  if (/^\d{21}$/.test(given)) {
    if (isValidPtNib(given)) return `PT50${given}`;
    throw new AppError('INVALID_IBAN', 'The NIB check digits do not match.', [
      {
        path: 'body.iban',
        messageKey: 'TREASURY.ACCOUNTS.INVALID_NIB',
        message: 'Invalid NIB check digits.',
      },
    ]);
  }
  const compact = compactIban(given);
  if (isValidAccountIban(compact)) return compact;
  const nibFailed = /^PT\d{23}$/.test(compact) && !isValidPtNib(compact.slice(4));
  throw new AppError('INVALID_IBAN', nibFailed ? 'The NIB check digits do not match.' : 'Not a valid IBAN.', [
    {
      path: 'body.iban',
      messageKey: nibFailed ? 'TREASURY.ACCOUNTS.INVALID_NIB' : 'ERRORS.INVALID_IBAN',
      message: nibFailed ? 'Invalid NIB check digits.' : 'Not a valid IBAN.',
    },
  ]);
}

function normaliseBic(value: string | null | undefined): string | null {
  const given = value?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (given === '') return null;
  if (!isValidBic(given)) throw invalid('body.bic', 'TREASURY.ACCOUNTS.INVALID_BIC', 'Not a valid BIC.');
  return given;
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Sharing an account with chosen members (visibility, memberIds) is an account setting: it needs
 * treasury.cashConfigs EDIT, or the owner. Plain treasury.cash CREATE/EDIT covers everything else.
 */
function assertMaySetVisibility(org: OrgContext): void {
  if (org.role === 'owner') return;
  const granted = org.grants['treasury.cashConfigs'];
  if (granted === undefined || !hasFlag(granted, PermissionFlag.EDIT)) {
    throw new AppError(
      'FORBIDDEN',
      'Changing who sees an account needs treasury.cashConfigs EDIT or the owner.',
    );
  }
}

async function checkedMembers(db: Db, organizationId: string, memberIds: readonly string[]) {
  const unique = [...new Set(memberIds)];
  const members = await repository.organizationMembersAmong(db, organizationId, unique);
  const strangers = unique.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    throw invalid(
      'body.memberIds',
      'TREASURY.ACCOUNTS.NOT_A_MEMBER',
      `Not members of this organization: ${strangers.join(', ')}.`,
    );
  }
  return unique;
}

/** Cash wallets and POS terminals are wallets (UPDATE_WALLET_STATUS); bank and card are accounts. */
async function announce(
  tx: Db,
  account: { id: string; organizationId: string; kind: AccountKind; connectionId: string | null },
  status: 'created' | 'updated' | 'archived' | 'restored',
): Promise<void> {
  if (account.kind === 'cash' || account.kind === 'pos') {
    await notifyOrganization(tx, account.organizationId, 'UPDATE_WALLET_STATUS', {
      WalletId: account.id,
      Status: status,
    });
    return;
  }
  await notifyOrganization(tx, account.organizationId, 'UPDATE_ACCOUNT_STATUS', {
    AccountId: account.id,
    Status: status,
    ...(account.connectionId ? { ConnectionId: account.connectionId } : {}),
  });
}

/** Movements may not enter an archived account (imports, sync, manual entries, transfers, POS). */
export function assertAccountOpen(account: Pick<LockedAccount, 'archived'>): void {
  if (account.archived) {
    throw new AppError('ACCOUNT_ARCHIVED', 'The account is archived: restore it to add movements.');
  }
}

/** lockAccount, refusing an archived account (ACCOUNT_ARCHIVED): what every writer of movements calls. */
export async function lockOpenAccount(tx: Db, organizationId: string, accountId: string) {
  const account = await lockAccount(tx, organizationId, accountId);
  assertAccountOpen(account);
  return account;
}

export async function listAccounts(db: Db, viewer: TreasuryViewer, includeArchived: boolean) {
  const visible = await visibleAccountIds(db, viewer);
  const accounts = (await repository.listAccounts(db, viewer.organizationId, visible, includeArchived)).map(
    toAccount,
  );
  const byCurrency = new Map<string, number>();
  for (const account of accounts) {
    byCurrency.set(account.currency, (byCurrency.get(account.currency) ?? 0) + account.balance);
  }
  const totals = [...byCurrency]
    .map(([currency, balance]) => ({ currency, balance }))
    .sort((a, b) => (a.currency < b.currency ? -1 : 1));
  const base = await repository.organizationCurrency(db, viewer.organizationId);
  return { accounts, totals, total: await convertTotals(db, base, totals) };
}

/** The per-currency totals in `base` with today's rates (exact integer conversion). */
export async function convertTotals(
  db: Db,
  base: string,
  totals: readonly { currency: string; balance: number }[],
) {
  const foreign = totals.filter((t) => t.currency !== base).map((t) => t.currency);
  const today = new Date().toISOString().slice(0, 10);
  const rates = foreign.length > 0 ? await latestRates(db, base, foreign, today) : [];
  let balance = 0;
  let rateDate: string | null = null;
  const missingRates: string[] = [];
  for (const total of totals) {
    if (total.currency === base) {
      balance += total.balance;
      continue;
    }
    const rate = rates.find((r) => r.currency === total.currency);
    if (!rate || Number(rate.rate) === 0) {
      missingRates.push(total.currency);
      continue;
    }
    balance += convertMinor(total.balance, rate.rate, currencyDigits(total.currency), currencyDigits(base));
    const day = String(rate.rate_date).slice(0, 10);
    if (rateDate === null || day > rateDate) rateDate = day;
  }
  return { currency: base, balance, rateDate, missingRates };
}

async function requireAccount(db: Db, viewer: TreasuryViewer, accountId: string) {
  const visible = await visibleAccountIds(db, viewer);
  const row = await repository.findAccount(db, viewer.organizationId, accountId, visible);
  if (!row) throw new AppError('NOT_FOUND', 'No such account in this organization.');
  return row;
}

export async function getAccount(db: Db, viewer: TreasuryViewer, accountId: string): Promise<Account> {
  return toAccount(await requireAccount(db, viewer, accountId));
}

/** An account of the organization by id, whatever the viewer (for other modules); undefined if none. */
export async function findAccount(db: Db, organizationId: string, accountId: string) {
  const row = await repository.findAccount(db, organizationId, accountId, null);
  return row ? toAccount(row) : undefined;
}

/**
 * The organization's account with this IBAN (any spacing or case), open ones first: what a statement
 * file or a bank feed names its account by. Undefined when none holds it.
 */
export async function findAccountByIban(db: Db, organizationId: string, iban: string) {
  const compact = compactIban(iban);
  if (compact === '') return undefined;
  const [id] = await repository.accountIdsByIban(db, organizationId, compact);
  return id ? findAccount(db, organizationId, id) : undefined;
}

export async function createAccount(
  db: Db,
  input: { viewer: TreasuryViewer; org: OrgContext; body: CreateBody },
): Promise<Account> {
  const { viewer, body } = input;
  if (!isKnownCurrency(body.currency))
    throw invalid('body.currency', 'VALIDATION.CURRENCY', 'Unknown currency.');
  const iban = normaliseAccountIban(body.iban);
  const bic = normaliseBic(body.bic);
  if (body.visibility !== 'all' || body.memberIds.length > 0) assertMaySetVisibility(input.org);
  return db.transaction(async (tx) => {
    const memberIds = await checkedMembers(tx, viewer.organizationId, body.memberIds);
    const id = await repository.insertAccount(tx, {
      organizationId: viewer.organizationId,
      kind: body.kind,
      name: body.name,
      institution: emptyToNull(body.institution),
      iban,
      bic,
      currency: body.currency,
      openingBalance: body.openingBalance,
      openingDate: body.openingDate,
      visibility: body.visibility,
      createdBy: viewer.userId,
    });
    await repository.replaceMembers(tx, viewer.organizationId, id, memberIds);
    await announce(
      tx,
      { id, organizationId: viewer.organizationId, kind: body.kind, connectionId: null },
      'created',
    );
    return toAccount((await repository.findAccount(tx, viewer.organizationId, id, null))!);
  });
}

export async function updateAccount(
  db: Db,
  input: { viewer: TreasuryViewer; org: OrgContext; accountId: string; body: UpdateBody },
): Promise<Account> {
  const { viewer, body, accountId } = input;
  const current = await requireAccount(db, viewer, accountId);
  const sharingChanges =
    (body.visibility !== undefined && body.visibility !== current.visibility) ||
    (body.memberIds !== undefined &&
      [...new Set(body.memberIds)].sort().join() !== (current.member_ids ?? []).join());
  if (sharingChanges) assertMaySetVisibility(input.org);
  const values: Parameters<typeof repository.updateAccount>[3] = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.institution !== undefined) values.institution = emptyToNull(body.institution);
  if (body.iban !== undefined) values.iban = normaliseAccountIban(body.iban);
  if (body.bic !== undefined) values.bic = normaliseBic(body.bic);
  if (body.openingBalance !== undefined) values.openingBalance = body.openingBalance;
  if (body.openingDate !== undefined) values.openingDate = body.openingDate;
  if (body.visibility !== undefined) values.visibility = body.visibility;
  if (body.archived !== undefined) values.archived = body.archived;

  return db.transaction(async (tx) => {
    // The row lock queues this change behind any import writing the account's running balances.
    const locked = await lockAccount(tx, viewer.organizationId, accountId);
    if (body.memberIds !== undefined) {
      const memberIds = await checkedMembers(tx, viewer.organizationId, body.memberIds);
      await repository.replaceMembers(tx, viewer.organizationId, accountId, memberIds);
    }
    await repository.updateAccount(tx, viewer.organizationId, accountId, values);
    if (body.openingBalance !== undefined && body.openingBalance !== locked.openingBalance) {
      await recomputeRunningBalances(tx, { id: accountId, openingBalance: body.openingBalance }, null);
    }
    const status =
      body.archived === undefined || body.archived === locked.archived
        ? 'updated'
        : body.archived
          ? 'archived'
          : 'restored';
    await announce(
      tx,
      {
        id: accountId,
        organizationId: viewer.organizationId,
        kind: locked.kind,
        connectionId: current.connection_id,
      },
      status,
    );
    return toAccount((await repository.findAccount(tx, viewer.organizationId, accountId, null))!);
  });
}

export async function dailyBalances(
  db: Db,
  viewer: TreasuryViewer,
  query: DailyQuery,
): Promise<DailyResponse> {
  if (query.from > query.to)
    throw invalid('query.to', 'TREASURY.ACCOUNTS.RANGE_REVERSED', '`to` is before `from`.');
  const limit = addMonths(new Date(`${query.from}T00:00:00Z`), MAX_DAILY_MONTHS)
    .toISOString()
    .slice(0, 10);
  if (query.to > limit) throw invalid('query.to', 'TREASURY.ACCOUNTS.RANGE_TOO_LONG', 'At most two years.');
  const visible = await visibleAccountIds(db, viewer);
  let accounts: { id: string; currency: string }[];
  if (query.accountIds && query.accountIds.length > 0) {
    const asked = [...new Set(query.accountIds)];
    accounts = await repository.accountsAmong(db, viewer.organizationId, asked, visible);
    if (accounts.length !== asked.length)
      throw new AppError('NOT_FOUND', 'No such account in this organization.');
  } else {
    accounts = await repository.openAccounts(db, viewer.organizationId, visible);
  }
  const base = await repository.organizationCurrency(db, viewer.organizationId);
  const digits = new Map<string, number>([[base, currencyDigits(base)]]);
  for (const account of accounts) digits.set(account.currency, currencyDigits(account.currency));

  const series = new Map(
    accounts.map((a) => [
      a.id,
      { accountId: a.id, currency: a.currency, points: [] as { date: string; balance: number }[] },
    ]),
  );
  const total: { date: string; balance: number }[] = [];
  const missing = new Set<string>();
  const found = await repository.dailyBalances(db, {
    organizationId: viewer.organizationId,
    accountIds: accounts.map((a) => a.id),
    from: query.from,
    to: query.to,
    base,
    digits,
  });
  for (const row of found) {
    if (row.account_id === null) {
      total.push({ date: row.day, balance: Number(row.balance ?? 0) });
      for (const currency of row.missing ?? []) missing.add(currency);
    } else {
      series.get(row.account_id)?.points.push({ date: row.day, balance: Number(row.balance) });
    }
  }
  return {
    currency: base,
    accounts: [...series.values()],
    total,
    missingRates: [...missing].sort(),
  };
}

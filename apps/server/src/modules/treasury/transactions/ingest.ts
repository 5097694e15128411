import { createHash } from 'node:crypto';
import type { StatementEntry, TransactionSource } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';

// The one way movements enter an account — statement imports, bank sync, manual entry, POS, the demo
// seed — so that de-duplication, the running balance and the rules behave the same whatever the source.
// Every write to an account's movements happens inside a transaction that holds the account's row lock
// (lockAccount), so two imports into one account queue instead of interleaving their balances.

export interface LockedAccount {
  id: string;
  organizationId: string;
  kind: 'bank' | 'cash' | 'card' | 'pos';
  currency: string;
  openingBalance: number;
  archived: boolean;
}

/** Locks the account's row until the transaction ends; NOT_FOUND when it is not the organization's. */
export async function lockAccount(tx: Db, organizationId: string, accountId: string): Promise<LockedAccount> {
  const [row] = await rows<{
    id: string;
    organization_id: string;
    kind: LockedAccount['kind'];
    currency: string;
    opening_balance: string | number;
    archived: boolean;
  }>(
    tx,
    sql`SELECT id, organization_id, kind, currency, opening_balance, archived FROM treasury_accounts
        WHERE id = ${accountId} AND organization_id = ${organizationId} FOR UPDATE`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such account in this organization.');
  return {
    id: row.id,
    organizationId: row.organization_id,
    kind: row.kind,
    currency: row.currency.trim(),
    openingBalance: Number(row.opening_balance),
    archived: row.archived,
  };
}

/** Lower case, accents removed, spaces collapsed: what the text filter and the rules compare. */
export function normaliseText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Each entry's identity within its account. The caller's explicit key (manual movements); else the
 * provider's id when there is one (aggregator feeds, OFX FITID); else the bank's reference with date and
 * amount; else a hash of date, amount, description and counterparty IBAN with the occurrence number of
 * that combination in the statement, so that two equal coffees on one day stay two movements while a
 * re-import of the same day adds neither again.
 */
export function dedupeKeys(entries: readonly StatementEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    if (entry.dedupeKey) return entry.dedupeKey;
    if (entry.providerTransactionId) return `p:${entry.providerTransactionId}`;
    if (entry.bankReference) return `r:${entry.bookingDate}:${entry.amount}:${entry.bankReference}`;
    const identity = [
      entry.bookingDate,
      entry.amount,
      normaliseText(entry.description),
      entry.counterpartyIban ?? '',
    ].join('|');
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    return `h:${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}:${occurrence}`;
  });
}

/** Runs inside the writing transaction with the ids of the movements just created (rules, POS matching). */
export type TransactionsCreatedHook = (
  tx: Db,
  created: { organizationId: string; accountId: string; transactionIds: string[] },
) => Promise<void>;

const createdHooks = new Set<TransactionsCreatedHook>();

/** Registered once at start-up by the parts that react to new movements. */
export function onTransactionsCreated(hook: TransactionsCreatedHook): void {
  createdHooks.add(hook);
}

/**
 * Rows per INSERT. The batch travels as one jsonb parameter (an array of row arrays), so the statement's cost
 * does not grow with its parameter count: building a 1,000-row multi-VALUES insert took drizzle ~0.3 s.
 */
const INSERT_BATCH = 2000;

export interface InsertEntriesInput {
  account: LockedAccount;
  entries: readonly StatementEntry[];
  source: TransactionSource;
  importId?: string | null;
  createdBy?: string | null;
  /** Classification given by the caller (manual movements); the rules fill the rest. */
  classify?: (entry: StatementEntry) => {
    categoryId?: string | null;
    merchantId?: string | null;
    notes?: string | null;
  };
}

/**
 * Inserts the entries the account does not hold yet, keeps the running balances, and runs the hooks on
 * the new ones. The caller holds the account lock (lockAccount) and owns the transaction.
 */
export async function insertEntries(
  tx: Db,
  input: InsertEntriesInput,
): Promise<{ insertedIds: string[]; duplicates: number; earliestDate: string | null }> {
  const { account } = input;
  const entries = input.entries;
  const keys = dedupeKeys(entries);
  // Movements enter in booking-date order (the statement's own order within a day), so `seq` follows it.
  const order = entries
    .map((_, index) => index)
    .sort((a, b) => {
      const left = (entries[a] as StatementEntry).bookingDate;
      const right = (entries[b] as StatementEntry).bookingDate;
      return left < right ? -1 : left > right ? 1 : a - b;
    });
  const [state] = await rows<{ last: string | null; total: string | number }>(
    tx,
    sql`SELECT max(booking_date)::text AS last, coalesce(sum(amount), 0) AS total
        FROM treasury_transactions WHERE account_id = ${account.id}`,
  );
  const firstDate = order.length > 0 ? (entries[order[0] as number] as StatementEntry).bookingDate : null;
  // Appending after every movement the account holds (a new statement, a sync): each running balance is
  // known as the row is written, and the 100,000-row UPDATE of a recompute is not needed. Any row skipped
  // as a duplicate shifts the sums after it, so from that batch on the recompute takes over.
  let running: number | null =
    firstDate !== null && (state?.last === null || state?.last === undefined || firstDate > state.last)
      ? account.openingBalance + Number(state?.total ?? 0)
      : null;
  const appending = running !== null;
  let recomputeFrom: string | null = null;
  const insertedIds: string[] = [];
  let earliestDate: string | null = null;
  for (let start = 0; start < order.length; start += INSERT_BATCH) {
    const positions = order.slice(start, start + INSERT_BATCH);
    let batchTotal = 0;
    // Each row as a JSON array (half the text of objects with keys): the batch is one jsonb parameter.
    const parts: string[] = [];
    let firstOfBatch: string | null = null;
    for (const [index, position] of positions.entries()) {
      const entry = entries[position] as StatementEntry;
      const classification = input.classify?.(entry) ?? {};
      batchTotal += entry.amount;
      firstOfBatch ??= entry.bookingDate;
      parts.push(
        JSON.stringify([
          index,
          entry.bookingDate,
          entry.valueDate,
          entry.amount,
          entry.description,
          entry.counterpartyName,
          entry.counterpartyIban,
          entry.remittanceInfo,
          entry.endToEndId,
          entry.bankReference,
          entry.providerTransactionId,
          keys[position],
          classification.categoryId ?? null,
          classification.merchantId ?? null,
          classification.notes ?? null,
          normaliseText(
            entry.description,
            entry.counterpartyName,
            entry.remittanceInfo,
            classification.notes,
          ),
        ]),
      );
    }
    const batch = `[${parts.join(',')}]`;
    parts.length = 0;
    // ORDER BY n: rows get their `seq` in the batch's order.
    const inserted = await rows<{ id: string; booking_date: string }>(
      tx,
      sql`INSERT INTO treasury_transactions (organization_id, account_id, booking_date, value_date, amount, currency,
            description, counterparty_name, counterparty_iban, remittance_info, end_to_end_id, bank_reference,
            provider_transaction_id, dedupe_key, source, import_id, created_by, category_id, merchant_id, notes,
            search_text, balance_after)
          SELECT ${account.organizationId}::uuid, ${account.id}::uuid, (r->>1)::date, (r->>2)::date, (r->>3)::bigint,
                 ${account.currency}, r->>4, r->>5, r->>6, r->>7, r->>8, r->>9, r->>10, r->>11, ${input.source},
                 ${input.importId ?? null}::uuid, ${input.createdBy ?? null}::uuid, (r->>12)::uuid, (r->>13)::uuid,
                 r->>14, r->>15,
                 ${running ?? 0}::bigint + sum((r->>3)::bigint) OVER (ORDER BY (r->>0)::int ROWS UNBOUNDED PRECEDING)
          FROM jsonb_array_elements(${batch}::jsonb) AS r
          ORDER BY (r->>0)::int
          ON CONFLICT (account_id, dedupe_key) DO NOTHING
          RETURNING id, booking_date::text AS booking_date`,
    );
    for (const row of inserted) {
      insertedIds.push(row.id);
      if (earliestDate === null || row.booking_date < earliestDate) earliestDate = row.booking_date;
    }
    if (running !== null) {
      if (inserted.length === positions.length) running += batchTotal;
      else {
        running = null;
        recomputeFrom = firstOfBatch;
      }
    }
  }
  const from = appending ? recomputeFrom : earliestDate;
  if (from !== null) await recomputeRunningBalances(tx, account, from);
  if (insertedIds.length > 0) {
    for (const hook of createdHooks)
      await hook(tx, {
        organizationId: account.organizationId,
        accountId: account.id,
        transactionIds: insertedIds,
      });
  }
  return { insertedIds, duplicates: input.entries.length - insertedIds.length, earliestDate };
}

/**
 * Rewrites `balance_after` of the account's movements booked on or after `fromDate` (all of them when
 * null): the opening balance, plus everything before, plus the running sum in (booking_date, seq) order.
 * Call after any insert, delete or amount change, and after the opening balance changes (fromDate null).
 */
export async function recomputeRunningBalances(
  tx: Db,
  account: Pick<LockedAccount, 'id' | 'openingBalance'>,
  fromDate: string | null,
): Promise<void> {
  const before = fromDate
    ? sql`(SELECT coalesce(sum(amount), 0) FROM treasury_transactions
           WHERE account_id = ${account.id} AND booking_date < ${fromDate})`
    : sql`0`;
  const range = fromDate ? sql`AND booking_date >= ${fromDate}` : sql``;
  await tx.execute(sql`
    UPDATE treasury_transactions t SET balance_after = r.running
    FROM (
      SELECT id, ${account.openingBalance}::bigint + ${before}
             + sum(amount) OVER (ORDER BY booking_date, seq ROWS UNBOUNDED PRECEDING) AS running
      FROM treasury_transactions WHERE account_id = ${account.id} ${range}
    ) r
    WHERE t.id = r.id AND t.balance_after IS DISTINCT FROM r.running`);
}

/** The account's balance: opening plus every movement (exact, in minor units). */
export async function accountBalance(
  tx: Db,
  account: Pick<LockedAccount, 'id' | 'openingBalance'>,
): Promise<number> {
  const [row] = await rows<{ total: string | number }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0) AS total FROM treasury_transactions WHERE account_id = ${account.id}`,
  );
  return account.openingBalance + Number(row?.total ?? 0);
}

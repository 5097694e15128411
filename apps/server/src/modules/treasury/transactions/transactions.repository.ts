import type { Transaction, TransactionFilters, TransactionPart } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import {
  afterKeyset,
  filterConditions,
  type Keyset,
  type MovementScope,
  orderBy,
  type TransactionSort,
  whereClause,
} from './transaction-query.ts';

// SQL only: movements as the API shows them, their pages, totals and parts.

interface TransactionRow {
  id: string;
  seq: string | number;
  account_id: string;
  booking_date: string;
  value_date: string | null;
  amount: string | number;
  currency: string;
  description: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  remittance_info: string | null;
  end_to_end_id: string | null;
  bank_reference: string | null;
  source: Transaction['source'];
  import_id: string | null;
  category_id: string | null;
  merchant_id: string | null;
  notes: string | null;
  transfer_transaction_id: string | null;
  transfer_account_id: string | null;
  is_split: boolean;
  document_count: number;
  balance_after: string | number;
  created_at: string;
  updated_at: string;
}

const utc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a movement; the counterpart's account is looked up only for the rows returned. */
const COLUMNS = sql`t.id, t.seq, t.account_id, t.booking_date::text AS booking_date,
  t.value_date::text AS value_date, t.amount, t.currency, t.description, t.counterparty_name,
  t.counterparty_iban, t.remittance_info, t.end_to_end_id, t.bank_reference, t.source, t.import_id,
  t.category_id, t.merchant_id, t.notes, t.transfer_transaction_id,
  (SELECT c.account_id FROM treasury_transactions c WHERE c.id = t.transfer_transaction_id) AS transfer_account_id,
  t.is_split, t.document_count, t.balance_after,
  ${utc(sql`t.created_at`)} AS created_at, ${utc(sql`t.updated_at`)} AS updated_at`;

export interface PageRow {
  transaction: Transaction;
  seq: number;
}

function toTransaction(row: TransactionRow, parts: TransactionPart[]): Transaction {
  return {
    id: row.id,
    accountId: row.account_id,
    bookingDate: row.booking_date,
    valueDate: row.value_date,
    amount: Number(row.amount),
    currency: row.currency.trim(),
    description: row.description,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    remittanceInfo: row.remittance_info,
    endToEndId: row.end_to_end_id,
    bankReference: row.bank_reference,
    source: row.source,
    importId: row.import_id,
    categoryId: row.category_id,
    merchantId: row.merchant_id,
    notes: row.notes,
    transferTransactionId: row.transfer_transaction_id,
    transferAccountId: row.transfer_account_id,
    isSplit: row.is_split,
    parts,
    documentCount: row.document_count,
    runningBalance: Number(row.balance_after),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The parts of the given split movements, in their order. */
export async function partsOf(
  db: Db,
  organizationId: string,
  transactionIds: string[],
): Promise<Map<string, TransactionPart[]>> {
  const byTransaction = new Map<string, TransactionPart[]>();
  if (transactionIds.length === 0) return byTransaction;
  const found = await rows<{
    transaction_id: string;
    id: string;
    amount: string | number;
    category_id: string | null;
    description: string | null;
  }>(
    db,
    sql`SELECT transaction_id, id, amount, category_id, description FROM treasury_transaction_parts
        WHERE organization_id = ${organizationId} AND transaction_id IN ${uuidList(transactionIds)}
        ORDER BY transaction_id, position`,
  );
  for (const part of found) {
    const list = byTransaction.get(part.transaction_id) ?? [];
    list.push({
      id: part.id,
      amount: Number(part.amount),
      categoryId: part.category_id,
      description: part.description,
    });
    byTransaction.set(part.transaction_id, list);
  }
  return byTransaction;
}

async function withParts(db: Db, organizationId: string, found: TransactionRow[]): Promise<Transaction[]> {
  const parts = await partsOf(
    db,
    organizationId,
    found.filter((row) => row.is_split).map((row) => row.id),
  );
  return found.map((row) => toTransaction(row, parts.get(row.id) ?? []));
}

/** One page in the sort's order, after the keyset when given; `limit + 1` rows tell whether more follow. */
export async function listPage(
  db: Db,
  scope: MovementScope,
  filters: TransactionFilters,
  sort: TransactionSort,
  keyset: Keyset | null,
  limit: number,
): Promise<PageRow[]> {
  const conditions = filterConditions(scope, filters);
  if (keyset) conditions.push(afterKeyset(keyset));
  const found = await rows<TransactionRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_transactions t
        WHERE ${whereClause(conditions)} ORDER BY ${orderBy(sort)} LIMIT ${limit}`,
  );
  const transactions = await withParts(db, scope.organizationId, found);
  return transactions.map((transaction, index) => ({
    transaction,
    seq: Number(found[index]?.seq),
  }));
}

export interface CurrencyTotals {
  currency: string;
  count: number;
  income: number;
  expense: number;
  net: number;
}

/** Count, income and expense of the whole filtered set per currency; transfers are neither. */
export async function totals(
  db: Db,
  scope: MovementScope,
  filters: TransactionFilters,
): Promise<CurrencyTotals[]> {
  const found = await rows<{
    currency: string;
    count: string | number;
    income: string | number;
    expense: string | number;
  }>(
    db,
    sql`SELECT t.currency, count(*) AS count,
          coalesce(sum(t.amount) FILTER (WHERE t.amount > 0 AND t.transfer_transaction_id IS NULL), 0) AS income,
          coalesce(sum(t.amount) FILTER (WHERE t.amount < 0 AND t.transfer_transaction_id IS NULL), 0) AS expense
        FROM treasury_transactions t WHERE ${whereClause(filterConditions(scope, filters))}
        GROUP BY t.currency ORDER BY t.currency`,
  );
  return found.map((row) => {
    const income = Number(row.income);
    const expense = Number(row.expense);
    return {
      currency: row.currency.trim(),
      count: Number(row.count),
      income,
      expense,
      net: income + expense,
    };
  });
}

/** The movements with these ids the scope may see, in no particular order (missing ids are left out). */
export async function findTransactions(db: Db, scope: MovementScope, ids: string[]): Promise<Transaction[]> {
  if (ids.length === 0) return [];
  const found = await rows<TransactionRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_transactions t
        WHERE ${whereClause(filterConditions(scope, {}))} AND t.id IN ${uuidList(ids)}`,
  );
  return withParts(db, scope.organizationId, found);
}

export async function findTransaction(db: Db, scope: MovementScope, id: string): Promise<Transaction | null> {
  const [found] = await findTransactions(db, scope, [id]);
  return found ?? null;
}

/** What a write needs to know of a movement, its row locked until the transaction ends. */
export interface LockedMovement {
  id: string;
  accountId: string;
  accountKind: 'bank' | 'cash' | 'card' | 'pos';
  bookingDate: string;
  amount: number;
  currency: string;
  source: Transaction['source'];
  isSplit: boolean;
  transferTransactionId: string | null;
  description: string;
  counterpartyName: string | null;
  remittanceInfo: string | null;
}

/** Locks the movements' rows (in id order, so two writers never wait on each other crosswise). */
export async function lockMovements(tx: Db, scope: MovementScope, ids: string[]): Promise<LockedMovement[]> {
  if (ids.length === 0) return [];
  const found = await rows<{
    id: string;
    account_id: string;
    kind: LockedMovement['accountKind'];
    booking_date: string;
    amount: string | number;
    currency: string;
    source: Transaction['source'];
    is_split: boolean;
    transfer_transaction_id: string | null;
    description: string;
    counterparty_name: string | null;
    remittance_info: string | null;
  }>(
    tx,
    sql`SELECT t.id, t.account_id, a.kind, t.booking_date::text AS booking_date, t.amount, t.currency,
          t.source, t.is_split, t.transfer_transaction_id, t.description, t.counterparty_name, t.remittance_info
        FROM treasury_transactions t JOIN treasury_accounts a ON a.id = t.account_id
        WHERE ${whereClause(filterConditions(scope, {}))} AND t.id IN ${uuidList(ids)}
        ORDER BY t.id FOR UPDATE OF t`,
  );
  return found.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    accountKind: row.kind,
    bookingDate: row.booking_date,
    amount: Number(row.amount),
    currency: row.currency.trim(),
    source: row.source,
    isSplit: row.is_split,
    transferTransactionId: row.transfer_transaction_id,
    description: row.description,
    counterpartyName: row.counterparty_name,
    remittanceInfo: row.remittance_info,
  }));
}

/** Which of these ids are the organization's categories (and merchants). */
export async function existingIds(
  db: Db,
  table: 'treasury_categories' | 'treasury_merchants',
  organizationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE organization_id = ${organizationId} AND id IN ${uuidList(ids)}`,
  );
  return new Set(found.map((row) => row.id));
}

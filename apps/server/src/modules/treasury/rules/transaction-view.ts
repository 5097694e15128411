import type { Transaction } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';

// Movements as the API shows them (ZTransaction), for the parts of treasury that answer with a few of
// them: a rule's preview sample, a POS batch's settlement candidates.

interface TransactionRow {
  id: string;
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
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The organization's movements with these ids, in the order given, with their parts. */
export async function loadTransactions(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Transaction[]> {
  if (ids.length === 0) return [];
  const found = await rows<TransactionRow>(
    db,
    sql`SELECT t.id, t.account_id, t.booking_date::text AS booking_date, t.value_date::text AS value_date, t.amount,
               t.currency, t.description, t.counterparty_name, t.counterparty_iban, t.remittance_info,
               t.end_to_end_id, t.bank_reference, t.source, t.import_id, t.category_id, t.merchant_id, t.notes,
               t.transfer_transaction_id, o.account_id AS transfer_account_id, t.is_split, t.document_count,
               t.balance_after, t.created_at, t.updated_at
        FROM treasury_transactions t
        LEFT JOIN treasury_transactions o ON o.id = t.transfer_transaction_id AND o.organization_id = t.organization_id
        WHERE t.organization_id = ${organizationId} AND t.id IN ${uuidList(ids)}`,
  );
  const parts = await rows<{
    id: string;
    transaction_id: string;
    amount: string | number;
    category_id: string | null;
    description: string | null;
  }>(
    db,
    sql`SELECT id, transaction_id, amount, category_id, description FROM treasury_transaction_parts
        WHERE organization_id = ${organizationId} AND transaction_id IN ${uuidList(ids)}
        ORDER BY transaction_id, position`,
  );
  const partsOf = new Map<string, Transaction['parts']>();
  for (const part of parts) {
    const list = partsOf.get(part.transaction_id) ?? [];
    list.push({
      id: part.id,
      amount: Number(part.amount),
      categoryId: part.category_id,
      description: part.description,
    });
    partsOf.set(part.transaction_id, list);
  }
  const byId = new Map(
    found.map((row) => [
      row.id,
      {
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
        parts: partsOf.get(row.id) ?? [],
        documentCount: row.document_count,
        runningBalance: Number(row.balance_after),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      } satisfies Transaction,
    ]),
  );
  return ids.flatMap((id) => {
    const transaction = byId.get(id);
    return transaction ? [transaction] : [];
  });
}

/** Ids of a query that selects `id`, in its order. */
export async function selectIds(db: Db, query: SQL): Promise<string[]> {
  return (await rows<{ id: string }>(db, query)).map((row) => row.id);
}

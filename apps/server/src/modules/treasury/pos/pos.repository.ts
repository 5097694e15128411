import type { PosBatch } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';

interface BatchRow {
  id: string;
  account_id: string;
  batch_date: string;
  reference: string;
  sales_count: number;
  gross: string | number;
  fees: string | number;
  net: string | number;
  currency: string;
  expected_settlement_date: string | null;
  settlement_transaction_id: string | null;
  settlement_account_id: string | null;
  settlement_date: string | null;
}

function toBatch(row: BatchRow): PosBatch {
  return {
    id: row.id,
    accountId: row.account_id,
    batchDate: row.batch_date,
    reference: row.reference,
    salesCount: row.sales_count,
    gross: Number(row.gross),
    fees: Number(row.fees),
    net: Number(row.net),
    currency: row.currency.trim(),
    expectedSettlementDate: row.expected_settlement_date,
    settlementTransactionId: row.settlement_transaction_id,
    settlementAccountId: row.settlement_account_id,
    settlementDate: row.settlement_date,
  };
}

const SELECT = sql`SELECT b.id, b.account_id, b.batch_date::text AS batch_date, b.reference, b.sales_count, b.gross,
    b.fees, b.net, a.currency, b.expected_settlement_date::text AS expected_settlement_date,
    b.settlement_transaction_id, s.account_id AS settlement_account_id, s.booking_date::text AS settlement_date
  FROM treasury_pos_batches b
  JOIN treasury_accounts a ON a.id = b.account_id AND a.organization_id = b.organization_id
  LEFT JOIN treasury_transactions s ON s.id = b.settlement_transaction_id AND s.organization_id = b.organization_id`;

/** Batches are few per day and terminal; a list answers at most this many (the totals cover all). */
export const BATCH_LIST_LIMIT = 2000;

export async function listBatches(db: Db, organizationId: string, where: SQL): Promise<PosBatch[]> {
  const found = await rows<BatchRow>(
    db,
    sql`${SELECT} WHERE b.organization_id = ${organizationId} AND ${where}
        ORDER BY b.batch_date DESC, b.reference DESC LIMIT ${BATCH_LIST_LIMIT}`,
  );
  return found.map(toBatch);
}

export interface BatchTotals {
  currency: string;
  salesCount: number;
  gross: number;
  fees: number;
  net: number;
  settled: number;
  pending: number;
}

export async function batchTotals(db: Db, organizationId: string, where: SQL): Promise<BatchTotals[]> {
  const found = await rows<{
    currency: string;
    sales_count: string | number;
    gross: string | number;
    fees: string | number;
    net: string | number;
    settled: string | number;
    pending: string | number;
  }>(
    db,
    sql`SELECT a.currency, coalesce(sum(b.sales_count), 0) AS sales_count, coalesce(sum(b.gross), 0) AS gross,
               coalesce(sum(b.fees), 0) AS fees, coalesce(sum(b.net), 0) AS net,
               coalesce(sum(b.net) FILTER (WHERE b.settlement_transaction_id IS NOT NULL), 0) AS settled,
               coalesce(sum(b.net) FILTER (WHERE b.settlement_transaction_id IS NULL), 0) AS pending
        FROM treasury_pos_batches b
        JOIN treasury_accounts a ON a.id = b.account_id AND a.organization_id = b.organization_id
        WHERE b.organization_id = ${organizationId} AND ${where}
        GROUP BY a.currency ORDER BY a.currency`,
  );
  return found.map((row) => ({
    currency: row.currency.trim(),
    salesCount: Number(row.sales_count),
    gross: Number(row.gross),
    fees: Number(row.fees),
    net: Number(row.net),
    settled: Number(row.settled),
    pending: Number(row.pending),
  }));
}

export async function findBatch(
  db: Db,
  organizationId: string,
  id: string,
  visible: SQL,
  lock = false,
): Promise<PosBatch | null> {
  if (lock)
    await db.execute(
      sql`SELECT id FROM treasury_pos_batches WHERE organization_id = ${organizationId} AND id = ${id} FOR UPDATE`,
    );
  const [row] = await rows<BatchRow>(
    db,
    sql`${SELECT} WHERE b.organization_id = ${organizationId} AND b.id = ${id} AND ${visible}`,
  );
  return row ? toBatch(row) : null;
}

export interface NewBatch {
  accountId: string;
  batchDate: string;
  reference: string;
  salesCount: number;
  gross: number;
  fees: number;
  expectedSettlementDate: string | null;
}

/** Inserts the batches whose reference the terminal does not have yet; answers the new ids. */
export async function insertBatches(
  db: Db,
  organizationId: string,
  batches: readonly NewBatch[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < batches.length; start += 500) {
    const values = batches.slice(start, start + 500).map(
      (batch) =>
        sql`(${organizationId}, ${batch.accountId}, ${batch.batchDate}, ${batch.reference}, ${batch.salesCount},
             ${batch.gross}, ${batch.fees}, ${batch.gross - batch.fees}, ${batch.expectedSettlementDate})`,
    );
    const inserted = await rows<{ id: string }>(
      db,
      sql`INSERT INTO treasury_pos_batches
            (organization_id, account_id, batch_date, reference, sales_count, gross, fees, net, expected_settlement_date)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (account_id, reference) DO NOTHING RETURNING id`,
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function setSettlement(
  db: Db,
  organizationId: string,
  batchId: string,
  transactionId: string | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE treasury_pos_batches SET settlement_transaction_id = ${transactionId}
        WHERE organization_id = ${organizationId} AND id = ${batchId}`,
  );
}

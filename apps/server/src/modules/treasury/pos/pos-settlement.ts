import { normaliseRuleText } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import * as repository from './pos.repository.ts';

// Which bank movement carried a batch's settlement: a credit of exactly the batch's net amount, in the
// same currency, on one of the organization's bank or card accounts, booked between the batch's day and
// five days after the expected settlement date (the batch's day when none is expected), that carries no
// other batch's settlement. Candidates rank by distance to the expected date, those that mention the
// batch's reference first.

export const SETTLEMENT_WINDOW_DAYS = 5;

interface BatchKey {
  id: string;
  batchDate: string;
  expectedSettlementDate: string | null;
  net: number;
  currency: string;
  reference: string;
}

/** Candidate movements of a batch, best first; `visible` narrows to the accounts a viewer sees. */
export async function candidateIds(
  db: Db,
  organizationId: string,
  batch: BatchKey,
  visible: SQL,
): Promise<string[]> {
  if (batch.net <= 0) return [];
  const expected = batch.expectedSettlementDate ?? batch.batchDate;
  const reference = `%${normaliseRuleText(batch.reference).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT t.id FROM treasury_transactions t
        JOIN treasury_accounts a ON a.id = t.account_id AND a.organization_id = t.organization_id
        WHERE t.organization_id = ${organizationId} AND a.kind IN ('bank', 'card') AND ${visible}
          AND t.amount = ${batch.net} AND t.currency = ${batch.currency}
          AND t.booking_date BETWEEN ${batch.batchDate}::date AND ${expected}::date + ${SETTLEMENT_WINDOW_DAYS}::int
          AND t.transfer_transaction_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM treasury_pos_batches o
                          WHERE o.organization_id = ${organizationId} AND o.settlement_transaction_id = t.id
                            AND o.id <> ${batch.id})
        ORDER BY (t.search_text LIKE ${reference}) DESC, abs(t.booking_date - ${expected}::date), t.booking_date, t.seq
        LIMIT 50`,
  );
  return found.map((row) => row.id);
}

/** How many unmatched batches of the organization each movement could settle. */
async function batchesPerMovement(
  db: Db,
  organizationId: string,
  transactionIds: string[],
): Promise<Map<string, number>> {
  if (transactionIds.length === 0) return new Map();
  const found = await rows<{ id: string; batches: string | number }>(
    db,
    sql`SELECT t.id, count(b.id) AS batches FROM treasury_transactions t
        JOIN treasury_pos_batches b ON b.organization_id = t.organization_id AND b.settlement_transaction_id IS NULL
          AND b.net = t.amount
          AND t.booking_date BETWEEN b.batch_date AND coalesce(b.expected_settlement_date, b.batch_date) + ${SETTLEMENT_WINDOW_DAYS}::int
        JOIN treasury_accounts p ON p.id = b.account_id AND p.currency = t.currency
        WHERE t.organization_id = ${organizationId} AND t.id IN ${uuidList(transactionIds)}
        GROUP BY t.id`,
  );
  return new Map(found.map((row) => [row.id, Number(row.batches)]));
}

/**
 * Matches each of these unmatched batches whose settlement is beyond doubt: exactly one candidate
 * movement, which could settle no other unmatched batch. Answers how many were matched.
 */
export async function autoMatch(
  tx: Db,
  organizationId: string,
  batchIds: readonly string[],
): Promise<string[]> {
  const matched: string[] = [];
  for (const batchId of batchIds) {
    const batch = await repository.findBatch(tx, organizationId, batchId, sql`true`, true);
    if (!batch || batch.settlementTransactionId) continue;
    const candidates = await candidateIds(tx, organizationId, batch, sql`true`);
    if (candidates.length !== 1) continue;
    const [candidate] = candidates as [string];
    // Locked so that two matchers cannot give one movement to two batches.
    await tx.execute(sql`SELECT id FROM treasury_transactions WHERE id = ${candidate} FOR UPDATE`);
    if ((await batchesPerMovement(tx, organizationId, [candidate])).get(candidate) !== 1) continue;
    await repository.setSettlement(tx, organizationId, batch.id, candidate);
    matched.push(batch.id);
  }
  return matched;
}

/** The unmatched batches that new movements could settle (for the onTransactionsCreated hook). */
export async function batchesForMovements(
  tx: Db,
  organizationId: string,
  transactionIds: readonly string[],
): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT DISTINCT b.id, b.batch_date FROM treasury_pos_batches b
        JOIN treasury_accounts p ON p.id = b.account_id
        JOIN treasury_transactions t ON t.organization_id = b.organization_id AND t.amount = b.net
          AND t.currency = p.currency
          AND t.booking_date BETWEEN b.batch_date AND coalesce(b.expected_settlement_date, b.batch_date) + ${SETTLEMENT_WINDOW_DAYS}::int
        JOIN treasury_accounts a ON a.id = t.account_id AND a.kind IN ('bank', 'card')
        WHERE b.organization_id = ${organizationId} AND b.settlement_transaction_id IS NULL AND b.net > 0
          AND t.id IN ${uuidList(transactionIds)}
        ORDER BY b.batch_date, b.id`,
  );
  return found.map((row) => row.id);
}

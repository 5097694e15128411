import type { PosBatch, Transaction } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidValues } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../accounts/account-scope.ts';
import { loadTransactions } from '../rules/transaction-view.ts';
import { lockAccount } from '../transactions/ingest.ts';
import * as repository from './pos.repository.ts';
import { autoMatch, batchesForMovements, candidateIds } from './pos-settlement.ts';
import { parseSettlementReport } from './pos-settlement-csv.ts';

/** A POS wallet of the organization that the viewer sees and that takes new batches. */
async function posAccount(tx: Db, viewer: TreasuryViewer, accountId: string) {
  const account = await lockAccount(tx, viewer.organizationId, accountId);
  const visible = await visibleAccountIds(tx, viewer);
  if (visible !== null && !visible.includes(account.id))
    throw new AppError('NOT_FOUND', 'No such account in this organization.');
  if (account.kind !== 'pos')
    throw new AppError('VALIDATION_FAILED', 'Batches belong to a POS terminal wallet.', [
      { path: 'accountId', messageKey: 'VALIDATION.INVALID_VALUE', message: 'Not a POS terminal wallet.' },
    ]);
  if (account.archived) throw new AppError('ACCOUNT_ARCHIVED', 'This wallet is archived.');
  return account;
}

async function scope(db: Db, viewer: TreasuryViewer): Promise<SQL> {
  return accountFilter(sql`b.account_id`, await visibleAccountIds(db, viewer));
}

async function batchOf(db: Db, viewer: TreasuryViewer, id: string, lock = false): Promise<PosBatch> {
  const batch = await repository.findBatch(db, viewer.organizationId, id, await scope(db, viewer), lock);
  if (!batch) throw new AppError('NOT_FOUND', 'No such batch.');
  return batch;
}

function walletChanged(tx: Db, organizationId: string, accountId: string) {
  return notifyOrganization(tx, organizationId, 'UPDATE_WALLET_STATUS', {
    WalletId: accountId,
    Status: 'pos_batches',
  });
}

export async function listBatches(
  db: Db,
  viewer: TreasuryViewer,
  query: { accountIds?: string[]; from?: string; to?: string; settled?: boolean },
) {
  const filters: SQL[] = [await scope(db, viewer)];
  if (query.accountIds?.length) filters.push(sql`b.account_id IN (${uuidValues(query.accountIds)})`);
  if (query.from) filters.push(sql`b.batch_date >= ${query.from}`);
  if (query.to) filters.push(sql`b.batch_date <= ${query.to}`);
  if (query.settled !== undefined)
    filters.push(
      query.settled ? sql`b.settlement_transaction_id IS NOT NULL` : sql`b.settlement_transaction_id IS NULL`,
    );
  const where = sql.join(filters, sql` AND `);
  const [items, totals] = [
    await repository.listBatches(db, viewer.organizationId, where),
    await repository.batchTotals(db, viewer.organizationId, where),
  ];
  return { items, totals };
}

export async function createBatch(
  db: Db,
  viewer: TreasuryViewer,
  input: repository.NewBatch,
): Promise<PosBatch> {
  if (input.fees < 0)
    throw new AppError('VALIDATION_FAILED', 'The fees cannot be negative.', [
      { path: 'fees', messageKey: 'VALIDATION.TOO_SMALL', message: 'At least 0.' },
    ]);
  if (input.expectedSettlementDate && input.expectedSettlementDate < input.batchDate)
    throw new AppError('VALIDATION_FAILED', 'The settlement cannot come before the batch.', [
      {
        path: 'expectedSettlementDate',
        messageKey: 'VALIDATION.INVALID_VALUE',
        message: 'Before the batch date.',
      },
    ]);
  const id = await db.transaction(async (tx) => {
    await posAccount(tx, viewer, input.accountId);
    const [inserted] = await repository.insertBatches(tx, viewer.organizationId, [input]);
    if (!inserted)
      throw new AppError('POS_BATCH_DUPLICATE', 'This terminal already has a batch with that reference.');
    await autoMatch(tx, viewer.organizationId, [inserted]);
    await walletChanged(tx, viewer.organizationId, input.accountId);
    return inserted;
  });
  return batchOf(db, viewer, id);
}

/** The acquirer's settlement report into a POS wallet: all or nothing, known references skipped. */
export async function importBatches(
  db: Db,
  viewer: TreasuryViewer,
  accountId: string,
  content: Buffer,
): Promise<{ imported: number; duplicates: number; matched: number }> {
  const { lines, rejected } = parseSettlementReport(content);
  if (rejected.length > 0)
    throw new AppError(
      'STATEMENT_REJECTED',
      'The settlement report was not imported: see the lines refused.',
      rejected.map((reason) => ({
        path: reason.line === null ? 'file' : `line.${reason.line}`,
        messageKey: `TREASURY.POS.REJECT.${reason.code}`,
        message: reason.message,
      })),
    );
  return db.transaction(async (tx) => {
    await posAccount(tx, viewer, accountId);
    const ids = await repository.insertBatches(
      tx,
      viewer.organizationId,
      lines.map((line) => ({ ...line, accountId })),
    );
    const matched = await autoMatch(tx, viewer.organizationId, ids);
    await walletChanged(tx, viewer.organizationId, accountId);
    return { imported: ids.length, duplicates: lines.length - ids.length, matched: matched.length };
  });
}

export async function settlementCandidates(
  db: Db,
  viewer: TreasuryViewer,
  batchId: string,
): Promise<Transaction[]> {
  const batch = await batchOf(db, viewer, batchId);
  const visible = accountFilter(sql`t.account_id`, await visibleAccountIds(db, viewer));
  const ids = await candidateIds(db, viewer.organizationId, batch, visible);
  return loadTransactions(db, viewer.organizationId, ids);
}

export async function matchSettlement(
  db: Db,
  viewer: TreasuryViewer,
  batchId: string,
  transactionId: string,
): Promise<PosBatch> {
  await db.transaction(async (tx) => {
    const batch = await batchOf(tx, viewer, batchId, true);
    // The movement's row lock keeps two batches from taking it at once.
    await tx.execute(
      sql`SELECT id FROM treasury_transactions WHERE organization_id = ${viewer.organizationId} AND id = ${transactionId} FOR UPDATE`,
    );
    const visible = accountFilter(sql`t.account_id`, await visibleAccountIds(tx, viewer));
    const candidates = await candidateIds(
      tx,
      viewer.organizationId,
      batch,
      sql`${visible} AND t.id = ${transactionId}`,
    );
    if (candidates.length === 0)
      throw new AppError(
        'POS_SETTLEMENT_NOT_POSSIBLE',
        'This movement cannot be the settlement: it must credit the net amount to a bank account within days of the batch, and settle no other batch.',
      );
    await repository.setSettlement(tx, viewer.organizationId, batch.id, transactionId);
    await walletChanged(tx, viewer.organizationId, batch.accountId);
  });
  return batchOf(db, viewer, batchId);
}

export async function unmatchSettlement(db: Db, viewer: TreasuryViewer, batchId: string): Promise<PosBatch> {
  await db.transaction(async (tx) => {
    const batch = await batchOf(tx, viewer, batchId, true);
    await repository.setSettlement(tx, viewer.organizationId, batch.id, null);
    await walletChanged(tx, viewer.organizationId, batch.accountId);
  });
  return batchOf(db, viewer, batchId);
}

/** New bank movements settle the batches they unambiguously belong to (inside their transaction). */
export async function matchNewMovements(
  tx: Db,
  created: { organizationId: string; accountId: string; transactionIds: string[] },
): Promise<void> {
  const [pending] = await rows<{ any: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM treasury_pos_batches WHERE organization_id = ${created.organizationId}
          AND settlement_transaction_id IS NULL AND net > 0) AS any`,
  );
  if (!pending?.any) return;
  const batches = await batchesForMovements(tx, created.organizationId, created.transactionIds);
  if (batches.length === 0) return;
  const matched = await autoMatch(tx, created.organizationId, batches);
  if (matched.length === 0) return;
  const accounts = await rows<{ account_id: string }>(
    tx,
    sql`SELECT DISTINCT account_id FROM treasury_pos_batches
        WHERE organization_id = ${created.organizationId} AND id IN (${uuidValues(matched)})`,
  );
  for (const account of accounts) await walletChanged(tx, created.organizationId, account.account_id);
}

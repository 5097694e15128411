import type {
  ContractBody,
  ContractQuery,
  confirmReconciliationContract,
  QueueMovement,
  Reconciliation,
  ReconciliationAccount,
  ReconciliationProgress,
  reconciliationSuggestionsContract,
} from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import { accountingReconciliationItems, accountingReconciliations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganizationMany } from '../../../realtime/notify.ts';
import {
  cancelPayment,
  type DocumentsDeps,
  linkPaymentToMovement,
  recordPayment,
} from '../../billing/index.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../../treasury/index.ts';
import { postEntry } from '../ledger/post.ts';
import { ensureLedger } from '../ledger/setup.ts';
import { bankPrefixOf, movementOpenSql, searchCandidates, suggestionsFor } from './suggestions.ts';

// Confirming, undoing and listing matches between bank movements and what they settle. A confirmed
// match records billing payments (receipts for customers) through billing's own service, linked to the
// movements, so billing's settled amounts and the receipts' chain stay the single truth of what is
// open; accounting keeps the match (items), posts only the write-off, and undo gives everything back.

/** A write-off is at most this share of what the match settles, or this many minor units. */
export const WRITE_OFF_RATIO = 0.05;
export const WRITE_OFF_FLOOR = 1000;

const notOpen = (why: string) => new AppError('RECONCILIATION_NOT_OPEN', why);

interface MovementRow {
  id: string;
  account_id: string;
  booking_date: string;
  amount: string;
  currency: string;
  description: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  remittance_info: string | null;
  end_to_end_id: string | null;
  open: string;
}

const movementColumns = sql`t.id, t.organization_id, t.account_id, t.booking_date::text AS booking_date, t.amount,
  t.currency, t.description, t.counterparty_name, t.counterparty_iban, t.remittance_info, t.end_to_end_id`;

function toScored(row: MovementRow) {
  return {
    id: row.id,
    amount: Number(row.amount),
    open: Number(row.open),
    bookingDate: row.booking_date,
    description: row.description,
    remittanceInfo: row.remittance_info,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    endToEndId: row.end_to_end_id,
  };
}

async function requireAccount(db: Db, viewer: TreasuryViewer, accountId: string) {
  const visible = await visibleAccountIds(db, viewer);
  const [account] = await rows<{ id: string }>(
    db,
    sql`SELECT a.id FROM treasury_accounts a WHERE a.organization_id = ${viewer.organizationId}
        AND a.id = ${accountId} AND ${accountFilter(sql`a.id`, visible)}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'No such account.');
}

const encodeCursor = (date: string, id: string) => Buffer.from(`${date}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { date: string; id: string } {
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!date || !id || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new AppError('VALIDATION_FAILED', 'Bad cursor.', [
      { path: 'cursor', messageKey: 'VALIDATION.INVALID', message: 'Bad cursor' },
    ]);
  return { date, id };
}

const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
};

/** The queue of one account: unreconciled movements, the latest first, with their suggestions. */
export async function reconciliationQueue(
  db: Db,
  viewer: TreasuryViewer,
  query: ContractQuery<typeof reconciliationSuggestionsContract>,
): Promise<{ items: QueueMovement[]; nextCursor: string | null; progress: ReconciliationProgress }> {
  const organizationId = viewer.organizationId;
  await requireAccount(db, viewer, query.accountId);
  const keyset = query.cursor ? decodeCursor(query.cursor) : null;
  const range = query.month ? monthRange(query.month) : null;
  const page = await rows<MovementRow>(
    db,
    sql`SELECT * FROM (
          SELECT ${movementColumns}, ${movementOpenSql(sql`t`)} AS open
          FROM treasury_transactions t
          WHERE t.organization_id = ${organizationId} AND t.account_id = ${query.accountId}
            AND t.transfer_transaction_id IS NULL
            ${range ? sql`AND t.booking_date >= ${range.from} AND t.booking_date < ${range.to}` : sql``}
            ${keyset ? sql`AND (t.booking_date, t.id) < (${keyset.date}::date, ${keyset.id}::uuid)` : sql``}
        ) q WHERE q.open > 0
        ORDER BY q.booking_date DESC, q.id DESC
        LIMIT ${query.limit + 1}`,
  );
  const more = page.length > query.limit;
  const items = page.slice(0, query.limit);
  const suggestions = await suggestionsFor(
    db,
    organizationId,
    movementsById(
      organizationId,
      items.map((row) => row.id),
    ),
    items.map(toScored),
  );
  const last = items.at(-1);
  const month = query.month ?? new Date().toISOString().slice(0, 7);
  return {
    items: items.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      bookingDate: row.booking_date,
      amount: Number(row.amount),
      currency: row.currency.trim(),
      description: row.description,
      counterpartyName: row.counterparty_name,
      counterpartyIban: row.counterparty_iban,
      remittanceInfo: row.remittance_info,
      open: Number(row.open),
      suggestions: suggestions.get(row.id) ?? [],
    })),
    nextCursor: more && last ? encodeCursor(last.booking_date, last.id) : null,
    progress: await progressOf(db, organizationId, query.accountId, month),
  };
}

/** The relation suggestionsFor reads: the movements with their open amount. */
export function movementsById(organizationId: string, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`SELECT NULL::uuid AS id WHERE false`;
  return sql`SELECT t.*, ${movementOpenSql(sql`t`)} AS open FROM treasury_transactions t
             WHERE t.organization_id = ${organizationId} AND t.id IN ${uuidList(ids)}`;
}

async function progressOf(
  db: Db,
  organizationId: string,
  accountId: string,
  month: string,
): Promise<ReconciliationProgress> {
  const range = monthRange(month);
  const [row] = await rows<{ movements: string; reconciled: string }>(
    db,
    sql`SELECT count(*) AS movements, count(*) FILTER (WHERE q.open <= 0) AS reconciled FROM (
          SELECT ${movementOpenSql(sql`t`)} AS open FROM treasury_transactions t
          WHERE t.organization_id = ${organizationId} AND t.account_id = ${accountId}
            AND t.transfer_transaction_id IS NULL
            AND t.booking_date >= ${range.from} AND t.booking_date < ${range.to}) q`,
  );
  return { month, movements: Number(row?.movements ?? 0), reconciled: Number(row?.reconciled ?? 0) };
}

export async function reconciliationAccounts(
  db: Db,
  viewer: TreasuryViewer,
): Promise<ReconciliationAccount[]> {
  const visible = await visibleAccountIds(db, viewer);
  const found = await rows<{ id: string; name: string; currency: string; unreconciled: string }>(
    db,
    // Set-based (one pass over the movements, one over the matches): what movementOpenSql computes per
    // movement, for every movement of the organization at once (the dashboard counts them too).
    sql`WITH matched AS (
          SELECT i.transaction_id, sum(i.amount) AS amount FROM accounting_reconciliation_items i
          JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
          WHERE i.organization_id = ${viewer.organizationId} AND i.transaction_id IS NOT NULL
          GROUP BY i.transaction_id),
        open AS (
          SELECT t.account_id, count(*) AS unreconciled FROM treasury_transactions t
          LEFT JOIN matched m ON m.transaction_id = t.id
          WHERE t.organization_id = ${viewer.organizationId} AND t.transfer_transaction_id IS NULL
            AND abs(t.amount) - coalesce(m.amount, 0) > 0
          GROUP BY t.account_id)
        SELECT a.id, a.name, a.currency, coalesce(o.unreconciled, 0) AS unreconciled
        FROM treasury_accounts a LEFT JOIN open o ON o.account_id = a.id
        WHERE a.organization_id = ${viewer.organizationId} AND ${accountFilter(sql`a.id`, visible)}
        ORDER BY a.name, a.id`,
  );
  return found.map((row) => ({
    id: row.id,
    name: row.name,
    currency: row.currency.trim(),
    unreconciled: Number(row.unreconciled),
  }));
}

/** A visible movement of the organization, with its open amount. */
async function loadMovements(
  tx: Db,
  viewer: TreasuryViewer,
  ids: readonly string[],
  lock: boolean,
): Promise<MovementRow[]> {
  const visible = await visibleAccountIds(tx, viewer);
  if (lock)
    await tx.execute(sql`SELECT id FROM treasury_transactions
      WHERE organization_id = ${viewer.organizationId} AND id IN ${uuidList([...ids])}
      ORDER BY id FOR NO KEY UPDATE`);
  const found = await rows<MovementRow>(
    tx,
    sql`SELECT ${movementColumns}, ${movementOpenSql(sql`t`)} AS open FROM treasury_transactions t
        WHERE t.organization_id = ${viewer.organizationId} AND t.id IN ${uuidList([...ids])}
          AND ${accountFilter(sql`t.account_id`, visible)}`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'No such movement.');
    return row;
  });
}

export async function searchForMovement(
  db: Db,
  viewer: TreasuryViewer,
  transactionId: string,
  q: string | undefined,
  limit: number,
) {
  const [movement] = await loadMovements(db, viewer, [transactionId], false);
  const row = movement as MovementRow;
  return searchCandidates(
    db,
    viewer.organizationId,
    { id: row.id, amount: Number(row.amount), currency: row.currency.trim() },
    q,
    limit,
  );
}

type ConfirmBody = ContractBody<typeof confirmReconciliationContract>;

interface LockedTarget {
  kind: ConfirmBody['targets'][number]['kind'];
  id: string;
  amount: number;
  partyId: string | null;
  currency: string;
  /** The receipt's document (kind receipt). */
  receiptId: string | null;
  /** A receipt already linked to one of these movements. */
  linkedTo: string | null;
}

async function lockTargets(
  tx: Db,
  organizationId: string,
  direction: 'in' | 'out',
  targets: ConfirmBody['targets'],
  movementIds: readonly string[],
  bankPrefix: string,
): Promise<LockedTarget[]> {
  const seen = new Set<string>();
  const out: LockedTarget[] = [];
  for (const [index, target] of targets.entries()) {
    const key = `${target.kind}:${target.id}`;
    if (seen.has(key))
      throw new AppError('VALIDATION_FAILED', 'A target appears twice.', [
        { path: `targets.${index}`, messageKey: 'VALIDATION.INVALID', message: 'Duplicate' },
      ]);
    seen.add(key);
    const wrongSide = () =>
      new AppError(
        'RECONCILIATION_NOT_OPEN',
        direction === 'in'
          ? 'Money received settles sales documents, receipts or debit journal lines.'
          : 'Money paid settles supplier invoices or credit journal lines.',
      );
    if (target.kind === 'document' || target.kind === 'purchase') {
      if ((target.kind === 'document') !== (direction === 'in')) throw wrongSide();
      const table = target.kind === 'document' ? sql`billing_documents` : sql`billing_purchases`;
      const [row] = await rows<{ party_id: string; currency: string; open: string }>(
        tx,
        sql`SELECT party_id, currency, gross_total - withholding - settled AS open FROM ${table}
            WHERE organization_id = ${organizationId} AND id = ${target.id}`,
      );
      if (!row) throw new AppError('NOT_FOUND', 'No such document.');
      if (target.amount > Number(row.open))
        throw new AppError('PAYMENT_EXCEEDS_OPEN_AMOUNT', 'This is more than what the document still owes.');
      out.push({
        kind: target.kind,
        id: target.id,
        amount: target.amount,
        partyId: row.party_id,
        currency: row.currency.trim(),
        receiptId: null,
        linkedTo: null,
      });
    } else if (target.kind === 'receipt') {
      if (direction !== 'in') throw wrongSide();
      const [row] = await rows<{
        party_id: string;
        currency: string;
        amount: string;
        receipt_id: string | null;
        transaction_id: string | null;
        cancelled: boolean;
        used: boolean;
      }>(
        tx,
        sql`SELECT p.party_id, p.currency, p.amount, p.receipt_id, p.transaction_id,
                   p.cancelled_at IS NOT NULL AS cancelled,
                   EXISTS (SELECT 1 FROM accounting_reconciliation_items i
                     JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
                     WHERE i.organization_id = p.organization_id AND i.payment_id = p.id) AS used
            FROM billing_payments p
            WHERE p.organization_id = ${organizationId} AND p.id = ${target.id} AND p.direction = 'in'
            FOR UPDATE`,
      );
      if (!row?.receipt_id) throw new AppError('NOT_FOUND', 'No such receipt.');
      if (row.cancelled || row.used || (row.transaction_id && !movementIds.includes(row.transaction_id)))
        throw notOpen('This receipt is cancelled or already matched with a movement.');
      if (Number(row.amount) !== target.amount)
        throw new AppError('RECONCILIATION_UNBALANCED', 'A receipt is matched for its whole amount.');
      out.push({
        kind: 'receipt',
        id: target.id,
        amount: target.amount,
        partyId: row.party_id,
        currency: row.currency.trim(),
        receiptId: row.receipt_id,
        linkedTo: row.transaction_id,
      });
    } else {
      const [row] = await rows<{
        debit: string;
        credit: string;
        currency: string;
        used: boolean;
        code: string;
      }>(
        tx,
        sql`SELECT l.debit, l.credit, coalesce(l.currency, o.currency) AS currency, a.code,
                   EXISTS (SELECT 1 FROM accounting_reconciliation_items i
                     JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
                     WHERE i.organization_id = l.organization_id AND i.entry_line_id = l.id) AS used
            FROM accounting_entry_lines l
            JOIN accounting_accounts a ON a.id = l.account_id
            JOIN organizations o ON o.id = l.organization_id
            WHERE l.organization_id = ${organizationId} AND l.id = ${target.id}`,
      );
      if (!row) throw new AppError('NOT_FOUND', 'No such journal line.');
      if (!row.code.startsWith(bankPrefix) || row.used)
        throw notOpen('This journal line is not an open bank line.');
      const lineDirection = Number(row.debit) > 0 ? 'in' : 'out';
      if (lineDirection !== direction) throw wrongSide();
      if (Number(row.debit) + Number(row.credit) !== target.amount)
        throw new AppError('RECONCILIATION_UNBALANCED', 'A journal line is matched for its whole amount.');
      out.push({
        kind: 'entry_line',
        id: target.id,
        amount: target.amount,
        partyId: null,
        currency: row.currency.trim(),
        receiptId: null,
        linkedTo: null,
      });
    }
  }
  return out;
}

/** The chart's account for the bank: the treasury account's own sub-account, else the deposits account. */
async function bankAccountCode(tx: Db, organizationId: string, treasuryAccountId: string, prefix: string) {
  const [own] = await rows<{ code: string }>(
    tx,
    sql`SELECT code FROM accounting_accounts
        WHERE organization_id = ${organizationId} AND treasury_account_id = ${treasuryAccountId}
          AND grouping_category = 'GM' AND NOT archived ORDER BY code LIMIT 1`,
  );
  if (own) return own.code;
  const [settings] = await rows<{ bank: string | null }>(
    tx,
    sql`SELECT default_accounts->>'bank' AS bank FROM accounting_settings WHERE organization_id = ${organizationId}`,
  );
  return settings?.bank ?? prefix;
}

/**
 * Confirms a match in the caller's transaction (the Idempotency-Key's). The movements give, in their
 * order, what the targets settle plus the write-off; each document or supplier invoice is settled by a
 * billing payment on the movement that carries it (one per movement and party), receipts are linked to
 * their movement, journal lines are only marked, and the write-off is posted to the bank journal.
 */
export async function confirmMatch(
  deps: DocumentsDeps,
  tx: Db,
  viewer: TreasuryViewer,
  body: ConfirmBody,
): Promise<Reconciliation> {
  const organizationId = viewer.organizationId;
  if (new Set(body.transactionIds).size !== body.transactionIds.length)
    throw new AppError('VALIDATION_FAILED', 'A movement appears twice.', [
      { path: 'transactionIds', messageKey: 'VALIDATION.INVALID', message: 'Duplicate' },
    ]);
  const movements = await loadMovements(tx, viewer, body.transactionIds, true);
  const first = movements[0] as MovementRow;
  const direction: 'in' | 'out' = Number(first.amount) > 0 ? 'in' : 'out';
  const currency = first.currency.trim();
  for (const movement of movements) {
    if ((Number(movement.amount) > 0 ? 'in' : 'out') !== direction || movement.currency.trim() !== currency)
      throw notOpen('The movements of one match go the same way, in one currency.');
    if (Number(movement.open) <= 0) throw notOpen('This movement is already reconciled.');
  }
  const bankPrefix = await bankPrefixOf(tx, organizationId);
  const targets = await lockTargets(
    tx,
    organizationId,
    direction,
    body.targets,
    body.transactionIds,
    bankPrefix,
  );
  for (const target of targets)
    if (target.currency !== currency)
      throw notOpen('The movement and the document are in different currencies.');

  const settled = targets.reduce((sum, target) => sum + target.amount, 0);
  const writeOff = body.writeOff?.amount ?? 0;
  const used = settled + writeOff;
  const available = movements.reduce((sum, movement) => sum + Number(movement.open), 0);
  if (used <= 0 || used > available)
    throw new AppError(
      'RECONCILIATION_UNBALANCED',
      `The movements have ${available} open; the match uses ${used} (settled ${settled}, write-off ${writeOff}).`,
    );
  if (Math.abs(writeOff) > Math.max(WRITE_OFF_FLOOR, Math.round(settled * WRITE_OFF_RATIO)))
    throw new AppError(
      'RECONCILIATION_WRITE_OFF_TOO_LARGE',
      `A write-off of ${writeOff} is not a small difference.`,
    );

  // What each movement gives, in order; every movement named must give something.
  let left = used;
  const usedBy = movements.map((movement) => {
    const take = Math.min(left, Number(movement.open));
    left -= take;
    return take;
  });
  if (usedBy.some((take) => take <= 0))
    throw new AppError('RECONCILIATION_UNBALANCED', 'A movement of the match is not used by it.');

  // Pairing: the targets take the movements' money in order; a positive write-off is money the last
  // movements moved beyond the targets, a negative one is carried by the last movement's payments.
  const capacity = [...usedBy];
  let beyond = Math.max(0, writeOff);
  for (let i = capacity.length - 1; i >= 0 && beyond > 0; i -= 1) {
    const cut = Math.min(beyond, capacity[i] as number);
    capacity[i] = (capacity[i] as number) - cut;
    beyond -= cut;
  }
  const shortfall = Math.max(0, -writeOff);
  capacity[capacity.length - 1] = (capacity.at(-1) as number) + shortfall;
  const pairs: { movement: number; target: LockedTarget; amount: number }[] = [];
  let m = 0;
  for (const target of targets) {
    let rest = target.amount;
    while (rest > 0) {
      while (m < capacity.length && (capacity[m] as number) <= 0) m += 1;
      if (m >= capacity.length)
        throw new AppError('RECONCILIATION_UNBALANCED', 'The movements do not cover the targets.');
      if (target.kind !== 'document' && target.kind !== 'purchase' && rest > (capacity[m] as number))
        throw new AppError(
          'RECONCILIATION_UNBALANCED',
          'A receipt or journal line is matched with one movement that carries it whole.',
        );
      const take = Math.min(rest, capacity[m] as number);
      pairs.push({ movement: m, target, amount: take });
      capacity[m] = (capacity[m] as number) - take;
      rest -= take;
    }
  }

  const [reconciliation] = await tx
    .insert(accountingReconciliations)
    .values({
      organizationId,
      writeOff,
      writeOffAccountId: body.writeOff?.accountId ?? null,
      score: body.score ?? null,
      reasons: body.reasons ?? null,
      ruleId: body.ruleId ?? null,
      createdBy: viewer.userId,
    })
    .returning({ id: accountingReconciliations.id });
  const reconciliationId = (reconciliation as { id: string }).id;
  const items: (typeof accountingReconciliationItems.$inferInsert)[] = movements.map((movement, i) => ({
    organizationId,
    reconciliationId,
    transactionId: movement.id,
    amount: usedBy[i] as number,
  }));

  // One billing payment per movement, party and side.
  const groups = new Map<string, typeof pairs>();
  for (const pair of pairs) {
    if (pair.target.kind === 'receipt') {
      const movementId = (movements[pair.movement] as MovementRow).id;
      if (pair.target.linkedTo !== movementId) {
        if (pair.target.linkedTo) throw notOpen('This receipt is linked to another movement.');
        await linkPaymentToMovement(tx, viewer, pair.target.id, movementId);
      }
      items.push({
        organizationId,
        reconciliationId,
        documentId: pair.target.receiptId,
        paymentId: pair.target.id,
        amount: pair.amount,
      });
    } else if (pair.target.kind === 'entry_line') {
      items.push({ organizationId, reconciliationId, entryLineId: pair.target.id, amount: pair.amount });
    } else {
      const key = `${pair.movement}:${pair.target.partyId}`;
      groups.set(key, [...(groups.get(key) ?? []), pair]);
    }
  }
  for (const group of groups.values()) {
    const head = group[0] as (typeof pairs)[number];
    const movement = movements[head.movement] as MovementRow;
    const merged = new Map<string, number>();
    for (const pair of group) merged.set(pair.target.id, (merged.get(pair.target.id) ?? 0) + pair.amount);
    const amount = [...merged.values()].reduce((sum, value) => sum + value, 0);
    const payment = await recordPayment(
      deps,
      tx,
      viewer,
      {
        direction,
        partyId: head.target.partyId as string,
        paymentDate: movement.booking_date,
        method: 'TB',
        amount,
        transactionId: movement.id,
        allocations: [...merged].map(([id, value]) =>
          direction === 'in' ? { documentId: id, amount: value } : { purchaseId: id, amount: value },
        ),
      },
      { movementShortfall: head.movement === movements.length - 1 ? shortfall : 0 },
    );
    for (const [id, value] of merged)
      items.push({
        organizationId,
        reconciliationId,
        ...(direction === 'in' ? { documentId: id } : { purchaseId: id }),
        paymentId: payment.id,
        amount: value,
      });
  }
  await tx.insert(accountingReconciliationItems).values(items);

  if (writeOff !== 0) {
    const accountId = body.writeOff?.accountId as string;
    const [account] = await rows<{ code: string; grouping: string; archived: boolean }>(
      tx,
      sql`SELECT code, grouping_category AS grouping, archived FROM accounting_accounts
          WHERE organization_id = ${organizationId} AND id = ${accountId}`,
    );
    if (!account) throw new AppError('NOT_FOUND', 'No such account.');
    const last = movements.at(-1) as MovementRow;
    const bank = await bankAccountCode(tx, organizationId, last.account_id, bankPrefix);
    const size = Math.abs(writeOff);
    // Short of the documents (a fee): the expense against the bank; beyond them: the bank against the income.
    const lines =
      writeOff < 0
        ? [
            { accountCode: account.code, debit: size, description: 'Regularização bancária' },
            { accountCode: bank, credit: size, description: last.description.slice(0, 200) },
          ]
        : [
            { accountCode: bank, debit: size, description: last.description.slice(0, 200) },
            { accountCode: account.code, credit: size, description: 'Regularização bancária' },
          ];
    const entry = await postEntry(tx, {
      organizationId,
      journal: 'bank',
      date: last.booking_date,
      description: `Reconciliação: diferença de ${size}`,
      sourceType: 'reconciliation',
      sourceId: reconciliationId,
      lines,
      createdBy: viewer.userId,
    });
    await tx.execute(
      sql`UPDATE accounting_reconciliations SET entry_id = ${entry.id} WHERE id = ${reconciliationId}`,
    );
  }
  await notifyOrganizationMany(
    tx,
    organizationId,
    'UPDATE_TRANSACTION',
    movements.map((movement) => ({ TransactionId: movement.id, AccountId: movement.account_id })),
  );
  return getReconciliation(tx, organizationId, reconciliationId);
}

/**
 * Undoes a match: the payments it recorded are cancelled (their receipts get status A and the documents
 * are open again), the receipts it linked are unlinked, its write-off entry is reversed; the match stays,
 * marked undone.
 */
export async function undoMatch(tx: Db, viewer: TreasuryViewer, id: string): Promise<Reconciliation> {
  const organizationId = viewer.organizationId;
  const [reconciliation] = await rows<{ id: string; undone_at: string | null; entry_id: string | null }>(
    tx,
    sql`SELECT id, undone_at, entry_id FROM accounting_reconciliations
        WHERE organization_id = ${organizationId} AND id = ${id} FOR UPDATE`,
  );
  if (!reconciliation) throw new AppError('NOT_FOUND', 'No such match.');
  if (reconciliation.undone_at)
    throw new AppError('RECONCILIATION_ALREADY_UNDONE', 'This match is already undone.');
  const items = await rows<{
    transaction_id: string | null;
    document_id: string | null;
    payment_id: string | null;
    is_receipt: boolean;
    cancelled: boolean | null;
    account_id: string | null;
  }>(
    tx,
    sql`SELECT i.transaction_id, i.document_id, i.payment_id, t.account_id,
               coalesce(d.document_type IN ('RG', 'RC') AND p.receipt_id = d.id, false) AS is_receipt,
               p.cancelled_at IS NOT NULL AS cancelled
        FROM accounting_reconciliation_items i
        LEFT JOIN billing_documents d ON d.id = i.document_id
        LEFT JOIN billing_payments p ON p.id = i.payment_id
        LEFT JOIN treasury_transactions t ON t.id = i.transaction_id
        WHERE i.organization_id = ${organizationId} AND i.reconciliation_id = ${id}
        ORDER BY i.payment_id`,
  );
  const movementIds = items.flatMap((item) => (item.transaction_id ? [item.transaction_id] : []));
  // Visibility: undoing needs every movement of the match to be visible to the member.
  await loadMovements(tx, viewer, movementIds, true);
  const done = new Set<string>();
  for (const item of items) {
    if (!item.payment_id || done.has(item.payment_id) || item.cancelled) continue;
    done.add(item.payment_id);
    if (item.is_receipt) await linkPaymentToMovement(tx, viewer, item.payment_id, null);
    else await cancelPayment(tx, organizationId, item.payment_id, 'Reconciliação anulada');
  }
  // The write-off is reversed — unless the accountant already reversed its entry by hand.
  const [writeOffReversed] = reconciliation.entry_id
    ? await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM accounting_entries WHERE reverses_entry_id = ${reconciliation.entry_id}`,
      )
    : [];
  if (reconciliation.entry_id && !writeOffReversed) {
    const lines = await rows<{
      code: string;
      debit: string;
      credit: string;
      description: string | null;
      date: string;
    }>(
      tx,
      sql`SELECT a.code, l.debit, l.credit, l.description, l.entry_date::text AS date
          FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
          WHERE l.entry_id = ${reconciliation.entry_id} ORDER BY l.position`,
    );
    await postEntry(tx, {
      organizationId,
      journal: 'bank',
      date: (lines[0] as { date: string }).date,
      description: 'Reconciliação anulada',
      sourceType: 'reversal',
      sourceId: id,
      reversesEntryId: reconciliation.entry_id,
      lines: lines.map((line) => ({
        accountCode: line.code,
        debit: Number(line.credit),
        credit: Number(line.debit),
        description: line.description,
      })),
      createdBy: viewer.userId,
    });
  }
  await tx.execute(
    sql`UPDATE accounting_reconciliations SET undone_at = now(), undone_by = ${viewer.userId} WHERE id = ${id}`,
  );
  await notifyOrganizationMany(
    tx,
    organizationId,
    'UPDATE_TRANSACTION',
    items.flatMap((item) =>
      item.transaction_id && item.account_id
        ? [{ TransactionId: item.transaction_id, AccountId: item.account_id }]
        : [],
    ),
  );
  return getReconciliation(tx, organizationId, id);
}

async function reconciliationsWhere(db: Db, organizationId: string, where: SQL): Promise<Reconciliation[]> {
  const found = await rows<{
    id: string;
    created_at: string | Date;
    undone: boolean;
    write_off: string;
    write_off_account_id: string | null;
    entry_id: string | null;
    score: number | null;
    rule_id: string | null;
  }>(
    db,
    sql`SELECT r.id, r.created_at, r.undone_at IS NOT NULL AS undone, r.write_off, r.write_off_account_id,
               r.entry_id, r.score, r.rule_id
        FROM accounting_reconciliations r
        WHERE r.organization_id = ${organizationId} AND ${where}
        ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
  );
  if (found.length === 0) return [];
  const items = await rows<{
    reconciliation_id: string;
    transaction_id: string | null;
    document_id: string | null;
    purchase_id: string | null;
    entry_line_id: string | null;
    payment_id: string | null;
    is_receipt: boolean;
    amount: string;
  }>(
    db,
    sql`SELECT i.reconciliation_id, i.transaction_id, i.document_id, i.purchase_id, i.entry_line_id, i.payment_id,
               i.amount, coalesce(d.document_type IN ('RG', 'RC'), false) AS is_receipt
        FROM accounting_reconciliation_items i LEFT JOIN billing_documents d ON d.id = i.document_id
        WHERE i.organization_id = ${organizationId} AND i.reconciliation_id IN ${uuidList(found.map((r) => r.id))}
        ORDER BY i.reconciliation_id, i.transaction_id IS NULL, i.id`,
  );
  return found.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    undone: row.undone,
    writeOff: Number(row.write_off),
    writeOffAccountId: row.write_off_account_id,
    entryId: row.entry_id,
    score: row.score,
    ruleId: row.rule_id,
    items: items
      .filter((item) => item.reconciliation_id === row.id)
      .map((item) => {
        const kind = item.transaction_id
          ? ('movement' as const)
          : item.purchase_id
            ? ('purchase' as const)
            : item.entry_line_id
              ? ('entry_line' as const)
              : item.is_receipt
                ? ('receipt' as const)
                : ('document' as const);
        const targetId =
          kind === 'receipt'
            ? item.payment_id
            : (item.transaction_id ?? item.purchase_id ?? item.entry_line_id ?? item.document_id);
        return { kind, id: targetId as string, amount: Number(item.amount), paymentId: item.payment_id };
      }),
  }));
}

export async function getReconciliation(db: Db, organizationId: string, id: string): Promise<Reconciliation> {
  const [found] = await reconciliationsWhere(db, organizationId, sql`r.id = ${id}`);
  if (!found) throw new AppError('NOT_FOUND', 'No such match.');
  return found;
}

export async function matchesOfMovement(db: Db, viewer: TreasuryViewer, transactionId: string) {
  await loadMovements(db, viewer, [transactionId], false);
  return reconciliationsWhere(
    db,
    viewer.organizationId,
    sql`EXISTS (SELECT 1 FROM accounting_reconciliation_items i WHERE i.reconciliation_id = r.id
                AND i.transaction_id = ${transactionId})`,
  );
}

export async function rejectSuggestion(
  db: Db,
  viewer: TreasuryViewer,
  body: { transactionId: string; kind: string; id: string },
): Promise<{ rejected: boolean }> {
  await loadMovements(db, viewer, [body.transactionId], false);
  await db.execute(sql`INSERT INTO accounting_reconciliation_rejections
      (organization_id, transaction_id, candidate_kind, candidate_id, created_by)
      VALUES (${viewer.organizationId}, ${body.transactionId}, ${body.kind}, ${body.id}, ${viewer.userId})
      ON CONFLICT DO NOTHING`);
  return { rejected: true };
}

/**
 * The movement accounts a difference can be written off to: the chart's own (the full SNC has 642), not
 * a customer's, supplier's or bank's sub-account.
 */
export async function writeOffAccounts(db: Db, organizationId: string) {
  await ensureLedger(db, organizationId);
  const found = await rows<{ id: string; code: string; name: string }>(
    db,
    sql`SELECT id, code, name FROM accounting_accounts
        WHERE organization_id = ${organizationId} AND grouping_category = 'GM' AND NOT archived
          AND party_id IS NULL AND treasury_account_id IS NULL
        ORDER BY code LIMIT 1000`,
  );
  return found;
}

import type {
  AccountStatement,
  AccountStatementEntry,
  CurrentAccountRow,
  OpenItem,
  PartyRole,
} from '@fluxo/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { todayIn } from '../documents.service.ts';
import { partyOf } from '../parties-products.service.ts';

// The current account: what each customer owes the organization (its issued invoices and debit notes,
// less payments and credit notes) and what it owes each supplier (purchases less payments), aged by due
// date. Every sum is computed by the database, in integer cents.

export async function organizationToday(db: Db, organizationId: string, now?: Date): Promise<string> {
  const [org] = await db
    .select({ country: organizations.country })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  return todayIn(org.country, now);
}

/**
 * One row per open item as of `asOf`: `open` is what a document still owes (settled by payments dated
 * up to asOf and by credit notes issued up to then), `credit` what a credit note has left in the party's
 * favour; `due` the due date (the document date when there is none).
 */
function itemsAsOf(organizationId: string, role: PartyRole, asOf: string): SQL {
  if (role === 'customer')
    return sql`
      SELECT d.id AS document_id, NULL::uuid AS purchase_id, d.party_id, d.currency, d.document_type,
             d.document_number AS number, d.document_date, coalesce(d.due_date, d.document_date) AS due,
             d.gross_total - d.withholding AS payable,
             CASE WHEN d.document_type = 'NC' THEN d.settled
                  ELSE coalesce(paid.amount, 0) + coalesce(credited.amount, 0)
             END AS settled,
             d.document_type = 'NC' AS is_credit
      FROM billing_documents d
      LEFT JOIN (${paidAsOf(organizationId, 'document_id', asOf)}) paid ON paid.id = d.id
      LEFT JOIN (SELECT n.reference_document_id AS id, sum(n.settled) AS amount FROM billing_documents n
                 WHERE n.organization_id = ${organizationId} AND n.reference_document_id IS NOT NULL
                   AND n.document_type = 'NC' AND n.state = 'issued' AND n.status = 'N'
                   AND n.document_date <= ${asOf}::date
                 GROUP BY n.reference_document_id) credited ON credited.id = d.id
      WHERE d.organization_id = ${organizationId} AND d.state = 'issued' AND d.status = 'N'
        AND d.document_type IN ('FT', 'FS', 'FR', 'ND', 'NC') AND d.document_date <= ${asOf}::date`;
  return sql`
    SELECT NULL::uuid AS document_id, b.id AS purchase_id, b.party_id, b.currency, b.document_type,
           b.document_number AS number, b.document_date, coalesce(b.due_date, b.document_date) AS due,
           b.gross_total - b.withholding AS payable,
           CASE WHEN b.document_type = 'NC' THEN b.settled ELSE coalesce(paid.amount, 0) END AS settled,
           b.document_type = 'NC' AS is_credit
    FROM billing_purchases b
    LEFT JOIN (${paidAsOf(organizationId, 'purchase_id', asOf)}) paid ON paid.id = b.id
    WHERE b.organization_id = ${organizationId} AND b.state = 'open' AND b.document_date <= ${asOf}::date`;
}

/** What the payments dated up to asOf (not cancelled) allocated to each document or purchase. */
function paidAsOf(organizationId: string, target: 'document_id' | 'purchase_id', asOf: string): SQL {
  const column = sql.raw(`a.${target}`);
  return sql`
    SELECT ${column} AS id, sum(a.amount) AS amount
    FROM billing_payment_allocations a JOIN billing_payments p ON p.id = a.payment_id
    WHERE a.organization_id = ${organizationId} AND ${column} IS NOT NULL AND p.cancelled_at IS NULL
      AND p.payment_date <= ${asOf}::date
    GROUP BY ${column}`;
}

type AgingSums = {
  not_due: string;
  d1: string;
  d31: string;
  d61: string;
  d91: string;
  credits: string;
};

const AGING_COLUMNS = (asOf: string) => sql`
  coalesce(sum(i.payable - i.settled) FILTER (WHERE NOT i.is_credit AND ${asOf}::date - i.due <= 0), 0) AS not_due,
  coalesce(sum(i.payable - i.settled) FILTER (WHERE NOT i.is_credit AND ${asOf}::date - i.due BETWEEN 1 AND 30), 0) AS d1,
  coalesce(sum(i.payable - i.settled) FILTER (WHERE NOT i.is_credit AND ${asOf}::date - i.due BETWEEN 31 AND 60), 0) AS d31,
  coalesce(sum(i.payable - i.settled) FILTER (WHERE NOT i.is_credit AND ${asOf}::date - i.due BETWEEN 61 AND 90), 0) AS d61,
  coalesce(sum(i.payable - i.settled) FILTER (WHERE NOT i.is_credit AND ${asOf}::date - i.due > 90), 0) AS d91,
  coalesce(sum(i.payable - i.settled) FILTER (WHERE i.is_credit), 0) AS credits`;

function aging(row: AgingSums) {
  const notDue = Number(row.not_due);
  const days1to30 = Number(row.d1);
  const days31to60 = Number(row.d31);
  const days61to90 = Number(row.d61);
  const over90 = Number(row.d91);
  const credits = Number(row.credits);
  const overdue = days1to30 + days31to60 + days61to90 + over90;
  return {
    notDue,
    days1to30,
    days31to60,
    days61to90,
    over90,
    credits,
    overdue,
    open: notDue + overdue - credits,
  };
}

export async function currentAccount(
  db: Db,
  organizationId: string,
  query: { role: PartyRole; asOf?: string | undefined; partyId?: string },
) {
  const asOf = query.asOf ?? (await organizationToday(db, organizationId));
  const all = itemsAsOf(organizationId, query.role, asOf);
  const items = query.partyId ? sql`SELECT * FROM (${all}) p WHERE p.party_id = ${query.partyId}` : all;
  const found = await rows<
    AgingSums & {
      party_id: string;
      name: string;
      tax_id: string;
      currency: string;
      oldest: string | null;
      open_documents: string;
    }
  >(
    db,
    sql`SELECT i.party_id, pa.name, pa.tax_id, i.currency, ${AGING_COLUMNS(asOf)},
               min(i.due) FILTER (WHERE NOT i.is_credit AND i.payable > i.settled)::text AS oldest,
               count(*) FILTER (WHERE NOT i.is_credit AND i.payable > i.settled) AS open_documents
        FROM (${items}) i
        JOIN billing_parties pa ON pa.id = i.party_id
        WHERE i.payable <> i.settled
        GROUP BY i.party_id, pa.name, pa.tax_id, i.currency
        ORDER BY pa.name, i.currency`,
  );
  const totals = await rows<AgingSums & { currency: string }>(
    db,
    sql`SELECT i.currency, ${AGING_COLUMNS(asOf)} FROM (${items}) i
        WHERE i.payable <> i.settled GROUP BY i.currency ORDER BY i.currency`,
  );
  return {
    role: query.role,
    asOf,
    rows: found.map(
      (row): CurrentAccountRow => ({
        partyId: row.party_id,
        partyName: row.name,
        taxId: row.tax_id,
        currency: row.currency.trim(),
        ...aging(row),
        oldestDueDate: row.oldest,
        openDocuments: Number(row.open_documents),
      }),
    ),
    totals: totals.map((row) => ({ currency: row.currency.trim(), ...aging(row) })),
  };
}

/** Only the totals of the current account (per currency), for summaries such as the dashboard. */
export async function agingTotals(db: Db, organizationId: string, role: PartyRole, asOf?: string) {
  const day = asOf ?? (await organizationToday(db, organizationId));
  const items = itemsAsOf(organizationId, role, day);
  const totals = await rows<AgingSums & { currency: string }>(
    db,
    sql`SELECT i.currency, ${AGING_COLUMNS(day)} FROM (${items}) i
        WHERE i.payable <> i.settled GROUP BY i.currency ORDER BY i.currency`,
  );
  return { asOf: day, totals: totals.map((row) => ({ currency: row.currency.trim(), ...aging(row) })) };
}

/** What the party owes now, item by item (credit notes with credit left appear with a negative amount). */
export async function openItems(
  db: Db,
  organizationId: string,
  partyId: string,
  role: PartyRole,
  asOf: string,
): Promise<OpenItem[]> {
  const found = await rows<{
    document_id: string | null;
    purchase_id: string | null;
    document_type: string;
    number: string | null;
    document_date: string;
    due: string;
    payable: string;
    settled: string;
    is_credit: boolean;
    days: number;
  }>(
    db,
    sql`SELECT i.document_id, i.purchase_id, i.document_type, i.number, i.document_date::text AS document_date,
               i.due::text AS due, i.payable, i.settled, i.is_credit,
               greatest(${asOf}::date - i.due, 0) AS days
        FROM (${itemsAsOf(organizationId, role, asOf)}) i
        WHERE i.party_id = ${partyId} AND i.payable <> i.settled
        ORDER BY i.due, i.document_date, i.number`,
  );
  return found.map((row) => {
    const open = Number(row.payable) - Number(row.settled);
    return {
      documentId: row.document_id,
      purchaseId: row.purchase_id,
      documentType: row.document_type,
      number: row.number ?? '',
      documentDate: row.document_date,
      dueDate: row.due,
      payable: Number(row.payable),
      settled: Number(row.settled),
      open: row.is_credit ? -open : open,
      daysOverdue: row.is_credit ? 0 : Number(row.days),
    };
  });
}

/** The dated movements of a party's account: what raised the balance, what lowered it. */
function movements(organizationId: string, partyId: string, role: PartyRole): SQL {
  if (role === 'customer')
    return sql`
      SELECT CASE WHEN d.document_type = 'NC' THEN 'credit' ELSE 'document' END AS kind, d.id,
             d.document_date AS date, d.document_type, d.document_number AS number, d.due_date,
             CASE WHEN d.document_type = 'NC' THEN 0 ELSE d.gross_total - d.withholding END AS debit,
             CASE WHEN d.document_type = 'NC' THEN d.gross_total - d.withholding ELSE 0 END AS credit,
             d.system_entry_at AS entered, d.currency
      FROM billing_documents d
      WHERE d.organization_id = ${organizationId} AND d.party_id = ${partyId} AND d.state = 'issued'
        AND d.status = 'N' AND d.document_type IN ('FT', 'FS', 'FR', 'ND', 'NC')
      UNION ALL
      SELECT 'payment', p.id, p.payment_date, coalesce(r.document_type, 'RG'), coalesce(r.document_number, ''),
             NULL, 0, p.amount, p.created_at, p.currency
      FROM billing_payments p LEFT JOIN billing_documents r ON r.id = p.receipt_id
      WHERE p.organization_id = ${organizationId} AND p.party_id = ${partyId} AND p.direction = 'in'
        AND p.cancelled_at IS NULL`;
  return sql`
    SELECT CASE WHEN b.document_type = 'NC' THEN 'credit' ELSE 'document' END AS kind, b.id,
           b.document_date AS date, b.document_type, b.document_number AS number, b.due_date,
           CASE WHEN b.document_type = 'NC' THEN 0 ELSE b.gross_total - b.withholding END AS debit,
           CASE WHEN b.document_type = 'NC' THEN b.gross_total - b.withholding ELSE 0 END AS credit,
           b.created_at AS entered, b.currency
    FROM billing_purchases b
    WHERE b.organization_id = ${organizationId} AND b.party_id = ${partyId} AND b.state = 'open'
    UNION ALL
    SELECT 'payment', p.id, p.payment_date, 'PAY', '', NULL, 0, p.amount, p.created_at, p.currency
    FROM billing_payments p
    WHERE p.organization_id = ${organizationId} AND p.party_id = ${partyId} AND p.direction = 'out'
      AND p.cancelled_at IS NULL`;
}

/** Within a day: documents, then the credit notes that correct them, then payments. */
const KIND_RANK = sql`CASE m.kind WHEN 'document' THEN 0 WHEN 'credit' THEN 1 ELSE 2 END`;

export async function statement(
  db: Db,
  organizationId: string,
  partyId: string,
  query: { role?: PartyRole | undefined; from?: string | undefined; to?: string | undefined },
): Promise<AccountStatement> {
  const party = await partyOf(db, organizationId, partyId);
  const role: PartyRole = query.role ?? (party.isCustomer || !party.isSupplier ? 'customer' : 'supplier');
  const [org] = await db
    .select({ country: organizations.country, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  const to = query.to ?? todayIn(org.country);
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to)
    throw new AppError('VALIDATION_FAILED', 'The statement starts after it ends.', [
      { path: 'from', messageKey: 'VALIDATION.INVALID', message: 'from is after to' },
    ]);
  const all = movements(organizationId, partyId, role);
  const [opening] = await rows<{ balance: string }>(
    db,
    sql`SELECT coalesce(sum(m.debit - m.credit), 0) AS balance FROM (${all}) m WHERE m.date < ${from}::date`,
  );
  const openingBalance = Number(opening?.balance ?? 0);
  const found = await rows<{
    kind: AccountStatementEntry['kind'];
    id: string;
    date: string;
    document_type: string;
    number: string | null;
    due_date: string | null;
    debit: string;
    credit: string;
    balance: string;
    currency: string;
  }>(
    db,
    sql`SELECT m.kind, m.id, m.date::text AS date, m.document_type, m.number, m.due_date::text AS due_date,
               m.debit, m.credit, m.currency,
               ${openingBalance}::bigint + sum(m.debit - m.credit)
                 OVER (ORDER BY m.date, ${KIND_RANK}, m.entered, m.id ROWS UNBOUNDED PRECEDING) AS balance
        FROM (${all}) m
        WHERE m.date BETWEEN ${from}::date AND ${to}::date
        ORDER BY m.date, ${KIND_RANK}, m.entered, m.id`,
  );
  const entries = found.map(
    (row): AccountStatementEntry => ({
      kind: row.kind,
      id: row.id,
      date: row.date,
      documentType: row.document_type,
      number: row.number ?? '',
      dueDate: row.due_date,
      debit: Number(row.debit),
      credit: Number(row.credit),
      balance: Number(row.balance),
    }),
  );
  return {
    role,
    party: {
      id: party.id,
      name: party.name,
      taxId: party.taxId,
      email: party.email,
      language: party.language,
    },
    currency: found[0]?.currency.trim() ?? org.currency.trim(),
    from,
    to,
    openingBalance,
    entries,
    closingBalance: entries.at(-1)?.balance ?? openingBalance,
    openItems: await openItems(db, organizationId, partyId, role, to),
  };
}

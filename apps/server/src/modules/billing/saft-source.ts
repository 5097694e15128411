import { sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../db/client.ts';

// What the SAF-T export reads of billing: issued documents of a period in keyset pages (never the whole
// period in memory), their lines, the customers, products and tax rates they use, the receipts with
// their payments and allocations, and the control totals computed by the database. Amounts stay in the
// document's currency (cents); the export converts to EUR with `eurCents`, the same rule the totals'
// SQL applies.

export interface SaftPeriod {
  organizationId: string;
  from: string;
  to: string;
  /** IANA time zone SystemEntryDate and status dates are written in. */
  timeZone: string;
}

export interface SaftDocumentRow {
  id: string;
  document_type: string;
  status: string;
  document_number: string;
  atcud: string | null;
  party_id: string;
  document_date: string;
  system_entry: string;
  cancelled: string | null;
  cancel_reason: string | null;
  currency: string;
  exchange_rate: string;
  net_total: number;
  tax_payable: number;
  gross_total: number;
  withholding: number;
  withholding_basis_points: number;
  hash: string | null;
  hash_control: string | null;
  reason: string | null;
  payment_method: string | null;
  reference_type: string | null;
  reference_number: string | null;
  reference_date: string | null;
  creator: string | null;
}

export interface SaftLineRow {
  document_id: string;
  position: number;
  product_code: string;
  description: string;
  unit: string;
  quantity: number;
  unit_price: number;
  discount_basis_points: number;
  tax_region: string;
  tax_code: string;
  vat_basis_points: number;
  exemption_code: string | null;
  net: number;
}

export interface SaftPageItem<T> {
  document: T;
  lines: SaftLineRow[];
}

const num = (value: unknown): number => Number(value);

/** Local date-time (to the second) of a timestamp column, as SAF-T writes it. */
const localTime = (column: ReturnType<typeof sql.raw>, timeZone: string) =>
  sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * Issued documents of the given types in the period, oldest first, pages of `pageSize`, with their
 * lines. The next page is read while the caller writes the current one.
 */
export async function* saftDocumentPages(
  db: Db,
  period: SaftPeriod,
  types: readonly string[],
  pageSize = 1000,
): AsyncGenerator<SaftPageItem<SaftDocumentRow>[]> {
  let pending: Promise<SaftPageItem<SaftDocumentRow>[]> | null = documentPage(
    db,
    period,
    types,
    pageSize,
    null,
  );
  while (pending) {
    const page: SaftPageItem<SaftDocumentRow>[] = await pending;
    const last = page.at(-1)?.document;
    pending =
      page.length === pageSize && last
        ? documentPage(db, period, types, pageSize, { date: last.document_date, id: last.id })
        : null;
    // A reader that stops early leaves the read-ahead unawaited: its failure is then nobody's.
    pending?.catch(() => undefined);
    if (page.length) yield page;
  }
}

async function documentPage(
  db: Db,
  period: SaftPeriod,
  types: readonly string[],
  pageSize: number,
  after: { date: string; id: string } | null,
): Promise<SaftPageItem<SaftDocumentRow>[]> {
  const found = await rows<SaftDocumentRow>(
    db,
    sql`SELECT d.id, d.document_type, d.status, d.document_number, d.atcud, d.party_id,
          d.document_date::text AS document_date,
          ${localTime(sql.raw('d.system_entry_at'), period.timeZone)} AS system_entry,
          ${localTime(sql.raw('d.cancelled_at'), period.timeZone)} AS cancelled,
          d.cancel_reason, trim(d.currency) AS currency, d.exchange_rate::text AS exchange_rate,
          d.net_total, d.tax_payable, d.gross_total, d.withholding, d.withholding_basis_points,
          d.hash, d.hash_control, d.reason, d.payment_method,
          r.document_type AS reference_type, r.document_number AS reference_number,
          r.document_date::text AS reference_date, u.name AS creator
        FROM billing_documents d
        LEFT JOIN billing_documents r ON r.id = d.reference_document_id AND r.organization_id = d.organization_id
        LEFT JOIN users u ON u.id = d.created_by
        WHERE d.organization_id = ${period.organizationId} AND d.state = 'issued'
          AND d.document_type IN ${sql.raw(`(${types.map((type) => `'${type.replace(/[^A-Z]/g, '')}'`).join(', ')})`)}
          AND d.document_date BETWEEN ${period.from} AND ${period.to}
          ${after ? sql`AND (d.document_date, d.id) > (${after.date}::date, ${after.id}::uuid)` : sql``}
        ORDER BY d.document_date, d.id
        LIMIT ${pageSize}`,
  );
  if (found.length === 0) return [];
  const lines = await rows<SaftLineRow>(
    db,
    sql`SELECT document_id, position, product_code, description, unit, quantity, unit_price,
          discount_basis_points, tax_region, tax_code, vat_basis_points, exemption_code, net
        FROM billing_document_lines
        WHERE organization_id = ${period.organizationId} AND document_id IN ${uuidList(found.map((d) => d.id))}
        ORDER BY document_id, position`,
  );
  const byDocument = new Map<string, SaftLineRow[]>();
  for (const line of lines) {
    const normalised: SaftLineRow = {
      ...line,
      quantity: num(line.quantity),
      unit_price: num(line.unit_price),
      net: num(line.net),
    };
    const list = byDocument.get(line.document_id);
    if (list) list.push(normalised);
    else byDocument.set(line.document_id, [normalised]);
  }
  return found.map((document) => ({
    document: {
      ...document,
      net_total: num(document.net_total),
      tax_payable: num(document.tax_payable),
      gross_total: num(document.gross_total),
      withholding: num(document.withholding),
    },
    lines: byDocument.get(document.id) ?? [],
  }));
}

/** The parties named by issued documents (sales, working, receipts) of the period, by id, in pages. */
export interface SaftCustomerRow {
  id: string;
  name: string;
  tax_id: string;
  country: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
}

export async function* saftCustomerPages(
  db: Db,
  period: SaftPeriod,
  pageSize = 1000,
): AsyncGenerator<SaftCustomerRow[]> {
  let after: string | null = null;
  for (;;) {
    const found: SaftCustomerRow[] = await rows<SaftCustomerRow>(
      db,
      sql`SELECT p.id, p.name, p.tax_id, trim(p.country) AS country, p.address, p.postal_code, p.city,
            p.email, p.phone
          FROM billing_parties p
          WHERE p.organization_id = ${period.organizationId}
            ${after ? sql`AND p.id > ${after}::uuid` : sql``}
            AND EXISTS (SELECT 1 FROM billing_documents d
              WHERE d.organization_id = ${period.organizationId} AND d.party_id = p.id AND d.state = 'issued'
                AND d.document_date BETWEEN ${period.from} AND ${period.to})
          ORDER BY p.id
          LIMIT ${pageSize}`,
    );
    if (found.length === 0) return;
    yield found;
    if (found.length < pageSize) return;
    after = (found.at(-1) as { id: string }).id;
  }
}

/** The product codes the period's lines use, with the catalogue's type and description when known. */
export interface SaftProductRow {
  product_code: string;
  line_description: string;
  product_type: string | null;
  product_description: string | null;
}

export async function* saftProductPages(
  db: Db,
  period: SaftPeriod,
  pageSize = 1000,
): AsyncGenerator<SaftProductRow[]> {
  let after: string | null = null;
  for (;;) {
    const found: SaftProductRow[] = await rows<SaftProductRow>(
      db,
      sql`SELECT codes.product_code, codes.line_description, p.product_type, p.description AS product_description
          FROM (
            SELECT DISTINCT ON (l.product_code) l.product_code, l.description AS line_description
            FROM billing_document_lines l
            JOIN billing_documents d ON d.id = l.document_id
            WHERE l.organization_id = ${period.organizationId} AND d.organization_id = ${period.organizationId}
              AND d.state = 'issued' AND d.document_date BETWEEN ${period.from} AND ${period.to}
              ${after !== null ? sql`AND l.product_code > ${after}` : sql``}
            ORDER BY l.product_code, d.document_date DESC
          ) codes
          LEFT JOIN billing_products p ON p.organization_id = ${period.organizationId} AND p.code = codes.product_code
          ORDER BY codes.product_code
          LIMIT ${pageSize}`,
    );
    if (found.length === 0) return;
    yield found;
    if (found.length < pageSize) return;
    after = (found.at(-1) as { product_code: string }).product_code;
  }
}

/** Every (region, tax code, rate) the period's lines use: the TaxTable. */
export async function saftTaxRates(db: Db, period: SaftPeriod) {
  return rows<{ tax_region: string; tax_code: string; vat_basis_points: number }>(
    db,
    sql`SELECT DISTINCT l.tax_region, l.tax_code, l.vat_basis_points
        FROM billing_document_lines l
        JOIN billing_documents d ON d.id = l.document_id
        WHERE l.organization_id = ${period.organizationId} AND d.organization_id = ${period.organizationId}
          AND d.state = 'issued' AND d.document_date BETWEEN ${period.from} AND ${period.to}
        ORDER BY l.tax_region, l.tax_code, l.vat_basis_points`,
  );
}

/** EUR cents of an amount in the document currency: cents ÷ rate, half away from zero (exact). */
export function eurCents(cents: number, exchangeRate: string): number {
  if (/^1(\.0*)?$/.test(exchangeRate)) return cents;
  const [whole = '0', fraction = ''] = exchangeRate.split('.');
  const scaled = BigInt(whole + fraction.padEnd(10, '0').slice(0, 10));
  const magnitude = BigInt(Math.abs(cents)) * 10_000_000_000n;
  const rounded = Number((2n * magnitude + scaled) / (2n * scaled));
  return cents < 0 ? -rounded : rounded;
}

/** The same rule in SQL, for the control totals. */
const eurSql = (cents: string, rate: string) =>
  sql.raw(
    `(sign(${cents}) * div(2 * abs(${cents}) * 10000000000 + (${rate} * 10000000000), 2 * (${rate} * 10000000000)))`,
  );

/**
 * NumberOfEntries (every document, cancelled ones included) and TotalDebit/TotalCredit (the lines'
 * amounts without tax in EUR cents, documents cancelled — or invoiced, for working documents — left
 * out), per the control-total rules of Portaria 302/2016. A line sits on its document type's side
 * (debit for `debitTypes`), a negative one on the other.
 */
export async function saftControlTotals(
  db: Db,
  period: SaftPeriod,
  types: readonly string[],
  debitTypes: readonly string[],
): Promise<{ entries: number; debit: number; credit: number }> {
  const list = (values: readonly string[]) =>
    sql.raw(`(${['__', ...values].map((type) => `'${type.replace(/[^A-Z_]/g, '')}'`).join(', ')})`);
  const [counted] = await rows<{ entries: number }>(
    db,
    sql`SELECT count(*)::int AS entries FROM billing_documents d
        WHERE d.organization_id = ${period.organizationId} AND d.state = 'issued'
          AND d.document_type IN ${list(types)} AND d.document_date BETWEEN ${period.from} AND ${period.to}`,
  );
  const [summed] = await rows<{ debit: string | null; credit: string | null }>(
    db,
    sql`SELECT
          sum(abs(${eurSql('l.net', 'd.exchange_rate')})) FILTER (
            WHERE (d.document_type IN ${list(debitTypes)}) = (l.net >= 0))::text AS debit,
          sum(abs(${eurSql('l.net', 'd.exchange_rate')})) FILTER (
            WHERE (d.document_type IN ${list(debitTypes)}) <> (l.net >= 0))::text AS credit
        FROM billing_documents d
        JOIN billing_document_lines l ON l.document_id = d.id AND l.organization_id = d.organization_id
        WHERE d.organization_id = ${period.organizationId} AND d.state = 'issued'
          AND d.document_type IN ${list(types)} AND d.document_date BETWEEN ${period.from} AND ${period.to}
          AND d.status NOT IN ('A', 'F')`,
  );
  return {
    entries: num(counted?.entries ?? 0),
    debit: num(summed?.debit ?? 0),
    credit: num(summed?.credit ?? 0),
  };
}

export interface SaftReceiptExtras {
  payments: { receipt_id: string; method: string; amount: number; payment_date: string }[];
  allocations: {
    receipt_id: string;
    document_id: string;
    amount: number;
    document_type: string;
    document_number: string;
    document_date: string;
    gross_total: number;
    exchange_rate: string;
  }[];
  /** Per allocated document: its lines grouped by tax (for RC receipts, which carry the tax). */
  taxGroups: {
    document_id: string;
    tax_region: string;
    tax_code: string;
    vat_basis_points: number;
    exemption_code: string | null;
    net: number;
  }[];
}

/** The payments behind a page of receipts, what they settled, and the settled documents' tax groups. */
export async function saftReceiptExtras(
  db: Db,
  organizationId: string,
  receiptIds: readonly string[],
): Promise<SaftReceiptExtras> {
  if (receiptIds.length === 0) return { payments: [], allocations: [], taxGroups: [] };
  const payments = await rows<SaftReceiptExtras['payments'][number]>(
    db,
    sql`SELECT receipt_id, method, amount, payment_date::text AS payment_date
        FROM billing_payments
        WHERE organization_id = ${organizationId} AND receipt_id IN ${uuidList(receiptIds)}
        ORDER BY receipt_id, payment_date, id`,
  );
  const allocations = await rows<SaftReceiptExtras['allocations'][number]>(
    db,
    sql`SELECT p.receipt_id, a.document_id, a.amount, d.document_type, d.document_number,
          d.document_date::text AS document_date, d.gross_total, d.exchange_rate::text AS exchange_rate
        FROM billing_payment_allocations a
        JOIN billing_payments p ON p.id = a.payment_id AND p.organization_id = a.organization_id
        JOIN billing_documents d ON d.id = a.document_id AND d.organization_id = a.organization_id
        WHERE a.organization_id = ${organizationId} AND p.receipt_id IN ${uuidList(receiptIds)}
        ORDER BY p.receipt_id, d.document_date, d.document_number, a.id`,
  );
  const documentIds = [...new Set(allocations.map((allocation) => allocation.document_id))];
  const taxGroups = documentIds.length
    ? await rows<SaftReceiptExtras['taxGroups'][number]>(
        db,
        sql`SELECT document_id, tax_region, tax_code, vat_basis_points, exemption_code, sum(net)::text AS net
            FROM billing_document_lines
            WHERE organization_id = ${organizationId} AND document_id IN ${uuidList(documentIds)}
            GROUP BY document_id, tax_region, tax_code, vat_basis_points, exemption_code
            ORDER BY document_id, tax_region, tax_code, vat_basis_points`,
      )
    : [];
  return {
    payments: payments.map((payment) => ({ ...payment, amount: num(payment.amount) })),
    allocations: allocations.map((allocation) => ({
      ...allocation,
      amount: num(allocation.amount),
      gross_total: num(allocation.gross_total),
    })),
    taxGroups: taxGroups.map((group) => ({ ...group, net: num(group.net) })),
  };
}

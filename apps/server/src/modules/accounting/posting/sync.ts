import { percentOf } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, rows, uuidValues } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { convertMinor, currencyDigits, exchangeRateOn } from '../../treasury/index.ts';
import { type EntrySourceType, type PostingInput, type PostingLine, postEntry } from '../ledger/post.ts';
import { type ChartName, ensureFiscalYear, ensureLedger, type JournalKind } from '../ledger/setup.ts';
import { type DefaultAccounts, PostingAccounts } from './accounts.ts';
import type { BatchPoster } from './batch-poster.ts';

// Automatic posting: each source billing and treasury record (a sales document, a receipt, a supplier
// document, a supplier payment, a categorised movement) has at most one live entry, the one its current
// state calls for. sync*() computes that entry and compares it with the live one: nothing to do when
// they are equal (a source is posted once); else the live one is reversed (a 'reversal' entry with
// reversesEntryId) and the new one posted. A cancelled source calls for none: its entry is reversed.
// See docs/accounting-posting.md for the table of accounts.

/** Sales documents posted to the sales journal (receipts post through their payment). */
const SALES_TYPES = new Set(['FT', 'FS', 'FR', 'ND', 'NC']);
const RECEIPT_TYPES = new Set(['RC', 'RG']);

export interface PostingContext {
  tx: Db;
  organizationId: string;
  chart: ChartName;
  currency: string;
  accounts: PostingAccounts;
  userId?: string | null;
  /** True while the transaction defers posting (the demo seed, which posts everything at its end). */
  deferred: boolean;
  /** postPending's poster (one journal lock, cached periods); postEntry otherwise. */
  poster?: BatchPoster;
  /** Sources known to have no entry yet (postPending): their live entry is not looked up. */
  unposted?: Set<string>;
  /** Documents (and their lines) read ahead for a group of sources: see prefetchDocuments. */
  prefetched?: Map<string, { document: DocumentRow; lines: SalesLineRow[] }>;
}

/** The transaction-local setting that defers automatic posting (SET LOCAL fluxo.defer_posting = 'on'). */
export const DEFER_POSTING_SETTING = 'fluxo.defer_posting';

export async function postingContext(
  tx: Db,
  organizationId: string,
  options: { forHook?: boolean } = {},
): Promise<PostingContext> {
  const read = () =>
    preparedRows<{
      chart: string | null;
      default_accounts: DefaultAccounts | null;
      currency: string;
      deferred: string | null;
    }>(
      tx,
      'posting_context',
      sql`SELECT s.chart, s.default_accounts, o.currency,
                 current_setting(${DEFER_POSTING_SETTING}, true) AS deferred
          FROM organizations o
          LEFT JOIN accounting_settings s ON s.organization_id = o.id WHERE o.id = ${organizationId}`,
    );
  let [row] = await read();
  if (!row) throw new AppError('NOT_FOUND', 'Unknown organization.');
  const deferred = row.deferred === 'on';
  if (deferred && options.forHook)
    return { tx, organizationId, chart: 'SNC', currency: '', accounts: null as never, deferred };
  if (!row.chart) {
    await ensureLedger(tx, organizationId);
    [row] = await read();
  }
  const chart = (row?.chart ?? 'SNC') as ChartName;
  const accounts = await new PostingAccounts(tx, organizationId, chart, row?.default_accounts ?? {}).load();
  return { tx, organizationId, chart, currency: (row?.currency ?? 'EUR').trim(), accounts, deferred };
}

/** An entry as a source calls for it, before its date is moved out of a locked period. */
export interface DesiredEntry {
  journal: JournalKind;
  date: string;
  description: string;
  lines: PostingLine[];
}

/** A movement of `amount` minor units of `currency` in the organization's currency, at `rate` (units per unit). */
function converter(context: PostingContext, currency: string, rate: string) {
  const from = currency.trim();
  if (from === context.currency) return { convert: (amount: number) => amount, foreign: null };
  const fromDigits = currencyDigits(from);
  const toDigits = currencyDigits(context.currency);
  return {
    convert: (amount: number) => convertMinor(amount, rate, fromDigits, toDigits),
    foreign: { currency: from, exchangeRate: rate },
  };
}

async function rateOn(context: PostingContext, currency: string, date: string): Promise<string> {
  if (currency.trim() === context.currency) return '1';
  const found = await exchangeRateOn(context.tx, context.currency, currency.trim(), date);
  if (!found)
    throw new AppError(
      'EXCHANGE_RATE_UNAVAILABLE',
      `No exchange rate of ${currency} against ${context.currency} is known for ${date}.`,
    );
  return found.rate;
}

/** debit/credit from a signed amount (positive: debit), with the original currency's signed amount. */
function side(
  line: Omit<PostingLine, 'debit' | 'credit'>,
  signed: number,
  original?: { amount: number; currency: string; exchangeRate: string } | null,
): PostingLine {
  return {
    ...line,
    ...(signed >= 0 ? { debit: signed } : { credit: -signed }),
    ...(original
      ? { currency: original.currency, amountCurrency: original.amount, exchangeRate: original.exchangeRate }
      : {}),
  };
}

/** Drops empty lines; null when nothing is left to post. */
function finish(entry: DesiredEntry): DesiredEntry | null {
  const lines = entry.lines.filter((line) => (line.debit ?? 0) > 0 || (line.credit ?? 0) > 0);
  return lines.length >= 2 ? { ...entry, lines } : null;
}

// ————————————————————————————————————————— sources —————————————————————————————————————————

interface DocumentRow {
  id: string;
  document_type: string;
  document_number: string | null;
  state: string;
  status: string | null;
  party_id: string;
  party_name: string;
  document_date: string;
  currency: string;
  exchange_rate: string;
  tax_payable: string;
  withholding: string;
  payment_method: string | null;
}

const DOCUMENT_COLUMNS = sql`d.id, d.document_type, d.document_number, d.state, d.status, d.party_id,
  p.name AS party_name, d.document_date::text AS document_date, d.currency, d.exchange_rate::text AS exchange_rate,
  d.tax_payable, d.withholding, d.payment_method`;

async function loadDocument(context: PostingContext, id: string): Promise<DocumentRow | null> {
  const known = context.prefetched?.get(id);
  if (known) return known.document;
  const [row] = await rows<DocumentRow>(
    context.tx,
    sql`SELECT ${DOCUMENT_COLUMNS}
        FROM billing_documents d JOIN billing_parties p ON p.id = d.party_id
        WHERE d.organization_id = ${context.organizationId} AND d.id = ${id}`,
  );
  return row ?? null;
}

/** A sales document's lines as its entry reads them: net, VAT, product type and account mapping. */
interface SalesLineRow {
  document_id: string;
  net: string;
  tax_region: string;
  vat_basis_points: number;
  product_type: string | null;
  product_id: string | null;
  mapped: string | null;
}

function salesLinesQuery(context: PostingContext, documentIds: readonly string[]) {
  return preparedRows<SalesLineRow>(
    context.tx,
    'posting_sales_lines',
    sql`SELECT l.document_id, l.net, l.tax_region, l.vat_basis_points, pr.product_type, l.product_id,
               m.account_code AS mapped
        FROM unnest(${sql.param([...documentIds])}::uuid[]) AS wanted(id)
        JOIN billing_document_lines l ON l.document_id = wanted.id
        LEFT JOIN billing_products pr ON pr.id = l.product_id
        LEFT JOIN accounting_mappings m ON m.organization_id = l.organization_id AND m.source_kind = 'product'
          AND m.source_id = l.product_id
        WHERE l.organization_id = ${context.organizationId}
        ORDER BY l.document_id, l.position`,
  );
}

/**
 * Reads a group of documents and their lines in two statements (the posting queue's drain), so that
 * syncDocument does not read them one by one. Only for a transaction that does not change them.
 */
export async function prefetchDocuments(context: PostingContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const documents = await preparedRows<DocumentRow>(
    context.tx,
    'posting_documents',
    sql`SELECT ${DOCUMENT_COLUMNS}
        FROM unnest(${sql.param([...ids])}::uuid[]) AS wanted(id)
        JOIN billing_documents d ON d.id = wanted.id JOIN billing_parties p ON p.id = d.party_id
        WHERE d.organization_id = ${context.organizationId}`,
  );
  const sales = documents.filter((document) => SALES_TYPES.has(document.document_type));
  const lines =
    sales.length > 0
      ? await salesLinesQuery(
          context,
          sales.map((document) => document.id),
        )
      : [];
  const prefetched = context.prefetched ?? new Map();
  context.prefetched = prefetched;
  for (const document of documents) prefetched.set(document.id, { document, lines: [] });
  for (const line of lines) prefetched.get(line.document_id)?.lines.push(line);
}

async function customerAccount(context: PostingContext, partyId: string, name: string): Promise<string> {
  return context.accounts.subAccount(context.accounts.roleCode('customers'), { partyId }, name);
}

async function supplierAccount(context: PostingContext, partyId: string, name: string): Promise<string> {
  return context.accounts.subAccount(context.accounts.roleCode('suppliers'), { partyId }, name);
}

/** The bank (or cash) account money went through: the movement's treasury account, else cash. */
async function moneyAccount(
  context: PostingContext,
  transactionId: string | null,
): Promise<{ code: string; journal: JournalKind }> {
  if (transactionId) {
    const [account] = await rows<{ id: string; kind: string; name: string }>(
      context.tx,
      sql`SELECT a.id, a.kind, a.name FROM treasury_transactions t JOIN treasury_accounts a ON a.id = t.account_id
          WHERE t.organization_id = ${context.organizationId} AND t.id = ${transactionId}`,
    );
    if (account) return treasuryAccountCode(context, account);
  }
  return { code: await context.accounts.role('cash'), journal: 'cash' };
}

async function treasuryAccountCode(
  context: PostingContext,
  account: { id: string; kind: string; name: string },
): Promise<{ code: string; journal: JournalKind }> {
  const cash = account.kind === 'cash';
  const parent = context.accounts.roleCode(cash ? 'cash' : 'bank');
  return {
    code: await context.accounts.subAccount(parent, { treasuryAccountId: account.id }, account.name),
    journal: cash ? 'cash' : 'bank',
  };
}

/**
 * A sales document (FT, FS, FR, ND; NC the other way round): the customer's sub-account for what it owes,
 * the withholding its customer keeps, sales or services per product (or product type) for the net, and
 * VAT payable per region and rate. An FR, or an FS paid at the counter, also settles at once.
 */
async function salesEntry(context: PostingContext, document: DocumentRow): Promise<DesiredEntry | null> {
  const lines =
    context.prefetched?.get(document.id)?.lines ?? (await salesLinesQuery(context, [document.id]));
  const { convert, foreign } = converter(context, document.currency, document.exchange_rate);
  const sign = document.document_type === 'NC' ? -1 : 1;
  const original = (amount: number) => (foreign ? { ...foreign, amount } : null);
  const number = document.document_number ?? '';
  const defaults = context.accounts.defaults;

  // Net per (sales account, region, rate); VAT per (region, rate) as billing computes it.
  const revenue = new Map<string, { account: string; region: string; rate: number; net: number }>();
  const vat = new Map<string, { region: string; rate: number; base: number }>();
  for (const line of lines) {
    const type = (line.product_type ?? 'P').trim();
    const code =
      line.mapped ??
      defaults[`productType:${type}`] ??
      context.accounts.roleCode(type === 'S' ? 'salesServices' : 'salesGoods');
    const account = await context.accounts.account(code, type === 'S' ? 'Prestações de serviços' : 'Vendas');
    const net = Number(line.net);
    const key = `${account}|${line.tax_region}|${line.vat_basis_points}`;
    const group = revenue.get(key) ?? {
      account,
      region: line.tax_region,
      rate: line.vat_basis_points,
      net: 0,
    };
    group.net += net;
    revenue.set(key, group);
    const vatKey = `${line.tax_region}|${line.vat_basis_points}`;
    const tax = vat.get(vatKey) ?? { region: line.tax_region, rate: line.vat_basis_points, base: 0 };
    tax.base += net;
    vat.set(vatKey, tax);
  }
  const out: PostingLine[] = [];
  for (const group of revenue.values()) {
    const amount = convert(group.net);
    out.push(
      side(
        {
          accountCode: group.account,
          description: number,
          sourceDocumentNumber: number,
          // Exempt sales carry their region and base here (they have no VAT line).
          ...(group.rate === 0
            ? { taxRegion: group.region, taxRateBasisPoints: 0, taxBase: sign * amount }
            : {}),
        },
        -sign * amount,
        original(-sign * group.net),
      ),
    );
  }
  const vatLines: { line: PostingLine; amount: number; base: number; original: number }[] = [];
  for (const tax of vat.values()) {
    if (tax.rate === 0) continue;
    const amount = percentOf(tax.base, tax.rate);
    const code = defaults[`vatOutput:${tax.region}:${tax.rate}`] ?? context.accounts.roleCode('vatOutput');
    const account = await context.accounts.account(code, 'IVA liquidado');
    vatLines.push({
      line: {
        accountCode: account,
        description: number,
        sourceDocumentNumber: number,
        taxRegion: tax.region,
        taxRateBasisPoints: tax.rate,
      },
      amount: convert(amount),
      base: convert(tax.base),
      original: amount,
    });
  }
  // The VAT lines add up to the document's VAT (converted once), whatever the rounding per rate.
  const taxTotal = convert(Number(document.tax_payable));
  const drift = taxTotal - vatLines.reduce((sum, item) => sum + item.amount, 0);
  const largest = vatLines.reduce<(typeof vatLines)[number] | null>(
    (best, item) => (best && best.amount >= item.amount ? best : item),
    null,
  );
  if (largest) largest.amount += drift;
  for (const item of vatLines)
    out.push(
      side({ ...item.line, taxBase: sign * item.base }, -sign * item.amount, original(-sign * item.original)),
    );
  const withholding = Number(document.withholding);
  if (withholding > 0)
    out.push(
      side(
        { accountCode: await context.accounts.role('withholdingSuffered'), description: number },
        sign * convert(withholding),
        original(sign * withholding),
      ),
    );
  const customer = await customerAccount(context, document.party_id, document.party_name);
  const credits = out.reduce((sum, line) => sum + (line.credit ?? 0) - (line.debit ?? 0), 0);
  const originalCredits = out.reduce((sum, line) => sum - (line.amountCurrency ?? 0), 0);
  out.push(
    side(
      {
        accountCode: customer,
        partyId: document.party_id,
        description: number,
        sourceDocumentNumber: number,
      },
      credits,
      original(originalCredits),
    ),
  );
  // Paid at issue: the document is its own receipt.
  if (document.document_type === 'FR' || document.document_type === 'FS') {
    const [payment] = await rows<{ amount: string; transaction_id: string | null }>(
      context.tx,
      sql`SELECT p.amount, p.transaction_id FROM billing_payments p
          JOIN billing_payment_allocations a ON a.payment_id = p.id
          WHERE p.organization_id = ${context.organizationId} AND a.document_id = ${document.id}
            AND p.at_issue AND p.cancelled_at IS NULL LIMIT 1`,
    );
    if (payment) {
      const paid = Number(payment.amount);
      const money = await moneyAccount(context, payment.transaction_id);
      out.push(
        side({ accountCode: money.code, description: number }, convert(paid), original(paid)),
        side(
          {
            accountCode: customer,
            partyId: document.party_id,
            description: number,
            sourceDocumentNumber: number,
          },
          -convert(paid),
          original(-paid),
        ),
      );
    }
  }
  return finish({
    journal: 'sales',
    date: document.document_date,
    description: `${number} ${document.party_name}`.slice(0, 200),
    lines: out,
  });
}

interface PaymentRow {
  id: string;
  direction: 'in' | 'out';
  party_id: string;
  party_name: string;
  receipt_id: string | null;
  receipt_number: string | null;
  payment_date: string;
  currency: string;
  amount: string;
  transaction_id: string | null;
  cancelled: boolean;
  at_issue: boolean;
}

async function loadPayment(
  context: PostingContext,
  where: ReturnType<typeof sql>,
): Promise<PaymentRow | null> {
  const [row] = await rows<PaymentRow>(
    context.tx,
    sql`SELECT p.id, p.direction, p.party_id, pa.name AS party_name, p.receipt_id, r.document_number AS receipt_number,
               p.payment_date::text AS payment_date, p.currency, p.amount, p.transaction_id,
               p.cancelled_at IS NOT NULL AS cancelled, p.at_issue
        FROM billing_payments p JOIN billing_parties pa ON pa.id = p.party_id
        LEFT JOIN billing_documents r ON r.id = p.receipt_id
        WHERE p.organization_id = ${context.organizationId} AND ${where}
        ORDER BY p.cancelled_at IS NULL DESC LIMIT 1`,
  );
  return row ?? null;
}

/**
 * A payment received (its receipt's entry) or made: bank or cash against the party's sub-account. Each
 * allocation is converted at the rate of the document it settles, so the party's account clears exactly
 * (exchange differences are left to a manual entry).
 */
async function paymentEntry(context: PostingContext, payment: PaymentRow): Promise<DesiredEntry | null> {
  if (payment.cancelled) return null;
  const allocations = await rows<{ amount: string; rate: string | null; date: string | null }>(
    context.tx,
    sql`SELECT a.amount, d.exchange_rate::text AS rate, pu.document_date::text AS date
        FROM billing_payment_allocations a
        LEFT JOIN billing_documents d ON d.id = a.document_id
        LEFT JOIN billing_purchases pu ON pu.id = a.purchase_id
        WHERE a.organization_id = ${context.organizationId} AND a.payment_id = ${payment.id}`,
  );
  let converted = 0;
  let original = 0;
  let rate = '1';
  for (const allocation of allocations) {
    const amount = Number(allocation.amount);
    rate =
      allocation.rate ?? (await rateOn(context, payment.currency, allocation.date ?? payment.payment_date));
    converted += converter(context, payment.currency, rate).convert(amount);
    original += amount;
  }
  const foreign = payment.currency.trim() === context.currency ? null : payment.currency.trim();
  const at = (amount: number) => (foreign ? { currency: foreign, exchangeRate: rate, amount } : null);
  const money = await moneyAccount(context, payment.transaction_id);
  const incoming = payment.direction === 'in';
  const party = incoming
    ? await customerAccount(context, payment.party_id, payment.party_name)
    : await supplierAccount(context, payment.party_id, payment.party_name);
  const reference = payment.receipt_number ?? '';
  const sign = incoming ? 1 : -1;
  return finish({
    journal: money.journal,
    date: payment.payment_date,
    description: `${incoming ? reference || 'Recebimento' : 'Pagamento'} ${payment.party_name}`.slice(0, 200),
    lines: [
      side(
        { accountCode: money.code, description: reference || null },
        sign * converted,
        at(sign * original),
      ),
      side(
        {
          accountCode: party,
          partyId: payment.party_id,
          description: reference || null,
          sourceDocumentNumber: reference || null,
        },
        -sign * converted,
        at(-sign * original),
      ),
    ],
  });
}

interface PurchaseRow {
  id: string;
  party_id: string;
  party_name: string;
  document_type: string;
  document_number: string;
  document_date: string;
  currency: string;
  gross_total: string;
  withholding: string;
  taxes: { taxRegion: string; taxCode: string; vatBasisPoints: number; base: number; vat: number }[];
  state: string;
  mapped: string | null;
  category_code: string | null;
}

/**
 * A supplier document: the expense (its supplier's merchant's category mapping when it has one, else
 * the purchases account) and the deductible VAT per region and rate, against the supplier's sub-account
 * and the withholding kept for the State. A credit note the other way round.
 */
async function purchaseEntry(context: PostingContext, id: string): Promise<DesiredEntry | null> {
  const [purchase] = await rows<PurchaseRow>(
    context.tx,
    sql`SELECT pu.id, pu.party_id, pa.name AS party_name, pu.document_type, pu.document_number,
               pu.document_date::text AS document_date, pu.currency, pu.gross_total, pu.withholding, pu.taxes,
               pu.state, m.account_code AS mapped, c.account_code AS category_code
        FROM billing_purchases pu JOIN billing_parties pa ON pa.id = pu.party_id
        LEFT JOIN treasury_merchants me ON me.id = pa.merchant_id
        LEFT JOIN treasury_categories c ON c.id = me.default_category_id AND c.kind = 'expense'
        LEFT JOIN accounting_mappings m ON m.organization_id = pu.organization_id AND m.source_kind = 'category'
          AND m.source_id = c.id
        WHERE pu.organization_id = ${context.organizationId} AND pu.id = ${id}`,
  );
  if (purchase?.state !== 'open') return null;
  const rate = await rateOn(context, purchase.currency, purchase.document_date);
  const { convert, foreign } = converter(context, purchase.currency, rate);
  const original = (amount: number) => (foreign ? { ...foreign, amount } : null);
  const sign = purchase.document_type === 'NC' ? -1 : 1;
  const number = purchase.document_number;
  const out: PostingLine[] = [];
  let vatTotal = 0;
  let vatConverted = 0;
  for (const tax of purchase.taxes ?? []) {
    if (tax.taxCode === 'IS' || tax.vat <= 0) continue;
    const code =
      context.accounts.defaults[`vatInput:${tax.taxRegion}:${tax.vatBasisPoints}`] ??
      context.accounts.roleCode('vatInput');
    out.push(
      side(
        {
          accountCode: await context.accounts.account(code, 'IVA dedutível'),
          description: number,
          sourceDocumentNumber: number,
          taxRegion: tax.taxRegion,
          taxRateBasisPoints: tax.vatBasisPoints,
          taxBase: sign * convert(tax.base),
        },
        sign * convert(tax.vat),
        original(sign * tax.vat),
      ),
    );
    vatTotal += tax.vat;
    vatConverted += convert(tax.vat);
  }
  const gross = Number(purchase.gross_total);
  const withholding = Number(purchase.withholding);
  // The expense is what is not deductible VAT: net, stamp duty, any rounding of the supplier's.
  const expenseCode = purchase.mapped ?? purchase.category_code ?? context.accounts.roleCode('purchases');
  out.push(
    side(
      {
        accountCode: await context.accounts.account(expenseCode, 'Fornecimentos e serviços externos'),
        description: number,
        sourceDocumentNumber: number,
      },
      sign * (convert(gross) - vatConverted),
      original(sign * (gross - vatTotal)),
    ),
  );
  if (withholding > 0)
    out.push(
      side(
        { accountCode: await context.accounts.role('withholdingToPay'), description: number },
        -sign * convert(withholding),
        original(-sign * withholding),
      ),
    );
  out.push(
    side(
      {
        accountCode: await supplierAccount(context, purchase.party_id, purchase.party_name),
        partyId: purchase.party_id,
        description: number,
        sourceDocumentNumber: number,
      },
      -sign * (convert(gross) - convert(withholding)),
      original(-sign * (gross - withholding)),
    ),
  );
  return finish({
    journal: 'purchases',
    date: purchase.document_date,
    description: `${number} ${purchase.party_name}`.slice(0, 200),
    lines: out,
  });
}

interface MovementRow {
  id: string;
  account_id: string;
  account_kind: string;
  account_name: string;
  booking_date: string;
  amount: string;
  currency: string;
  description: string;
  category_id: string | null;
  is_split: boolean;
  transfer: boolean;
  paid: boolean;
}

/**
 * A categorised movement: its bank (or cash) sub-account against the account of its category (or of
 * each part's category when split). A movement that carried a billing payment is posted through that
 * payment and never here; a transfer between the organization's own accounts is not posted either.
 */
async function movementEntry(context: PostingContext, id: string): Promise<DesiredEntry | null> {
  const [movement] = await rows<MovementRow>(
    context.tx,
    sql`SELECT t.id, t.account_id, a.kind AS account_kind, a.name AS account_name,
               t.booking_date::text AS booking_date, t.amount, t.currency, t.description, t.category_id,
               t.is_split, t.transfer_transaction_id IS NOT NULL AS transfer,
               EXISTS (SELECT 1 FROM billing_payments p WHERE p.organization_id = t.organization_id
                         AND p.transaction_id = t.id AND p.cancelled_at IS NULL) AS paid
        FROM treasury_transactions t JOIN treasury_accounts a ON a.id = t.account_id
        WHERE t.organization_id = ${context.organizationId} AND t.id = ${id}`,
  );
  if (!movement || movement.transfer || movement.paid) return null;
  const parts = movement.is_split
    ? await rows<{ amount: string; category_id: string | null }>(
        context.tx,
        sql`SELECT amount, category_id FROM treasury_transaction_parts
            WHERE organization_id = ${context.organizationId} AND transaction_id = ${id} ORDER BY position`,
      )
    : [{ amount: movement.amount, category_id: movement.category_id }];
  const categorised = parts.filter((part) => part.category_id);
  if (categorised.length === 0) return null;
  const accounts = await categoryAccounts(
    context,
    categorised.map((part) => part.category_id as string),
  );
  const rate = await rateOn(context, movement.currency, movement.booking_date);
  const { convert, foreign } = converter(context, movement.currency, rate);
  const original = (amount: number) => (foreign ? { ...foreign, amount } : null);
  const description = movement.description.slice(0, 200) || null;
  const out: PostingLine[] = [];
  let bank = 0;
  let bankOriginal = 0;
  for (const part of categorised) {
    const amount = Number(part.amount);
    const converted = convert(amount);
    bank += converted;
    bankOriginal += amount;
    out.push(
      side(
        { accountCode: accounts.get(part.category_id as string) as string, description },
        -converted,
        original(-amount),
      ),
    );
  }
  const money = await treasuryAccountCode(context, {
    id: movement.account_id,
    kind: movement.account_kind,
    name: movement.account_name,
  });
  out.unshift(side({ accountCode: money.code, description }, bank, original(bankOriginal)));
  return finish({
    journal: money.journal,
    date: movement.booking_date,
    description: description ?? 'Movimento',
    lines: out,
  });
}

/** Category → account, per posting context (one transaction). */
const categoryCache = new WeakMap<PostingContext, Map<string, string>>();

/**
 * The account of each category: the organization's mapping, else the category's own account code
 * (treasury's defaults name one), else its parent's, else other income or other expenses.
 */
export async function categoryAccounts(
  context: PostingContext,
  categoryIds: readonly string[],
): Promise<Map<string, string>> {
  const cache = categoryCache.get(context) ?? new Map<string, string>();
  categoryCache.set(context, cache);
  const wanted = [...new Set(categoryIds)].filter((id) => !cache.has(id));
  if (wanted.length === 0) return cache;
  const found = await rows<{ id: string; kind: string; name: string; code: string | null }>(
    context.tx,
    sql`SELECT c.id, c.kind, c.name,
               coalesce(m.account_code, c.account_code, pm.account_code, p.account_code) AS code
        FROM treasury_categories c
        LEFT JOIN accounting_mappings m ON m.organization_id = c.organization_id AND m.source_kind = 'category'
          AND m.source_id = c.id
        LEFT JOIN treasury_categories p ON p.id = c.parent_id
        LEFT JOIN accounting_mappings pm ON pm.organization_id = c.organization_id AND pm.source_kind = 'category'
          AND pm.source_id = p.id
        WHERE c.organization_id = ${context.organizationId} AND c.id IN (${uuidValues(wanted)})`,
  );
  const result = cache;
  for (const category of found) {
    const fallback = context.accounts.roleCode(category.kind === 'income' ? 'otherIncome' : 'otherExpense');
    result.set(category.id, await context.accounts.account(category.code ?? fallback, category.name));
  }
  for (const id of categoryIds)
    if (!result.has(id)) result.set(id, await context.accounts.role('otherExpense'));
  return result;
}

// ————————————————————————————————————————— live entries —————————————————————————————————————————

interface LiveEntry {
  id: string;
  entry_date: string;
  journal_kind: JournalKind;
  description: string;
}

interface LiveLine {
  code: string;
  debit: string;
  credit: string;
  description: string | null;
  party_id: string | null;
  currency: string | null;
  amount_currency: string | null;
  exchange_rate: string | null;
  tax_region: string | null;
  tax_rate_basis_points: number | null;
  tax_base: string | null;
  source_document_number: string | null;
}

async function liveEntry(context: PostingContext, sourceType: EntrySourceType, sourceId: string) {
  await context.poster?.write();
  const [entry] = await rows<LiveEntry>(
    context.tx,
    sql`SELECT e.id, e.entry_date::text AS entry_date, j.kind AS journal_kind, e.description
        FROM accounting_entries e JOIN accounting_journals j ON j.id = e.journal_id
        WHERE e.organization_id = ${context.organizationId} AND e.source_type = ${sourceType}
          AND e.source_id = ${sourceId}
          AND NOT EXISTS (SELECT 1 FROM accounting_entries r WHERE r.reverses_entry_id = e.id)
        ORDER BY e.created_at DESC, e.seq DESC LIMIT 1`,
  );
  return entry ?? null;
}

async function liveLines(context: PostingContext, entryId: string): Promise<LiveLine[]> {
  return rows<LiveLine>(
    context.tx,
    sql`SELECT a.code, l.debit, l.credit, l.description, l.party_id, l.currency, l.amount_currency,
               l.exchange_rate::text AS exchange_rate, l.tax_region, l.tax_rate_basis_points, l.tax_base,
               l.source_document_number
        FROM accounting_entry_lines l JOIN accounting_accounts a ON a.id = l.account_id
        WHERE l.entry_id = ${entryId} ORDER BY l.position`,
  );
}

const lineKey = (code: string, debit: number, credit: number) => `${code}:${debit}:${credit}`;

function sameLines(live: readonly LiveLine[], desired: readonly PostingLine[]): boolean {
  if (live.length !== desired.length) return false;
  const a = live.map((line) => lineKey(line.code, Number(line.debit), Number(line.credit))).sort();
  const b = desired.map((line) => lineKey(line.accountCode, line.debit ?? 0, line.credit ?? 0)).sort();
  return a.every((key, index) => key === b[index]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date an entry takes: its source's date, unless that month is locked — then the first day of the
 * first open month after it (a regularisation in the current period, as accountants do once a month's
 * VAT return is filed; the locked month stays as declared).
 */
export async function openDate(context: PostingContext, date: string): Promise<string> {
  if (context.poster && !(await context.poster.locked(date))) return date;
  const [locked] = await rows<{ locked: boolean }>(
    context.tx,
    sql`SELECT true AS locked FROM accounting_periods
        WHERE organization_id = ${context.organizationId} AND number BETWEEN 1 AND 12
          AND start_date <= ${date} AND end_date >= ${date} AND locked_at IS NOT NULL LIMIT 1`,
  );
  if (!locked) return date;
  const [next] = await rows<{ start: string }>(
    context.tx,
    sql`SELECT start_date::text AS start FROM accounting_periods
        WHERE organization_id = ${context.organizationId} AND number BETWEEN 1 AND 12
          AND start_date > ${date} AND locked_at IS NULL
        ORDER BY start_date LIMIT 1`,
  );
  if (next) return next.start;
  const [last] = await rows<{ end: string }>(
    context.tx,
    sql`SELECT max(end_date)::text AS end FROM accounting_periods
        WHERE organization_id = ${context.organizationId} AND number BETWEEN 1 AND 12`,
  );
  const end = new Date(`${last?.end ?? date}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const first = `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`;
  await ensureFiscalYear(context.tx, context.organizationId, first);
  return openDate(context, first);
}

/** Brings a source's live entry in line with what it calls for now (see the file's header). */
export async function syncEntry(
  context: PostingContext,
  sourceType: EntrySourceType,
  sourceId: string,
  desired: DesiredEntry | null,
): Promise<'posted' | 'reposted' | 'reversed' | 'unchanged'> {
  const fresh = context.unposted?.delete(sourceId) === true;
  const live = fresh ? null : await liveEntry(context, sourceType, sourceId);
  if (!live && !desired) return 'unchanged';
  const lines = live ? await liveLines(context, live.id) : [];
  if (live && desired && sameLines(lines, desired.lines)) return 'unchanged';
  const post = (input: PostingInput) =>
    context.poster ? context.poster.post(input) : postEntry(context.tx, input);
  if (live) {
    await post({
      organizationId: context.organizationId,
      journal: live.journal_kind,
      date: await openDate(context, live.entry_date),
      description: `Estorno: ${live.description}`.slice(0, 200),
      sourceType: 'reversal',
      sourceId,
      reversesEntryId: live.id,
      createdBy: context.userId ?? null,
      lines: lines.map((line) => ({
        accountCode: line.code,
        debit: Number(line.credit),
        credit: Number(line.debit),
        description: line.description,
        partyId: line.party_id,
        currency: line.currency,
        amountCurrency: line.amount_currency === null ? null : -Number(line.amount_currency),
        exchangeRate: line.exchange_rate,
        taxRegion: line.tax_region,
        taxRateBasisPoints: line.tax_rate_basis_points,
        taxBase: line.tax_base === null ? null : -Number(line.tax_base),
        sourceDocumentNumber: line.source_document_number,
      })),
    });
  }
  if (desired)
    await post({
      organizationId: context.organizationId,
      journal: desired.journal,
      date: await openDate(context, desired.date),
      description: desired.description,
      sourceType,
      sourceId,
      createdBy: context.userId ?? null,
      lines: desired.lines,
    });
  return live ? (desired ? 'reposted' : 'reversed') : 'posted';
}

// ————————————————————————————————————————— per source —————————————————————————————————————————

/** A sales document (its entry), or a receipt (its payment's entry). */
export async function syncDocument(
  context: PostingContext,
  id: string,
  options: { asIssued?: boolean } = {},
) {
  const document = await loadDocument(context, id);
  if (!document) return syncEntry(context, 'billing_document', id, null);
  const live = document.state === 'issued' && (document.status !== 'A' || options.asIssued === true);
  if (SALES_TYPES.has(document.document_type))
    return syncEntry(context, 'billing_document', id, live ? await salesEntry(context, document) : null);
  if (RECEIPT_TYPES.has(document.document_type)) {
    const payment = await loadPayment(context, sql`p.receipt_id = ${id}`);
    if (payment && options.asIssued) payment.cancelled = false;
    // Issued before its payment is written (recordPayment): posted when the payment is.
    if (!payment && live) return 'unchanged';
    return syncEntry(
      context,
      'billing_document',
      id,
      live && payment ? await paymentEntry(context, payment) : null,
    );
  }
  return 'unchanged';
}

/** A payment: received → its receipt (or its document paid at issue); made → its own entry. */
export async function syncPayment(context: PostingContext, id: string) {
  const payment = await loadPayment(context, sql`p.id = ${id}`);
  if (!payment) return 'unchanged';
  if (payment.direction === 'in') {
    if (payment.receipt_id) await syncDocument(context, payment.receipt_id);
    else if (payment.at_issue) {
      const [allocation] = await rows<{ document_id: string }>(
        context.tx,
        sql`SELECT document_id FROM billing_payment_allocations WHERE payment_id = ${id} AND document_id IS NOT NULL LIMIT 1`,
      );
      if (allocation) await syncDocument(context, allocation.document_id);
    }
  } else await syncEntry(context, 'billing_payment', id, await paymentEntry(context, payment));
  // The movement that carried it is posted through the payment, or on its own again once cancelled.
  if (payment.transaction_id) await syncMovement(context, payment.transaction_id);
  return 'unchanged';
}

export async function syncPurchase(context: PostingContext, id: string) {
  return syncEntry(context, 'billing_purchase', id, await purchaseEntry(context, id));
}

export async function syncMovement(context: PostingContext, id: string) {
  return syncEntry(context, 'treasury_transaction', id, await movementEntry(context, id));
}

import { PassThrough, Readable } from 'node:stream';
import {
  isLanguage,
  type Language,
  TRANSACTION_EXPORT_MAX_ROWS,
  type TransactionFilters,
} from '@fluxo/domain';
import currencyCodes from 'currency-codes';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';
import type { Keyset, MovementScope } from './transaction-query.ts';
import { listPage, totals } from './transactions.repository.ts';
import { type MovementsDeps, scopeOf } from './transactions.service.ts';

// The filtered movements as a spreadsheet, newest first, streamed page by page (never the whole set in
// memory). CSV: UTF-8 with BOM, `;` between fields, amounts with a decimal comma (a decimal point for
// English), dates YYYY-MM-DD — what Excel opens directly in Portugal, Angola, Spain and France. XLSX:
// real dates and numbers with the currency's decimals. Column names follow the user's language.

export const EXPORT_PAGE = 1000;

const COLUMNS = [
  'date',
  'valueDate',
  'account',
  'description',
  'counterparty',
  'counterpartyIban',
  'reference',
  'amount',
  'currency',
  'balance',
  'category',
  'merchant',
  'notes',
  'transferAccount',
  'documents',
] as const;
type Column = (typeof COLUMNS)[number];

const HEADERS: Record<Language, Record<Column, string> & { file: string }> = {
  gb: {
    file: 'movements',
    date: 'Date',
    valueDate: 'Value date',
    account: 'Account',
    description: 'Description',
    counterparty: 'Counterparty',
    counterpartyIban: 'Counterparty IBAN',
    reference: 'Reference',
    amount: 'Amount',
    currency: 'Currency',
    balance: 'Balance',
    category: 'Category',
    merchant: 'Merchant',
    notes: 'Notes',
    transferAccount: 'Transfer with account',
    documents: 'Documents',
  },
  pt: {
    file: 'movimentos',
    date: 'Data',
    valueDate: 'Data-valor',
    account: 'Conta',
    description: 'Descrição',
    counterparty: 'Contraparte',
    counterpartyIban: 'IBAN da contraparte',
    reference: 'Referência',
    amount: 'Montante',
    currency: 'Moeda',
    balance: 'Saldo',
    category: 'Categoria',
    merchant: 'Entidade',
    notes: 'Notas',
    transferAccount: 'Transferência com a conta',
    documents: 'Documentos',
  },
  es: {
    file: 'movimientos',
    date: 'Fecha',
    valueDate: 'Fecha valor',
    account: 'Cuenta',
    description: 'Descripción',
    counterparty: 'Contraparte',
    counterpartyIban: 'IBAN de la contraparte',
    reference: 'Referencia',
    amount: 'Importe',
    currency: 'Moneda',
    balance: 'Saldo',
    category: 'Categoría',
    merchant: 'Comercio',
    notes: 'Notas',
    transferAccount: 'Transferencia con la cuenta',
    documents: 'Documentos',
  },
  fr: {
    file: 'mouvements',
    date: 'Date',
    valueDate: 'Date de valeur',
    account: 'Compte',
    description: 'Libellé',
    counterparty: 'Contrepartie',
    counterpartyIban: 'IBAN de la contrepartie',
    reference: 'Référence',
    amount: 'Montant',
    currency: 'Devise',
    balance: 'Solde',
    category: 'Catégorie',
    merchant: 'Commerçant',
    notes: 'Notes',
    transferAccount: 'Virement avec le compte',
    documents: 'Documents',
  },
};

/** Decimals of the currency's minor unit (ISO 4217); 2 for a code the list does not know. */
export function currencyDigits(currency: string): number {
  return currencyCodes.code(currency)?.digits ?? 2;
}

/** Minor units as a decimal string, by string manipulation only (no float ever holds the amount). */
export function formatMinor(amount: number, digits: number, separator: ',' | '.'): string {
  const negative = amount < 0;
  const units = String(Math.abs(amount));
  if (digits === 0) return `${negative ? '-' : ''}${units}`;
  const padded = units.padStart(digits + 1, '0');
  const whole = padded.slice(0, padded.length - digits);
  return `${negative ? '-' : ''}${whole}${separator}${padded.slice(padded.length - digits)}`;
}

/** One movement as the export's cells (amounts still in minor units). */
interface ExportRow {
  date: string;
  valueDate: string | null;
  account: string;
  description: string;
  counterparty: string | null;
  counterpartyIban: string | null;
  reference: string | null;
  amount: number;
  currency: string;
  balance: number | null;
  category: string;
  merchant: string | null;
  notes: string | null;
  transferAccount: string | null;
  documents: number;
}

async function namesOf(db: Db, organizationId: string, table: string): Promise<Map<string, string>> {
  const found = await rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM ${sql.identifier(table)} WHERE organization_id = ${organizationId}`,
  );
  return new Map(found.map((row) => [row.id, row.name]));
}

/** The filtered set, newest first, a keyset page at a time. */
async function* exportRows(
  db: Db,
  scope: MovementScope,
  filters: TransactionFilters,
): AsyncGenerator<ExportRow> {
  const [accounts, categories, merchants] = await Promise.all([
    namesOf(db, scope.organizationId, 'treasury_accounts'),
    namesOf(db, scope.organizationId, 'treasury_categories'),
    namesOf(db, scope.organizationId, 'treasury_merchants'),
  ]);
  const name = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? null) : null);
  let keyset: Keyset | null = null;
  let written = 0;
  while (written < TRANSACTION_EXPORT_MAX_ROWS) {
    const page = await listPage(db, scope, filters, 'date_desc', keyset, EXPORT_PAGE);
    for (const { transaction: t } of page) {
      const categoryIds = t.isSplit ? t.parts.map((part) => part.categoryId) : [t.categoryId];
      yield {
        date: t.bookingDate,
        valueDate: t.valueDate,
        account: accounts.get(t.accountId) ?? '',
        description: t.description,
        counterparty: t.counterpartyName,
        counterpartyIban: t.counterpartyIban,
        reference: t.bankReference ?? t.endToEndId,
        amount: t.amount,
        currency: t.currency,
        balance: t.runningBalance,
        category: [...new Set(categoryIds.map((id) => name(categories, id)).filter(Boolean))].join(' | '),
        merchant: name(merchants, t.merchantId),
        notes: t.notes,
        transferAccount: name(accounts, t.transferAccountId),
        documents: t.documentCount,
      };
      written += 1;
    }
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE || !last) return;
    keyset = { sort: 'date_desc', key: last.transaction.bookingDate, seq: last.seq };
  }
}

/** A text cell a spreadsheet would otherwise run as a formula (`=`, `+`, `-`, `@` first) is kept as text. */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

async function* csvLines(source: AsyncGenerator<ExportRow>, language: Language): AsyncGenerator<string> {
  const headers = HEADERS[language];
  const separator = language === 'gb' ? '.' : ',';
  yield `\uFEFF${COLUMNS.map((column) => csvField(headers[column])).join(';')}\r\n`;
  let chunk = '';
  for await (const row of source) {
    const digits = currencyDigits(row.currency);
    const text = (value: string | null) => csvField(inert(value ?? ''));
    const cells = [
      row.date,
      row.valueDate ?? '',
      text(row.account),
      text(row.description),
      text(row.counterparty),
      text(row.counterpartyIban),
      text(row.reference),
      formatMinor(row.amount, digits, separator),
      row.currency,
      row.balance === null ? '' : formatMinor(row.balance, digits, separator),
      text(row.category),
      text(row.merchant),
      text(row.notes),
      text(row.transferAccount),
      String(row.documents),
    ];
    chunk += `${cells.join(';')}\r\n`;
    // Lines go out in chunks: one write per movement would cost more than the movement itself.
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const dateCell = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);
const numberFormat = (digits: number) => (digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`);

async function writeWorkbook(
  source: AsyncGenerator<ExportRow>,
  language: Language,
  stream: PassThrough,
): Promise<void> {
  const headers = HEADERS[language];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(headers.file, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths: Partial<Record<Column, number>> = {
    description: 48,
    account: 24,
    counterparty: 28,
    notes: 32,
  };
  sheet.columns = COLUMNS.map((column) => ({
    header: headers[column],
    key: column,
    width: widths[column] ?? 16,
    ...(column === 'date' || column === 'valueDate' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of source) {
    const digits = currencyDigits(row.currency);
    const amount = (value: number | null) =>
      value === null ? null : Number(formatMinor(value, digits, '.'));
    const added = sheet.addRow({
      ...row,
      date: dateCell(row.date),
      valueDate: dateCell(row.valueDate),
      amount: amount(row.amount),
      balance: amount(row.balance),
    });
    added.getCell('amount').numFmt = numberFormat(digits);
    added.getCell('balance').numFmt = numberFormat(digits);
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}

export interface ExportFile {
  contentType: string;
  fileName: string;
  body: Readable;
}

/** Refuses a set larger than TRANSACTION_EXPORT_MAX_ROWS before anything is written. */
export async function exportTransactions(
  deps: MovementsDeps,
  viewer: TreasuryViewer,
  format: 'csv' | 'xlsx',
  filters: TransactionFilters,
  language: string,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<ExportFile> {
  const scope = await scopeOf(deps.db, viewer);
  const count = (await totals(deps.db, scope, filters)).reduce((sum, row) => sum + row.count, 0);
  if (count > TRANSACTION_EXPORT_MAX_ROWS)
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `${count} movements match; one export holds at most ${TRANSACTION_EXPORT_MAX_ROWS}.`,
    );
  const lang: Language = isLanguage(language) ? language : 'gb';
  const fileName = `${HEADERS[lang].file}-${today}.${format}`;
  const source = exportRows(deps.db, scope, filters);
  if (format === 'csv')
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName,
      body: Readable.from(csvLines(source, lang)),
    };
  const stream = new PassThrough();
  writeWorkbook(source, lang, stream).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
    body: stream,
  };
}

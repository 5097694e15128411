import {
  type ColumnMapping,
  type ParsedStatement,
  STATEMENT_DATE_FORMATS,
  type StatementEntry,
  ZColumnMapping,
} from '@fluxo/domain';
import { decimalToMinor, localeAmountToMinor, minorDigits } from './amount.ts';
import { dateFromJs, excelSerialToDate, parseDateWithFormat } from './dates.ts';
import { Rejections, rejectFile } from './rejection.ts';
import { cleanText, normaliseIban } from './text.ts';

// CSV and XLSX statements: rows of cells mapped to movements by a ColumnMapping. A CSV cell is text; an
// XLSX cell may also be a real number or date, read as such rather than through the text formats.

export type Cell = string | number | Date | null;

export interface TableRow {
  /** 1-based line (CSV) or row number (XLSX) in the file. */
  line: number;
  cells: Cell[];
}

export interface Table {
  rows: TableRow[];
  /** CSV only: what the text was read with. */
  encoding?: ColumnMapping['encoding'];
  delimiter?: ColumnMapping['delimiter'];
}

/** A cell as the preview shows it. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return dateFromJs(cell) ?? '';
  return String(cell);
}

/** Lower case, no accents, single spaces: header names compared across exports of one bank. */
export function normaliseHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The header's identity for saved profiles: the normalised names, in order. */
export function headerSignature(header: readonly string[]): string {
  return header.map(normaliseHeader).join('|');
}

export function headerAt(table: Table, skipRows: number): string[] {
  return (table.rows[skipRows]?.cells ?? []).map((cell) => cellText(cell).trim());
}

const KEYWORDS: Record<
  | 'date'
  | 'valueDate'
  | 'description'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'balance'
  | 'counterparty'
  | 'reference',
  RegExp
> = {
  valueDate: /^(data (de )?valor|data valor|value date|fecha valor|date de valeur|valuta)/,
  date: /^(data( (do )?(mov\w*|lanc\w*|operacao|contabilistica))?|date|booking date|transaction date|fecha( (de )?operacion)?|date (d )?operation|buchungstag|dt mov)$/,
  description:
    /(descri|descritivo|historico|movimento|concepto|libelle|memo|details|narrative|texto|designacao)/,
  debit: /^(debito|debit|debitos|cargo|saida|saidas|montante debito|valor debito|withdrawal)/,
  credit: /^(credito|credit|creditos|abono|entrada|entradas|montante credito|valor credito|deposit)/,
  amount: /^(montante|valor|amount|importe|montant|quantia|importancia|betrag|value)( eur| aoa| usd)?$/,
  balance: /(saldo|balance|solde)/,
  counterparty: /(beneficiario|ordenante|counterparty|payee|contraparte|nome)/,
  reference: /^(referencia|reference|ref|n documento|documento|n operacao)/,
};

/** Guesses which row is the header and what each column holds; null when no date or amount is found. */
export function guessMapping(table: Table): ColumnMapping | null {
  for (let skipRows = 0; skipRows < Math.min(30, table.rows.length); skipRows++) {
    const header = headerAt(table, skipRows).map(normaliseHeader);
    const find = (key: keyof typeof KEYWORDS, taken: Set<number>) => {
      const index = header.findIndex((name, column) => !taken.has(column) && KEYWORDS[key].test(name));
      if (index !== -1) taken.add(index);
      return index === -1 ? undefined : index;
    };
    const taken = new Set<number>();
    const valueDate = find('valueDate', taken);
    const date = find('date', taken);
    const debit = find('debit', taken);
    const credit = find('credit', taken);
    const amount = find('amount', taken);
    const balance = find('balance', taken);
    const description = find('description', taken);
    const counterparty = find('counterparty', taken);
    const reference = find('reference', taken);
    const hasAmount = amount !== undefined || (debit !== undefined && credit !== undefined);
    if (date === undefined || !hasAmount) continue;
    const samples = table.rows.slice(skipRows + 1, skipRows + 51);
    const dateFormat = guessDateFormat(samples.map((row) => row.cells[date]));
    const amountColumns = [amount, debit, credit, balance].filter((column) => column !== undefined);
    const decimalComma = guessDecimalComma(
      samples.flatMap((row) => amountColumns.map((column) => row.cells[column as number])),
      table.delimiter,
    );
    const candidate = {
      skipRows,
      ...(table.delimiter ? { delimiter: table.delimiter } : {}),
      encoding: table.encoding ?? 'utf-8',
      dateFormat,
      decimalComma,
      date,
      ...(valueDate !== undefined ? { valueDate } : {}),
      description: description ?? counterparty ?? date,
      ...(amount !== undefined && !(debit !== undefined && credit !== undefined) ? { amount } : {}),
      ...(debit !== undefined && credit !== undefined ? { debit, credit } : {}),
      ...(balance !== undefined ? { balance } : {}),
      ...(counterparty !== undefined && counterparty !== description ? { counterparty } : {}),
      ...(reference !== undefined ? { reference } : {}),
    };
    const parsed = ZColumnMapping.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

function guessDateFormat(cells: (Cell | undefined)[]): ColumnMapping['dateFormat'] {
  const texts = cells.filter((cell): cell is string => typeof cell === 'string' && cell.trim() !== '');
  if (texts.length === 0) return 'YYYY-MM-DD';
  const fits = STATEMENT_DATE_FORMATS.filter((format) =>
    texts.every((text) => parseDateWithFormat(text, format) !== null),
  );
  // Portuguese and Angolan exports write day first: prefer it when both readings fit.
  return fits.find((format) => format !== 'MM/DD/YYYY') ?? fits[0] ?? 'DD-MM-YYYY';
}

function guessDecimalComma(cells: (Cell | undefined)[], delimiter: string | undefined): boolean {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    if (/,\d{1,2}\)?-?$/.test(cell.trim())) comma++;
    else if (/\.\d{1,2}\)?-?$/.test(cell.trim())) dot++;
  }
  if (comma === dot) return delimiter === ';';
  return comma > dot;
}

/** The mapped rows as movements, all or nothing. `currency` is the account's (CSV files do not say). */
export function tableToStatement(
  table: Table,
  mapping: ColumnMapping,
  format: 'csv' | 'xlsx',
  currency: string,
  options: { limit?: number } = {},
): ParsedStatement {
  const digits = minorDigits(currency);
  if (digits === null) throw rejectFile('UNKNOWN_CURRENCY', `Unknown currency "${currency}".`);
  const header = headerAt(table, mapping.skipRows);
  const columns = [
    mapping.date,
    mapping.valueDate,
    mapping.description,
    mapping.amount,
    mapping.debit,
    mapping.credit,
    mapping.balance,
    mapping.counterparty,
    mapping.reference,
  ].filter((column): column is number => column !== undefined);
  const widest = Math.max(...columns);
  if (header.length > 0 && widest >= header.length) {
    throw rejectFile(
      'COLUMN_MISSING',
      `The mapping names column ${widest + 1}, the file has ${header.length}.`,
    );
  }
  const rejections = new Rejections();
  const entries: StatementEntry[] = [];

  const readDate = (cell: Cell | undefined): string | null => {
    if (cell instanceof Date) return dateFromJs(cell);
    if (typeof cell === 'number') return excelSerialToDate(cell);
    if (typeof cell === 'string') return parseDateWithFormat(cell, mapping.dateFormat);
    return null;
  };
  const readAmount = (cell: Cell | undefined) => {
    if (typeof cell === 'number') {
      // A spreadsheet number is a binary double: its decimal text at the currency's digits is the amount.
      return Number.isFinite(cell) ? decimalToMinor(cell.toFixed(digits), digits) : null;
    }
    if (typeof cell === 'string' && cell.trim() !== '')
      return localeAmountToMinor(cell, digits, mapping.decimalComma);
    return null;
  };
  const isBlank = (cell: Cell | undefined) =>
    cell === null || cell === undefined || cellText(cell).trim() === '';

  for (const row of table.rows.slice(mapping.skipRows + 1)) {
    if (options.limit !== undefined && entries.length >= options.limit) break;
    const { cells, line } = row;
    const amountCells =
      mapping.amount !== undefined
        ? [cells[mapping.amount]]
        : [cells[mapping.debit ?? -1], cells[mapping.credit ?? -1]];
    const dateCell = cells[mapping.date];
    const bookingDate = readDate(dateCell);
    // A row with nothing like a date and no amount is not a movement (titles, totals, notes at the end).
    const looksLikeDate =
      dateCell instanceof Date || typeof dateCell === 'number' || /\d/.test(cellText(dateCell));
    if (!bookingDate && !looksLikeDate && !amountCells.some((cell) => readAmount(cell)?.ok)) continue;
    if (!bookingDate) {
      rejections.add(
        line,
        isBlank(dateCell) ? 'MISSING_DATE' : 'INVALID_DATE',
        isBlank(dateCell)
          ? 'The date is empty.'
          : `"${cellText(dateCell)}" is not a date in the format ${mapping.dateFormat}.`,
      );
      continue;
    }
    let amount: number | null = null;
    let amountProblem: string | null = null;
    let tooLarge = false;
    if (mapping.amount !== undefined) {
      const result = readAmount(cells[mapping.amount]);
      if (result?.ok) amount = result.value;
      else if (result) {
        amountProblem = `"${cellText(cells[mapping.amount])}" is not an amount.`;
        tooLarge = result.reason === 'too_large';
      }
    } else {
      const debit = readAmount(cells[mapping.debit as number]);
      const credit = readAmount(cells[mapping.credit as number]);
      if ((debit && !debit.ok) || (credit && !credit.ok)) {
        amountProblem = `"${cellText(cells[(debit && !debit.ok ? mapping.debit : mapping.credit) as number])}" is not an amount.`;
        tooLarge =
          (debit && !debit.ok && debit.reason === 'too_large') ||
          (credit && !credit.ok && credit.reason === 'too_large') ||
          false;
      } else if (debit || credit) {
        // Debits are written as positive or negative numbers depending on the bank: they always leave.
        amount = (credit?.ok ? Math.abs(credit.value) : 0) - (debit?.ok ? Math.abs(debit.value) : 0);
      }
    }
    if (amountProblem) {
      rejections.add(line, tooLarge ? 'AMOUNT_TOO_LARGE' : 'INVALID_AMOUNT', amountProblem);
      continue;
    }
    if (amount === null) {
      rejections.add(line, 'MISSING_AMOUNT', 'The amount is empty.');
      continue;
    }
    let valueDate: string | null = null;
    if (mapping.valueDate !== undefined && !isBlank(cells[mapping.valueDate])) {
      valueDate = readDate(cells[mapping.valueDate]);
      if (!valueDate) {
        rejections.add(
          line,
          'INVALID_DATE',
          `Value date "${cellText(cells[mapping.valueDate])}" is not a date.`,
        );
        continue;
      }
    }
    let balanceAfter: number | null = null;
    if (mapping.balance !== undefined && !isBlank(cells[mapping.balance])) {
      const result = readAmount(cells[mapping.balance]);
      if (!result?.ok) {
        rejections.add(
          line,
          'INVALID_AMOUNT',
          `Balance "${cellText(cells[mapping.balance])}" is not an amount.`,
        );
        continue;
      }
      balanceAfter = result.value;
    }
    const counterpartyName =
      mapping.counterparty !== undefined ? cleanText(cellText(cells[mapping.counterparty])) : null;
    const reference = mapping.reference !== undefined ? cleanText(cellText(cells[mapping.reference])) : null;
    const ibanInName = counterpartyName
      ? /\b([A-Z]{2}\d{2}[A-Z0-9]{11,30})\b/.exec(counterpartyName)?.[1]
      : null;
    entries.push({
      line,
      bookingDate,
      valueDate,
      amount,
      currency,
      description: cleanText(cellText(cells[mapping.description])) ?? counterpartyName ?? '',
      counterpartyName,
      counterpartyIban: normaliseIban(ibanInName),
      remittanceInfo: null,
      endToEndId: null,
      bankReference: reference,
      providerTransactionId: null,
      balanceAfter,
    });
  }
  rejections.throwIfAny();

  // Many banks list the newest movement first: movements enter in the order they happened.
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (first && last && first.bookingDate > last.bookingDate) entries.reverse();
  let openingBalance: ParsedStatement['openingBalance'] = null;
  let closingBalance: ParsedStatement['closingBalance'] = null;
  const earliest = entries[0];
  const latest = entries[entries.length - 1];
  if (earliest?.balanceAfter !== null && earliest?.balanceAfter !== undefined) {
    openingBalance = { amount: earliest.balanceAfter - earliest.amount, date: earliest.bookingDate };
  }
  if (latest?.balanceAfter !== null && latest?.balanceAfter !== undefined) {
    closingBalance = { amount: latest.balanceAfter, date: latest.bookingDate };
  }
  return { format, accountIban: null, currency, openingBalance, closingBalance, entries };
}

import { normaliseRuleText } from '@fluxo/domain';

// The acquirer's settlement report, as SIBS (Multibanco), Reduniq and UNICRE export it to merchants: one
// line per terminal batch (the day's closing), `;`-separated, amounts with a decimal comma and `.` for
// thousands, dates as DD/MM/YYYY, Windows-1252 or UTF-8:
//
//   Data;Terminal;Referência do lote;N.º transações;Montante bruto;Comissão;Montante líquido;Data de liquidação
//   03/11/2026;TPA 0012345;L20261103-01;38;1.482,90;11,86;1.471,04;04/11/2026
//
// Columns are found by their header (Portuguese or English names), so the order may differ.

export interface PosSettlementLine {
  line: number;
  batchDate: string;
  terminal: string;
  reference: string;
  salesCount: number;
  gross: number;
  fees: number;
  net: number;
  expectedSettlementDate: string | null;
}

export interface PosSettlementRejection {
  line: number | null;
  code:
    | 'ENCODING'
    | 'HEADER'
    | 'COLUMNS'
    | 'DATE'
    | 'AMOUNT'
    | 'COUNT'
    | 'REFERENCE'
    | 'NET_MISMATCH'
    | 'TERMINAL'
    | 'EMPTY';
  message: string;
}

type Column = 'date' | 'terminal' | 'reference' | 'count' | 'gross' | 'fees' | 'net' | 'settlement';

/** Header names (normalised: lower case, no accents) of each column. */
const HEADERS: Record<Column, readonly string[]> = {
  date: ['data', 'data do lote', 'data lote', 'data fecho', 'date', 'batch date'],
  terminal: ['terminal', 'tpa', 'id terminal', 'n.o terminal', 'terminal id'],
  reference: [
    'referencia do lote',
    'referencia lote',
    'referencia',
    'lote',
    'batch reference',
    'reference',
    'batch',
  ],
  count: [
    'n.o transacoes',
    'no transacoes',
    'n transacoes',
    'numero de transacoes',
    'transacoes',
    'qtd',
    'transactions',
    'number of transactions',
  ],
  gross: ['montante bruto', 'valor bruto', 'bruto', 'gross', 'gross amount'],
  fees: ['comissao', 'comissoes', 'taxa', 'taxas', 'commission', 'fees'],
  net: ['montante liquido', 'valor liquido', 'liquido', 'net', 'net amount'],
  settlement: [
    'data de liquidacao',
    'data liquidacao',
    'data valor',
    'liquidacao',
    'settlement date',
    'value date',
  ],
};
const REQUIRED: readonly Column[] = ['date', 'terminal', 'reference', 'count', 'gross', 'fees', 'net'];

/** UTF-8 when the bytes are valid UTF-8 (BOM or not), Windows-1252 otherwise. */
export function decodeReport(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** "1.234,56", "1234,56", "-12,3" or "1234.56" → minor units (2 decimals), by string work only. */
export function parseAmount(raw: string): number | null {
  const value = raw.replace(/[\s\u00a0€]/g, '');
  let sign = 1;
  let digits = value;
  if (digits.startsWith('-')) {
    sign = -1;
    digits = digits.slice(1);
  }
  let whole: string;
  let fraction = '';
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(digits);
  const point = /^(\d+)\.(\d{1,2})$/.exec(digits);
  if (comma) {
    whole = (comma[1] as string).replaceAll('.', '');
    fraction = comma[2] ?? '';
  } else if (point) {
    whole = point[1] as string;
    fraction = point[2] as string;
  } else return null;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? sign * minor : null;
}

/** DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD → YYYY-MM-DD, when it is a real date. */
export function parseDate(raw: string): string | null {
  const value = raw.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = dayFirst
    ? [dayFirst[3], dayFirst[2], dayFirst[1]]
    : iso
      ? [iso[1], iso[2], iso[3]]
      : [];
  if (!year || !month || !day) return null;
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

function splitLine(line: string): string[] {
  // The acquirers quote nothing but names; a quoted cell may hold the delimiter.
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (char === '"') {
      if (quoted && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = !quoted;
    } else if (char === ';' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

function headerColumns(cells: string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const name = normaliseRuleText(cell).replace(/º/g, 'o');
    for (const [column, names] of Object.entries(HEADERS) as [Column, readonly string[]][])
      if (columns[column] === undefined && names.includes(name)) {
        columns[column] = index;
        break;
      }
  });
  return columns;
}

/**
 * Every batch line of the report, or every reason it cannot be imported (all or nothing): the caller
 * imports nothing when `rejected` is not empty.
 */
export function parseSettlementReport(content: Buffer): {
  lines: PosSettlementLine[];
  rejected: PosSettlementRejection[];
} {
  const text = decodeReport(content).replace(/^\uFEFF/, '');
  const all = text.split(/\r\n|\n|\r/);
  const rejected: PosSettlementRejection[] = [];
  const headerIndex = all.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0)
    return { lines: [], rejected: [{ line: null, code: 'EMPTY', message: 'The file is empty.' }] };
  const columns = headerColumns(splitLine(all[headerIndex] as string));
  const missing = REQUIRED.filter((column) => columns[column] === undefined);
  if (missing.length > 0)
    return {
      lines: [],
      rejected: [
        {
          line: headerIndex + 1,
          code: 'HEADER',
          message: `The header lacks these columns: ${missing.join(', ')}.`,
        },
      ],
    };
  const lines: PosSettlementLine[] = [];
  // Exports leave trailing empty cells out: only the required columns must be there.
  const width = Math.max(...REQUIRED.map((column) => columns[column] as number)) + 1;
  for (let index = headerIndex + 1; index < all.length; index++) {
    const raw = all[index] as string;
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = splitLine(raw);
    if (cells.length < width) {
      rejected.push({
        line,
        code: 'COLUMNS',
        message: `Expected at least ${width} columns, found ${cells.length}.`,
      });
      continue;
    }
    const cell = (column: Column) => (columns[column] === undefined ? '' : (cells[columns[column]] ?? ''));
    const batchDate = parseDate(cell('date'));
    const settlementText = cell('settlement');
    const expected = settlementText === '' ? null : parseDate(settlementText);
    if (!batchDate || (settlementText !== '' && !expected)) {
      rejected.push({ line, code: 'DATE', message: 'A date is not a valid DD/MM/YYYY date.' });
      continue;
    }
    const gross = parseAmount(cell('gross'));
    const fees = parseAmount(cell('fees'));
    const net = parseAmount(cell('net'));
    if (gross === null || fees === null || net === null || fees < 0) {
      rejected.push({ line, code: 'AMOUNT', message: 'An amount is not a valid amount such as 1.234,56.' });
      continue;
    }
    if (net !== gross - fees) {
      rejected.push({
        line,
        code: 'NET_MISMATCH',
        message: 'The net amount is not the gross amount less the commission.',
      });
      continue;
    }
    const count = cell('count');
    if (!/^\d{1,7}$/.test(count)) {
      rejected.push({ line, code: 'COUNT', message: 'The number of transactions is not a whole number.' });
      continue;
    }
    const reference = cell('reference');
    if (reference === '' || reference.length > 100) {
      rejected.push({ line, code: 'REFERENCE', message: 'The batch reference is missing or too long.' });
      continue;
    }
    lines.push({
      line,
      batchDate,
      terminal: cell('terminal'),
      reference,
      salesCount: Number(count),
      gross,
      fees,
      net,
      expectedSettlementDate: expected,
    });
  }
  const terminals = new Set(lines.map((entry) => entry.terminal));
  if (terminals.size > 1) {
    const first = lines[0]?.terminal;
    for (const entry of lines)
      if (entry.terminal !== first)
        rejected.push({
          line: entry.line,
          code: 'TERMINAL',
          message: `Another terminal (${entry.terminal}): import each terminal's report into its own POS wallet.`,
        });
  }
  if (lines.length === 0 && rejected.length === 0)
    rejected.push({ line: null, code: 'EMPTY', message: 'The file has no batch lines.' });
  rejected.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { lines, rejected };
}

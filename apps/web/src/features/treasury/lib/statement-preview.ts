import type { ColumnMapping } from '@fluxo/domain/treasury/contracts';

/*
 * The mapping step's live preview: the file read again in the browser with the encoding and delimiter
 * the user picks, and the first rows turned into movements the way the mapping says. The server does
 * the real import; this only shows what the choices mean before committing.
 */

export type Delimiter = NonNullable<ColumnMapping['delimiter']>;
const DELIMITERS: Delimiter[] = [';', ',', '\t', '|'];

/** Splits CSV text into rows (quotes, doubled quotes, CRLF), skipping blank ones, stopping after `maxRows`. */
export function parseCsv(text: string, delimiter: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  return parseCsvLines(text, delimiter, maxRows).map((row) => row.cells);
}

/** The same rows with the 1-based line of the file each starts on (what the server's refusals name). */
export function parseCsvLines(
  text: string,
  delimiter: string,
  maxRows = Number.POSITIVE_INFINITY,
): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    row.push(field);
    if (row.some((cell) => cell.trim() !== '')) rows.push({ line: rowLine, cells: row });
    row = [];
    field = '';
  };
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; index < text.length && rows.length < maxRows; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return rows;
}

/** The delimiter most consistently present on the first lines. */
export function guessDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 10);
  let best: Delimiter = ';';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.split(delimiter).length - 1);
    const min = counts.length ? Math.min(...counts) : 0;
    if (min > bestScore) {
      best = delimiter;
      bestScore = min;
    }
  }
  return best;
}

/** The bytes as text in the chosen encoding (TextDecoder knows windows-1252 and iso-8859-1). */
export function decodeBytes(bytes: Uint8Array, encoding: ColumnMapping['encoding']): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** Header and rows of a CSV file as the mapping reads it. */
export function readCsvTable(
  bytes: Uint8Array,
  mapping: Pick<ColumnMapping, 'encoding' | 'delimiter' | 'skipRows'>,
  maxRows = 20,
): { header: string[]; rows: string[][]; lines: number[] } {
  // Only the start of the file is needed for a preview.
  const text = decodeBytes(bytes.subarray(0, 256 * 1024), mapping.encoding);
  const delimiter = mapping.delimiter ?? guessDelimiter(text);
  const all = parseCsvLines(text, delimiter, mapping.skipRows + maxRows + 1).slice(mapping.skipRows);
  const data = all.slice(1);
  return {
    header: all[0]?.cells ?? [],
    rows: data.map((row) => row.cells),
    lines: data.map((row) => row.line),
  };
}

/** A date format's parts in order and its separator: `DD/MM/YYYY` → DD, MM, YYYY and `/`. */
function formatParts(format: ColumnMapping['dateFormat']): { parts: string[]; separator: string } {
  return { parts: format.split(/[^A-Z]/), separator: /[^A-Z]/.exec(format)?.[0] ?? '-' };
}

/** A cell as an ISO date in the chosen format, or null when it is not a real date in it. */
export function parseStatementDate(cell: string, format: ColumnMapping['dateFormat']): string | null {
  const { parts, separator } = formatParts(format);
  const values = cell.trim().split(separator);
  if (values.length !== parts.length || values.some((value) => !/^\d+$/.test(value))) return null;
  const read = (part: string) => {
    const value = values[parts.indexOf(part)] ?? '';
    return value.length <= part.length ? Number(value) : Number.NaN;
  };
  const year = values[parts.indexOf('YYYY')]?.length === 4 ? read('YYYY') : Number.NaN;
  const month = read('MM');
  const day = read('DD');
  if (!year || !month || !day || month > 12 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A bank's amount cell → signed minor units, by string arithmetic: "1.234,56" with a decimal comma,
 * "1,234.56" without; a trailing minus, parentheses and currency signs are read as banks write them.
 * Empty is null (a debit/credit pair leaves one side empty); unreadable is NaN.
 */
export function parseStatementAmount(cell: string, decimalComma: boolean): number | null {
  let text = cell.replace(/[\s\u00a0€$£]|EUR|AOA|USD|Kz/g, '');
  if (text === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  const [decimal, group] = decimalComma ? [',', '.'] : ['.', ','];
  const parts = text.split(group).join('').split(decimal);
  if (parts.length > 2) return Number.NaN;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction) || whole + fraction === '') return Number.NaN;
  const value = Number(`${whole || '0'}${fraction.padEnd(2, '0')}`);
  if (!Number.isSafeInteger(value)) return Number.NaN;
  return negative && value !== 0 ? -value : value;
}

export interface PreviewEntry {
  /** 1-based line in the file. */
  line: number;
  bookingDate: string | null;
  amount: number | null;
  description: string;
  /** Why this row would be refused: 'DATE' or 'AMOUNT'. */
  problem: 'DATE' | 'AMOUNT' | null;
}

/** The first rows as the mapping turns them into movements; `lines` are their lines in the file when known. */
export function applyMapping(
  rows: string[][],
  mapping: Pick<
    ColumnMapping,
    'dateFormat' | 'decimalComma' | 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'skipRows'
  >,
  lines?: number[],
): PreviewEntry[] {
  return rows.map((row, index) => {
    const bookingDate = parseStatementDate(row[mapping.date] ?? '', mapping.dateFormat);
    let amount: number | null;
    if (mapping.amount !== undefined) {
      amount = parseStatementAmount(row[mapping.amount] ?? '', mapping.decimalComma);
    } else {
      const debit = parseStatementAmount(row[mapping.debit ?? -1] ?? '', mapping.decimalComma);
      const credit = parseStatementAmount(row[mapping.credit ?? -1] ?? '', mapping.decimalComma);
      if (Number.isNaN(debit) || Number.isNaN(credit)) amount = Number.NaN;
      else if (debit === null && credit === null) amount = null;
      else amount = (credit ?? 0) - Math.abs(debit ?? 0);
    }
    const validAmount = amount !== null && !Number.isNaN(amount);
    return {
      // Without known lines: the skipped rows and the header come before the first data row.
      line: lines?.[index] ?? mapping.skipRows + index + 2,
      bookingDate,
      amount: validAmount ? amount : null,
      description: (row[mapping.description] ?? '').trim(),
      problem: bookingDate === null ? 'DATE' : validAmount ? null : 'AMOUNT',
    };
  });
}

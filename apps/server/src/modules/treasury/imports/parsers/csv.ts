import type { ColumnMapping } from '@fluxo/domain';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { rejectFile } from './rejection.ts';
import type { Table, TableRow } from './tabular.ts';

// CSV exports: decoded with the encoding asked for (Windows-1252 is common in Portuguese banks' exports),
// split by papaparse with the delimiter asked for or the one it detects.

const DELIMITERS = [';', ',', '\t', '|'] as const;
const MAX_CELLS = 200;
const MAX_CELL = 10_000;

/** UTF-8 when the bytes are valid UTF-8 (with or without BOM), else Windows-1252. */
export function guessEncoding(bytes: Buffer): ColumnMapping['encoding'] {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 1024 * 1024));
    return 'utf-8';
  } catch (error) {
    // A multi-byte character cut at the sample's end is still UTF-8.
    if (bytes.length > 1024 * 1024) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 1024 * 1024 - 4));
        return 'utf-8';
      } catch {
        return 'windows-1252';
      }
    }
    void error;
    return 'windows-1252';
  }
}

/**
 * The delimiter that splits the most lines into the same, largest number of cells. papaparse's own guess
 * is thrown off by the preamble lines of bank exports and by decimal commas in ';' files.
 */
export function detectDelimiter(text: string): NonNullable<ColumnMapping['delimiter']> {
  const lines = text
    .split('\n', 200)
    .map((line) => line.replace(/"[^"]*"/g, ''))
    .filter((line) => line.trim() !== '')
    .slice(0, 100);
  let best: { delimiter: NonNullable<ColumnMapping['delimiter']>; score: number } = {
    delimiter: ';',
    score: 0,
  };
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const count = line.split(delimiter).length - 1;
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    let score = 0;
    for (const [count, times] of counts) score = Math.max(score, count * times);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export function readCsv(
  bytes: Buffer,
  options: {
    encoding?: ColumnMapping['encoding'];
    delimiter?: ColumnMapping['delimiter'];
    limitRows?: number;
  },
): Table {
  const encoding = options.encoding ?? guessEncoding(bytes);
  const text = iconv
    .decode(bytes, encoding)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const rows: TableRow[] = [];
  let line = 1;
  let counted = 0;
  const advance = (to: number) => {
    for (let i = counted; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, to);
  };
  let previousEnd = 0;
  let problem: string | null = null;
  const delimiter = options.delimiter ?? detectDelimiter(text);
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      // The row starts at the first character that is not a line break after the previous row.
      let start = previousEnd;
      while (start < text.length && (text[start] === '\n' || text[start] === ' ')) start++;
      advance(start);
      previousEnd = result.meta.cursor;
      const cells = result.data;
      if (cells.length > MAX_CELLS || cells.some((cell) => cell.length > MAX_CELL)) {
        problem = `Line ${line} has more than ${MAX_CELLS} columns or a cell over ${MAX_CELL} characters.`;
        parser.abort();
        return;
      }
      rows.push({ line, cells });
      if (options.limitRows !== undefined && rows.length >= options.limitRows) parser.abort();
    },
  });
  if (problem) throw rejectFile('TEXT_TOO_LONG', problem);
  return { rows, encoding, delimiter };
}

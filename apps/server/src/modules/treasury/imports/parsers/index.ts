import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ColumnMapping, ParsedStatement, StatementFormat } from '@fluxo/domain';
import { type CamtFormat, parseCamt } from './camt.ts';
import { readCsv } from './csv.ts';
import { parseMt940 } from './mt940.ts';
import { parseOfx } from './ofx.ts';
import { type Table, tableToStatement } from './tabular.ts';
import { readXlsx } from './xlsx.ts';

export { detectFormat } from './detect.ts';

/** The rows of a CSV/XLSX file (CSV read with the mapping's encoding and delimiter when given). */
export async function readTable(
  path: string,
  format: 'csv' | 'xlsx',
  options: { mapping?: Pick<ColumnMapping, 'encoding' | 'delimiter'>; limitRows?: number } = {},
): Promise<Table> {
  if (format === 'xlsx') return readXlsx(path, { limitRows: options.limitRows });
  return readCsv(await readFile(path), {
    encoding: options.mapping?.encoding,
    delimiter: options.mapping?.delimiter,
    limitRows: options.limitRows,
  });
}

export interface ParseOptions {
  /** CSV/XLSX: how columns map to movements (required for those formats). */
  mapping?: ColumnMapping;
  /** CSV/XLSX carry no currency: the account's. */
  currency: string;
  /** Stop after this many entries (preview). */
  limit?: number;
  onProgress?: (bytesRead: number) => void;
}

/** Reads the statement file at `path` in `format`, all or nothing (STATEMENT_REJECTED on any bad line). */
export async function parseStatementFile(
  path: string,
  format: Exclude<StatementFormat, 'csv' | 'xlsx'> | 'csv' | 'xlsx',
  options: ParseOptions,
): Promise<ParsedStatement> {
  switch (format) {
    case 'camt053':
    case 'camt052':
    case 'camt054':
      return parseCamt(createReadStream(path, { highWaterMark: 256 * 1024 }), format as CamtFormat, {
        limit: options.limit,
        onProgress: options.onProgress,
      });
    case 'ofx':
      return parseOfx(await readFile(path), { limit: options.limit });
    case 'mt940':
      return parseMt940(await readFile(path), { limit: options.limit });
    case 'csv':
    case 'xlsx': {
      if (!options.mapping) throw new Error('A CSV/XLSX statement needs a mapping');
      const table = await readTable(path, format, { mapping: options.mapping });
      return tableToStatement(table, options.mapping, format, options.currency, { limit: options.limit });
    }
  }
}

import ExcelJS from 'exceljs';
import { rejectFile } from './rejection.ts';
import type { Cell, Table, TableRow } from './tabular.ts';

// XLSX exports, read row by row with exceljs's streaming reader (first worksheet only). Dates stored as
// real Excel dates come back as Date objects, numbers as numbers.

const MAX_ROWS = 1_000_000;
const MAX_COLUMNS = 200;

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return null;
}

export async function readXlsx(path: string, options: { limitRows?: number } = {}): Promise<Table> {
  const rows: TableRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        if (row.number > MAX_ROWS) throw rejectFile('TOO_MANY_ENTRIES', `More than ${MAX_ROWS} rows.`);
        const values = Array.isArray(row.values) ? row.values : [];
        if (values.length > MAX_COLUMNS + 1) {
          throw rejectFile(
            'TEXT_TOO_LONG',
            `Row ${row.number} has more than ${MAX_COLUMNS} columns.`,
            row.number,
          );
        }
        // exceljs's values are 1-based (index 0 is empty).
        const cells: Cell[] = [];
        for (let index = 1; index < values.length; index++)
          cells.push(cellValue(values[index] as ExcelJS.CellValue));
        if (cells.every((cell) => cell === null || cell === '')) continue;
        rows.push({ line: row.number, cells });
        if (options.limitRows !== undefined && rows.length >= options.limitRows) break;
      }
      break;
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'STATEMENT_REJECTED') throw error;
    throw rejectFile('MALFORMED', 'The spreadsheet could not be read.');
  }
  return { rows };
}

import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  guessDelimiter,
  parseCsv,
  parseStatementAmount,
  parseStatementDate,
  readCsvTable,
} from './statement-preview.ts';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, delimiters inside quotes and CRLF', () => {
    expect(parseCsv('a;"b;c";"say ""hi"""\r\n1;2;3\r\n', ';')).toEqual([
      ['a', 'b;c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });

  it('skips blank lines, a BOM, and stops at maxRows', () => {
    expect(parseCsv('\ufeffx,y\n\n1,2\n3,4\n', ',', 2)).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });
});

describe('guessDelimiter', () => {
  it('finds the separator present on every line', () => {
    expect(guessDelimiter('Data;Descrição;Valor\n01-02-2026;Café, pastel;-1,50')).toBe(';');
    expect(guessDelimiter('date,desc,amount\n2026-01-02,coffee,-1.50')).toBe(',');
    expect(guessDelimiter('a\tb\n1\t2')).toBe('\t');
  });
});

describe('readCsvTable', () => {
  it('decodes Windows-1252 and skips rows before the header', () => {
    // "Descrição" in Windows-1252: ç = 0xE7, ã = 0xE3
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Extrato CGD\n'),
      ...[0x44, 0x65, 0x73, 0x63, 0x72, 0x69, 0xe7, 0xe3, 0x6f],
      ...new TextEncoder().encode(';Valor\nRenda;-500,00\n'),
    ]);
    const table = readCsvTable(bytes, { encoding: 'windows-1252', delimiter: ';', skipRows: 1 });
    expect(table.header).toEqual(['Descrição', 'Valor']);
    expect(table.rows).toEqual([['Renda', '-500,00']]);
  });
});

describe('parseStatementDate', () => {
  it('reads each format and refuses impossible dates', () => {
    expect(parseStatementDate('2026-02-03', 'YYYY-MM-DD')).toBe('2026-02-03');
    expect(parseStatementDate('03-02-2026', 'DD-MM-YYYY')).toBe('2026-02-03');
    expect(parseStatementDate('3/2/2026', 'DD/MM/YYYY')).toBe('2026-02-03');
    expect(parseStatementDate('02/03/2026', 'MM/DD/YYYY')).toBe('2026-02-03');
    expect(parseStatementDate('03.02.2026', 'DD.MM.YYYY')).toBe('2026-02-03');
    expect(parseStatementDate('30-02-2026', 'DD-MM-YYYY')).toBeNull();
    expect(parseStatementDate('2026-02-03', 'DD-MM-YYYY')).toBeNull();
  });
});

describe('parseStatementAmount', () => {
  it('reads decimal comma and point with grouping, exactly', () => {
    expect(parseStatementAmount('1.234,56', true)).toBe(123456);
    expect(parseStatementAmount('-0,29', true)).toBe(-29);
    expect(parseStatementAmount('1,234.56', false)).toBe(123456);
    expect(parseStatementAmount('12', false)).toBe(1200);
    expect(parseStatementAmount('1 234,5 €', true)).toBe(123450);
  });

  it('reads a trailing minus and parentheses as debits', () => {
    expect(parseStatementAmount('45,00-', true)).toBe(-4500);
    expect(parseStatementAmount('(45.00)', false)).toBe(-4500);
  });

  it('is null when empty and NaN when unreadable', () => {
    expect(parseStatementAmount('  ', true)).toBeNull();
    expect(parseStatementAmount('12,345', true)).toBeNaN();
    expect(parseStatementAmount('abc', true)).toBeNaN();
    expect(parseStatementAmount('1,2,3', true)).toBeNaN();
  });
});

describe('applyMapping', () => {
  const base = {
    dateFormat: 'DD-MM-YYYY' as const,
    decimalComma: true,
    date: 0,
    description: 1,
    skipRows: 0,
  };

  it('turns rows into movements with a signed amount column', () => {
    expect(applyMapping([['02-01-2026', ' Renda ', '-500,00']], { ...base, amount: 2 })).toEqual([
      { line: 2, bookingDate: '2026-01-02', amount: -50000, description: 'Renda', problem: null },
    ]);
  });

  it('makes debits negative and credits positive from two columns', () => {
    const entries = applyMapping(
      [
        ['02-01-2026', 'Renda', '500,00', ''],
        ['03-01-2026', 'Cliente', '', '1.200,00'],
      ],
      { ...base, debit: 2, credit: 3, skipRows: 3 },
    );
    expect(entries.map((entry) => [entry.line, entry.amount])).toEqual([
      [5, -50000],
      [6, 120000],
    ]);
  });

  it('says which rows would be refused and why', () => {
    const entries = applyMapping(
      [
        ['2026-01-02', 'x', '1,00'],
        ['02-01-2026', 'y', 'abc'],
      ],
      { ...base, amount: 2 },
    );
    expect(entries.map((entry) => entry.problem)).toEqual(['DATE', 'AMOUNT']);
  });
});

describe('line numbers', () => {
  it('are the file lines, blank lines and quoted line breaks counted', () => {
    const bytes = new TextEncoder().encode(
      'Title\n\nDate;Desc;Amount\n01-10-2026;"two\nlines";1,00\n\n02-10-2026;x;2,00\n',
    );
    const table = readCsvTable(bytes, { encoding: 'utf-8', delimiter: ';', skipRows: 1 });
    expect(table.header).toEqual(['Date', 'Desc', 'Amount']);
    expect(table.lines).toEqual([4, 7]);
    const entries = applyMapping(
      table.rows,
      { dateFormat: 'DD-MM-YYYY', decimalComma: true, date: 0, description: 1, amount: 2, skipRows: 1 },
      table.lines,
    );
    expect(entries.map((entry) => [entry.line, entry.amount])).toEqual([
      [4, 100],
      [7, 200],
    ]);
  });
});

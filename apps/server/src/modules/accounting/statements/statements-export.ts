import { PassThrough, type Readable } from 'node:stream';
import {
  type AccountingStatementFormat,
  type AccountingStatementKind,
  formatCents,
  isLanguage,
  type Language,
} from '@fluxo/domain';
import ExcelJS from 'exceljs';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { renderPdf } from '../../billing/index.ts';
import {
  balanceSheet,
  generalLedger,
  incomeStatement,
  type Period,
  type StatementScope,
  trialBalance,
  vatSummary,
} from './statements.service.ts';

// A statement as a file: CSV (UTF-8 with BOM, `;` between fields, decimal comma but for English — what
// Excel opens directly in Portugal, Angola, Spain and France), XLSX (numbers with two decimals, the
// statement's title above the table) or PDF (A4, landscape for the wide ones). Each statement becomes
// one table first; the three writers print that table.

type Column = { header: string; money?: boolean };
type Row = { cells: (string | number | null)[]; bold?: boolean };
export interface StatementTable {
  title: string;
  subtitle: string;
  fileName: string;
  columns: Column[];
  rows: Row[];
  landscape: boolean;
}

/** A general ledger export stops here (a year of a busy bank account is far less). */
export const LEDGER_EXPORT_MAX_LINES = 100_000;

const WORDS = {
  gb: {
    'trial-balance': 'Trial balance',
    'general-ledger': 'General ledger',
    'balance-sheet': 'Balance sheet',
    'income-statement': 'Income statement',
    'vat-summary': 'VAT summary',
    account: 'Account',
    name: 'Name',
    openingDebit: 'Opening debit',
    openingCredit: 'Opening credit',
    debit: 'Debit',
    credit: 'Credit',
    balance: 'Balance',
    date: 'Date',
    entry: 'Entry',
    journal: 'Journal',
    description: 'Description',
    document: 'Document',
    caption: 'Caption',
    amount: 'Amount',
    side: 'Side',
    region: 'Region',
    rate: 'Rate (%)',
    base: 'Taxable base',
    vat: 'VAT',
    boxes: 'Return boxes',
    collected: 'Collected',
    deductible: 'Deductible',
    total: 'Total',
    opening: 'Opening balance',
    closing: 'Closing balance',
    payable: 'VAT payable (credit if negative)',
    period: 'Period',
  },
  pt: {
    'trial-balance': 'Balancete',
    'general-ledger': 'Extrato de conta',
    'balance-sheet': 'Balanço',
    'income-statement': 'Demonstração dos resultados',
    'vat-summary': 'Resumo do IVA',
    account: 'Conta',
    name: 'Designação',
    openingDebit: 'Débito inicial',
    openingCredit: 'Crédito inicial',
    debit: 'Débito',
    credit: 'Crédito',
    balance: 'Saldo',
    date: 'Data',
    entry: 'Lançamento',
    journal: 'Diário',
    description: 'Descrição',
    document: 'Documento',
    caption: 'Rubrica',
    amount: 'Montante',
    side: 'Natureza',
    region: 'Região',
    rate: 'Taxa (%)',
    base: 'Base tributável',
    vat: 'IVA',
    boxes: 'Campos da declaração',
    collected: 'Liquidado',
    deductible: 'Dedutível',
    total: 'Total',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    payable: 'IVA a pagar (a recuperar se negativo)',
    period: 'Período',
  },
  es: {
    'trial-balance': 'Balance de sumas y saldos',
    'general-ledger': 'Libro mayor',
    'balance-sheet': 'Balance',
    'income-statement': 'Cuenta de resultados',
    'vat-summary': 'Resumen del IVA',
    account: 'Cuenta',
    name: 'Nombre',
    openingDebit: 'Debe inicial',
    openingCredit: 'Haber inicial',
    debit: 'Debe',
    credit: 'Haber',
    balance: 'Saldo',
    date: 'Fecha',
    entry: 'Asiento',
    journal: 'Diario',
    description: 'Descripción',
    document: 'Documento',
    caption: 'Partida',
    amount: 'Importe',
    side: 'Tipo',
    region: 'Región',
    rate: 'Tipo (%)',
    base: 'Base imponible',
    vat: 'IVA',
    boxes: 'Casillas de la declaración',
    collected: 'Repercutido',
    deductible: 'Deducible',
    total: 'Total',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    payable: 'IVA a ingresar (a compensar si negativo)',
    period: 'Periodo',
  },
  fr: {
    'trial-balance': 'Balance générale',
    'general-ledger': 'Grand livre',
    'balance-sheet': 'Bilan',
    'income-statement': 'Compte de résultat',
    'vat-summary': 'Récapitulatif de TVA',
    account: 'Compte',
    name: 'Intitulé',
    openingDebit: 'Débit initial',
    openingCredit: 'Crédit initial',
    debit: 'Débit',
    credit: 'Crédit',
    balance: 'Solde',
    date: 'Date',
    entry: 'Écriture',
    journal: 'Journal',
    description: 'Libellé',
    document: 'Pièce',
    caption: 'Poste',
    amount: 'Montant',
    side: 'Nature',
    region: 'Région',
    rate: 'Taux (%)',
    base: 'Base imposable',
    vat: 'TVA',
    boxes: 'Cases de la déclaration',
    collected: 'Collectée',
    deductible: 'Déductible',
    total: 'Total',
    opening: 'Solde initial',
    closing: 'Solde final',
    payable: 'TVA due (crédit si négatif)',
    period: 'Période',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Word = keyof (typeof WORDS)['gb'];

const FILE_NAMES: Record<AccountingStatementKind, string> = {
  'trial-balance': 'trial-balance',
  'general-ledger': 'general-ledger',
  'balance-sheet': 'balance-sheet',
  'income-statement': 'income-statement',
  'vat-summary': 'vat-summary',
};

/** The statement, computed, as one table with its headers in the user's language. */
export async function statementTable(
  db: Db,
  scope: StatementScope,
  statement: AccountingStatementKind,
  period: Period,
  account: string | undefined,
  language: string,
): Promise<StatementTable> {
  const lang: Language = isLanguage(language) ? language : 'gb';
  const w = (word: Word) => WORDS[lang][word];
  const base = {
    title: w(statement),
    subtitle: `${w('period')}: ${period.from} — ${period.to} (${scope.currency})`,
    fileName: `${FILE_NAMES[statement]}-${period.from}-${period.to}`,
  };
  if (statement === 'trial-balance') {
    const tb = await trialBalance(db, scope, period);
    return {
      ...base,
      landscape: true,
      columns: [
        { header: w('account') },
        { header: w('name') },
        { header: w('openingDebit'), money: true },
        { header: w('openingCredit'), money: true },
        { header: w('debit'), money: true },
        { header: w('credit'), money: true },
        { header: w('balance'), money: true },
      ],
      rows: [
        ...tb.rows.map((row) => ({
          cells: [
            row.code,
            row.name,
            row.openingDebit,
            row.openingCredit,
            row.debit,
            row.credit,
            row.balance,
          ],
          bold: row.groupingCategory !== 'GM',
        })),
        {
          cells: [
            w('total'),
            '',
            tb.totals.openingDebit,
            tb.totals.openingCredit,
            tb.totals.debit,
            tb.totals.credit,
            tb.totals.debtorBalances - tb.totals.creditorBalances,
          ],
          bold: true,
        },
      ],
    };
  }
  if (statement === 'general-ledger') {
    if (!account)
      throw new AppError('VALIDATION_FAILED', 'The general ledger names its account.', [
        { path: 'account', messageKey: 'VALIDATION.REQUIRED', message: 'Required' },
      ]);
    const rows: Row[] = [];
    let cursor: string | undefined;
    let first = await generalLedger(db, scope, { ...period, account, limit: 500 });
    rows.push({
      cells: [period.from, '', '', w('opening'), '', null, null, first.openingBalance],
      bold: true,
    });
    for (;;) {
      for (const line of first.items)
        rows.push({
          cells: [
            line.date,
            line.reference,
            line.accountCode,
            line.description,
            line.sourceDocumentNumber ?? '',
            line.debit,
            line.credit,
            line.balance,
          ],
        });
      if (!first.nextCursor || rows.length > LEDGER_EXPORT_MAX_LINES) break;
      cursor = first.nextCursor;
      first = await generalLedger(db, scope, { ...period, account, cursor, limit: 500 });
    }
    rows.push({
      cells: [period.to, '', '', w('closing'), '', first.debit, first.credit, first.closingBalance],
      bold: true,
    });
    return {
      ...base,
      title: `${w('general-ledger')} — ${first.account.code} ${first.account.name}`,
      fileName: `${FILE_NAMES[statement]}-${first.account.code}-${period.from}-${period.to}`,
      landscape: true,
      columns: [
        { header: w('date') },
        { header: w('entry') },
        { header: w('account') },
        { header: w('description') },
        { header: w('document') },
        { header: w('debit'), money: true },
        { header: w('credit'), money: true },
        { header: w('balance'), money: true },
      ],
      rows,
    };
  }
  if (statement === 'balance-sheet' || statement === 'income-statement') {
    const model =
      statement === 'balance-sheet'
        ? await balanceSheet(db, scope, period)
        : await incomeStatement(db, scope, period);
    const rows: Row[] = [];
    for (const section of model.sections) {
      if (statement === 'balance-sheet' && !section.lines.every((line) => line.total))
        rows.push({ cells: [section.label, null], bold: true });
      for (const line of section.lines) rows.push({ cells: [line.label, line.amount], bold: line.total });
    }
    return {
      ...base,
      subtitle: `${base.subtitle} — ${model.model}`,
      landscape: false,
      columns: [{ header: w('caption') }, { header: w('amount'), money: true }],
      rows,
    };
  }
  const vat = await vatSummary(db, scope, period);
  return {
    ...base,
    landscape: true,
    columns: [
      { header: w('side') },
      { header: w('region') },
      { header: w('rate') },
      { header: w('base'), money: true },
      { header: w('vat'), money: true },
      { header: w('boxes') },
    ],
    rows: [
      ...vat.rows.map((row) => ({
        cells: [
          w(row.side),
          row.region,
          formatCents(row.rateBasisPoints),
          row.base,
          row.vat,
          [
            row.boxes.annex ? `${row.boxes.annex}:` : '',
            [row.boxes.base, row.boxes.vat].filter(Boolean).join(' / '),
          ]
            .join(' ')
            .trim(),
        ],
      })),
      { cells: [w('collected'), '', '', null, vat.collected, ''], bold: true },
      { cells: [w('deductible'), '', '', null, vat.deductible, ''], bold: true },
      { cells: [w('payable'), '', '', null, vat.balance, ''], bold: true },
    ],
  };
}

/** A text cell a spreadsheet would otherwise run as a formula is kept as text. */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function cellText(value: string | number | null, money: boolean | undefined, decimal: ',' | '.'): string {
  if (value === null) return '';
  if (money && typeof value === 'number') return formatCents(value).replace('.', decimal);
  return String(value);
}

export function tableCsv(table: StatementTable, language: string): string {
  const decimal = language === 'gb' ? '.' : ',';
  const lines = [
    table.columns.map((column) => csvField(column.header)).join(';'),
    ...table.rows.map((row) =>
      row.cells
        .map((cell, index) => {
          const money = table.columns[index]?.money;
          const text = cellText(cell, money, decimal);
          return money ? text : csvField(inert(text));
        })
        .join(';'),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function tableXlsx(table: StatementTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fluxo';
  const sheet = workbook.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.addRow([table.title]).font = { bold: true, size: 13 };
  sheet.addRow([table.subtitle]);
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((column) => column.header));
  header.font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(
      row.cells.map((cell, index) =>
        table.columns[index]?.money && typeof cell === 'number'
          ? Number(formatCents(cell))
          : cell === null
            ? null
            : typeof cell === 'string'
              ? inert(cell)
              : cell,
      ),
    );
    if (row.bold) added.font = { bold: true };
  }
  table.columns.forEach((column, index) => {
    const col = sheet.getColumn(index + 1);
    col.width = column.money ? 16 : index === 1 || column.header.length > 20 ? 44 : 16;
    if (column.money) col.numFmt = '#,##0.00';
  });
  sheet.views = [{ state: 'frozen', ySplit: 4 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function tableDefinition(table: StatementTable, language: string): TDocumentDefinitions {
  const decimal = language === 'gb' ? '.' : ',';
  const body: TableCell[][] = [
    table.columns.map((column) => ({
      text: column.header,
      bold: true,
      alignment: column.money ? ('right' as const) : ('left' as const),
    })),
    ...table.rows.map((row) =>
      row.cells.map((cell, index) => {
        const money = table.columns[index]?.money;
        return {
          text: cellText(cell, money, decimal),
          bold: !!row.bold,
          alignment: money ? ('right' as const) : ('left' as const),
        };
      }),
    ),
  ];
  const moneyWidth = table.landscape ? 70 : 90;
  return {
    pageOrientation: table.landscape ? 'landscape' : 'portrait',
    pageMargins: [30, 30, 30, 36],
    info: { title: table.title, creator: 'Fluxo' },
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'right',
      margin: [0, 8, 30, 0],
      fontSize: 7,
    }),
    content: [
      { text: table.title, fontSize: 13, bold: true },
      { text: table.subtitle, color: '#555555', margin: [0, 2, 0, 10] },
      {
        table: {
          headerRows: 1,
          widths: table.columns.map((column, index) =>
            column.money ? moneyWidth : index === (table.columns.length > 2 ? 1 : 0) ? '*' : 'auto',
          ),
          body,
        },
        layout: {
          hLineWidth: (row: number) => (row <= 1 ? 0.8 : 0.2),
          vLineWidth: () => 0,
          hLineColor: () => '#bbbbbb',
          paddingTop: () => 2,
          paddingBottom: () => 2,
        },
        fontSize: 8,
      },
    ],
  };
}

export interface StatementFile {
  contentType: string;
  fileName: string;
  body: Readable | Buffer | string;
}

export async function exportStatement(
  db: Db,
  scope: StatementScope,
  query: Period & {
    statement: AccountingStatementKind;
    format: AccountingStatementFormat;
    account?: string | undefined;
  },
  language: string,
): Promise<StatementFile> {
  const table = await statementTable(db, scope, query.statement, query, query.account, language);
  const fileName = `${table.fileName}.${query.format}`;
  if (query.format === 'csv')
    return { contentType: 'text/csv; charset=utf-8', fileName, body: tableCsv(table, language) };
  if (query.format === 'xlsx') {
    const stream = new PassThrough();
    stream.end(await tableXlsx(table));
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName,
      body: stream,
    };
  }
  const pdf = await renderPdf(tableDefinition(table, language));
  const stream = new PassThrough();
  stream.end(pdf);
  return { contentType: 'application/pdf', fileName, body: stream };
}

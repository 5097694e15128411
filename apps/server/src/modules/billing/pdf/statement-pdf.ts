import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PrintableOrganization, PrintableParty } from './document-pdf.ts';
import { formatDate, formatMoney } from './pdf-format.ts';
import { type PdfTextKey, pdfLanguage, pdfText } from './pdf-texts.ts';
import { renderPdf } from './render-pdf.ts';

// A customer's (or supplier's) statement of account: the movements of a period with the running
// balance, the documents still open and how long they have been due. Not a fiscal document: no
// signature, ATCUD or QR code.

export interface StatementLine {
  date: string;
  /** The document's number as printed (invoice, credit note, receipt…). */
  document: string;
  description?: string | null;
  /** Cents: what the party owes more (invoices, debit notes). */
  debit: number;
  /** Cents: what the party owes less (receipts, credit notes). */
  credit: number;
  /** Cents: the balance after this line. */
  balance: number;
}

export interface StatementOpenItem {
  document: string;
  date: string;
  dueDate: string | null;
  /** Cents: the document's total and what of it is still open. */
  total: number;
  open: number;
  /** 0 when not yet due. */
  daysOverdue: number;
}

/** Cents still open per age since the due date. */
export interface StatementAging {
  notDue: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

/** What `renderStatementPdf` prints; amounts are integer cents of `currency`. */
export interface StatementPdfInput {
  /** gb, pt, es or fr (the party's language). */
  language: string;
  organization: PrintableOrganization;
  party: PrintableParty;
  /** Whose account this is: a customer's (what they owe) or a supplier's (what is owed to them). */
  role?: 'customer' | 'supplier';
  currency: string;
  period: { from: string; to: string };
  openingBalance: number;
  lines: StatementLine[];
  closingBalance: number;
  openItems: StatementOpenItem[];
  aging: StatementAging;
}

const GREY = '#555555';
const layout = {
  hLineWidth: (row: number) => (row <= 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => '#bbbbbb',
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** The pdfmake definition of a statement (exported for the tests of its structure). */
export function statementDefinition(statement: StatementPdfInput): TDocumentDefinitions {
  const language = pdfLanguage(statement.language);
  const t = (key: PdfTextKey, values?: Record<string, string | number>) => pdfText(language, key, values);
  const money = (cents: number) => formatMoney(cents, statement.currency, language);
  const right = (text: string, bold = false) => ({ text, alignment: 'right' as const, bold });
  const head = (labels: string[], rightFrom: number) =>
    labels.map((text, index) => ({
      text,
      bold: true,
      alignment: index >= rightFrom ? ('right' as const) : ('left' as const),
    }));
  const { organization, party } = statement;
  const place = (who: { postalCode: string | null; city: string | null }) =>
    [who.postalCode, who.city].filter(Boolean).join(' ');

  const movements: TableCell[][] = [
    head([t('date'), t('document'), t('description'), t('debit'), t('credit'), t('balance')], 3),
    [
      formatDate(statement.period.from),
      '',
      t('openingBalance'),
      '',
      '',
      right(money(statement.openingBalance)),
    ],
    ...statement.lines.map((line) => [
      formatDate(line.date),
      line.document,
      line.description ?? '',
      right(line.debit ? money(line.debit) : ''),
      right(line.credit ? money(line.credit) : ''),
      right(money(line.balance)),
    ]),
    [
      formatDate(statement.period.to),
      '',
      { text: t('closingBalance'), bold: true },
      '',
      '',
      right(money(statement.closingBalance), true),
    ],
  ];
  const openItems: Content[] = statement.openItems.length
    ? [
        { text: t('openItems'), bold: true, margin: [0, 16, 0, 4] },
        {
          table: {
            headerRows: 1,
            widths: ['*', 60, 60, 80, 80, 50],
            body: [
              head([t('document'), t('date'), t('dueDate'), t('total'), t('open'), t('daysOverdue')], 3),
              ...statement.openItems.map((item) => [
                item.document,
                formatDate(item.date),
                item.dueDate ? formatDate(item.dueDate) : '',
                right(money(item.total)),
                right(money(item.open)),
                right(item.daysOverdue > 0 ? String(item.daysOverdue) : ''),
              ]),
            ],
          },
          layout,
        },
      ]
    : [];
  const { aging } = statement;
  const agingTotal = aging.notDue + aging.days1to30 + aging.days31to60 + aging.days61to90 + aging.over90;

  return {
    info: { title: `${t('statement')} — ${party.name}`, author: organization.name, creator: 'Fluxo' },
    language: language === 'gb' ? 'en-GB' : language,
    pageMargins: [40, 40, 40, 50],
    footer: (page, pages) => ({
      text: t('page', { page, pages }),
      alignment: 'right',
      color: GREY,
      margin: [40, 20, 40, 0],
    }),
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: organization.name, bold: true, fontSize: 13 },
              ...[organization.address, place(organization)]
                .filter(Boolean)
                .map((line) => ({ text: line as string, color: GREY })),
              { text: `${t('taxId')}: ${organization.vatNumber}` },
            ],
          },
          {
            width: 240,
            stack: [
              { text: t('statement'), bold: true, fontSize: 16, alignment: 'right' },
              {
                text: t('period', {
                  from: formatDate(statement.period.from),
                  to: formatDate(statement.period.to),
                }),
                alignment: 'right',
              },
            ],
          },
        ],
      },
      {
        margin: [0, 14, 0, 14],
        columns: [
          { width: '*', text: '' },
          {
            width: 240,
            stack: [
              { text: t(statement.role === 'supplier' ? 'supplier' : 'customer'), color: GREY },
              { text: party.name, bold: true },
              ...[party.address, place(party), party.country]
                .filter(Boolean)
                .map((line) => ({ text: line as string })),
              { text: `${t('taxId')}: ${party.taxId}` },
            ],
          },
        ],
      },
      {
        table: { headerRows: 1, widths: [55, 80, '*', 70, 70, 75], body: movements },
        layout,
      },
      ...(statement.lines.length
        ? []
        : [{ text: t('noMovements'), color: GREY, margin: [0, 6, 0, 0] } as Content]),
      ...openItems,
      { text: t('aging'), bold: true, margin: [0, 16, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', '*', '*', '*', '*'],
          body: [
            head([t('notDue'), t('days1to30'), t('days31to60'), t('days61to90'), t('over90'), t('total')], 0),
            [aging.notDue, aging.days1to30, aging.days31to60, aging.days61to90, aging.over90]
              .map((cents) => right(money(cents)))
              .concat(right(money(agingTotal), true)),
          ],
        },
        layout,
      },
    ],
  };
}

/** Renders a statement of account to PDF in the party's language. */
export async function renderStatementPdf(statement: StatementPdfInput): Promise<Buffer> {
  return renderPdf(statementDefinition(statement));
}

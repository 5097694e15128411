import type { BillingDocument, Language } from '@fluxo/domain';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { exemptionReasonText } from './exemption-reasons.ts';
import {
  NOT_AN_INVOICE_MENTION,
  type PrintSigningKey,
  signatureLine,
  TRAINING_MENTION,
} from './legal-mentions.ts';
import { formatDate, formatMoney, formatRate, formatScaled } from './pdf-format.ts';
import { type PdfTextKey, pdfLanguage, pdfText } from './pdf-texts.ts';
import { atQrCode } from './qr-node.ts';
import { renderPdf } from './render-pdf.ts';

// A sales document, working document or receipt as printed: the organization and the customer, the
// lines, VAT per region and rate with the exemption reasons written out, totals, withholding and what
// is payable, how to pay, and at the foot of every page ATCUD above the AT QR code with the hash
// characters and the processing mention.

/** The customer as the document names it (the snapshot taken at issue). */
export interface PrintableParty {
  name: string;
  taxId: string;
  country: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

/** One document a receipt settles. */
export interface PrintableSettlement {
  documentNumber: string;
  documentDate: string | null;
  amount: number;
}

/** A document with what printing it needs beyond the API's shape. */
export interface PrintableDocument extends BillingDocument {
  party: PrintableParty;
  /** N normal, F training, R recovery. */
  seriesType: string;
  /** The number of the document a credit or debit note corrects. */
  referenceDocumentNumber: string | null;
  /** Receipts: the documents the payment settled. */
  settlements?: PrintableSettlement[];
  /** The organization's footer text (billing settings). */
  footer?: string | null;
}

/** The issuer as printed. */
export interface PrintableOrganization {
  name: string;
  vatNumber: string;
  country: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  /** Printed only when it is an inline PNG or JPEG (data: URL): rendering never fetches a URL. */
  logoUrl: string | null;
}

const WORKING_TYPES: readonly string[] = ['OR', 'PF'];
const RECEIPT_TYPES: readonly string[] = ['RC', 'RG'];
const LOGO = /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=\s]+$/;
const GREY = '#555555';
/** A4 in points, the page margins, and the QR code's distance from the bottom edge and ATCUD's line. */
const A4 = [595.28, 841.89] as const;
const MARGIN = 40;
const QR_BOTTOM = 28;
const ATCUD_HEIGHT = 13;
const RULE = '#bbbbbb';

const lineLayout = {
  hLineWidth: (row: number) => (row <= 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function addressLines(who: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
}): string[] {
  const place = [who.postalCode, who.city].filter(Boolean).join(' ');
  return [who.address, place, who.country].filter((line): line is string => Boolean(line));
}

/** A legal mention in Portuguese, with its translation beside when the document is in another language. */
function legal(language: Language, portuguese: string, translation: PdfTextKey): string {
  return language === 'pt' ? portuguese : `${portuguese} (${pdfText(language, translation)})`;
}

function header(
  document: PrintableDocument,
  organization: PrintableOrganization,
  language: Language,
): Content {
  const t = (key: PdfTextKey, values?: Record<string, string>) => pdfText(language, key, values);
  const identity: Content[] = [];
  if (organization.logoUrl && LOGO.test(organization.logoUrl))
    identity.push({ image: organization.logoUrl, fit: [140, 56], margin: [0, 0, 0, 6] });
  identity.push(
    { text: organization.name, bold: true, fontSize: 13 },
    ...addressLines(organization).map((line) => ({ text: line, color: GREY })),
    { text: `${t('taxId')}: ${organization.vatNumber}` },
  );
  const contacts = [organization.email, organization.phone].filter(Boolean).join(' · ');
  if (contacts) identity.push({ text: contacts, color: GREY });

  const title: Content[] = [
    { text: t(document.documentType), bold: true, fontSize: 16, alignment: 'right' },
    {
      text: document.documentNumber ?? t('draft'),
      bold: true,
      fontSize: 12,
      alignment: 'right',
      color: document.documentNumber ? 'black' : '#b00020',
    },
    { text: t('original'), alignment: 'right', color: GREY, margin: [0, 2, 0, 0] },
  ];
  if (document.status === 'A')
    title.push({ text: t('cancelled'), bold: true, fontSize: 14, color: '#b00020', alignment: 'right' });
  return {
    columns: [
      { width: '*', stack: identity },
      { width: 220, stack: title },
    ],
    columnGap: 16,
  };
}

function partyAndDates(document: PrintableDocument, language: Language): Content {
  const t = (key: PdfTextKey) => pdfText(language, key);
  const rows: TableCell[][] = [[t('date'), formatDate(document.documentDate)]];
  if (document.dueDate && !RECEIPT_TYPES.includes(document.documentType))
    rows.push([t('dueDate'), formatDate(document.dueDate)]);
  if (document.paymentMethod) rows.push([t('paymentMethod'), document.paymentMethod]);
  if (document.atcud) rows.push(['ATCUD', document.atcud]);
  const party = document.party;
  return {
    columns: [
      {
        width: '*',
        table: {
          widths: [70, '*'],
          body: rows.map(([label, value]) => [{ text: label as string, color: GREY }, value as string]),
        },
        layout: 'noBorders',
      },
      {
        width: 240,
        table: {
          widths: ['*'],
          body: [
            [
              {
                stack: [
                  {
                    text: RECEIPT_TYPES.includes(document.documentType) ? t('receivedFrom') : t('customer'),
                    color: GREY,
                  },
                  { text: party.name, bold: true },
                  ...addressLines(party).map((line) => ({ text: line })),
                  { text: `${t('taxId')}: ${party.taxId}` },
                ],
              },
            ],
          ],
        },
        layout: {
          hLineColor: () => RULE,
          vLineColor: () => RULE,
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
          paddingLeft: () => 6,
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
    ],
    columnGap: 16,
    margin: [0, 14, 0, 10],
  };
}

function linesTable(document: PrintableDocument, language: Language): Content {
  const t = (key: PdfTextKey) => pdfText(language, key);
  const right = (text: string) => ({ text, alignment: 'right' as const });
  const head = [
    t('code'),
    t('description'),
    t('quantity'),
    t('unit'),
    t('unitPrice'),
    t('discount'),
    t('vat'),
    t('amount'),
  ].map((text, index) => ({
    text,
    bold: true,
    alignment: index >= 2 && index !== 3 ? ('right' as const) : ('left' as const),
  }));
  const body: TableCell[][] = [
    head,
    ...document.lines.map((line) => [
      line.productCode,
      line.description,
      right(formatScaled(line.quantity, 3, language)),
      line.unit,
      right(formatScaled(line.unitPrice, 4, language, 2)),
      right(line.discountBasisPoints ? formatRate(line.discountBasisPoints, language) : ''),
      right(
        line.exemptionCode
          ? `${formatRate(line.vatBasisPoints, language)} ${line.exemptionCode}`
          : formatRate(line.vatBasisPoints, language),
      ),
      right(formatMoney(line.net, document.currency, language)),
    ]),
  ];
  return {
    table: { headerRows: 1, widths: [48, '*', 36, 26, 54, 32, 44, 64], body },
    layout: lineLayout,
  };
}

function settlementsTable(document: PrintableDocument, language: Language): Content {
  const t = (key: PdfTextKey) => pdfText(language, key);
  const settlements = document.settlements ?? [];
  return {
    stack: [
      { text: t('settledDocuments'), bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 90, 110],
          body: [
            [
              { text: t('document'), bold: true },
              { text: t('date'), bold: true },
              { text: t('amount'), bold: true, alignment: 'right' },
            ],
            ...settlements.map((settlement) => [
              settlement.documentNumber,
              settlement.documentDate ? formatDate(settlement.documentDate) : '',
              {
                text: formatMoney(settlement.amount, document.currency, language),
                alignment: 'right' as const,
              },
            ]),
          ],
        },
        layout: lineLayout,
      },
    ],
  };
}

function vatSummary(document: PrintableDocument, language: Language): Content[] {
  if (document.taxes.length === 0) return [];
  const t = (key: PdfTextKey) => pdfText(language, key);
  const regionName = (region: string) =>
    ['PT', 'PT-AC', 'PT-MA', 'AO'].includes(region) ? t(region as PdfTextKey) : region;
  const summary: Content = {
    stack: [
      { text: t('vatSummary'), bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 40, 70, 70],
          body: [
            [t('region'), t('rate'), t('base'), t('vatAmount')].map((text, index) => ({
              text,
              bold: true,
              alignment: index ? ('right' as const) : ('left' as const),
            })),
            ...document.taxes.map((tax) => [
              tax.exemptionCode
                ? `${regionName(tax.taxRegion)} (${tax.exemptionCode})`
                : regionName(tax.taxRegion),
              { text: formatRate(tax.vatBasisPoints, language), alignment: 'right' as const },
              { text: formatMoney(tax.base, document.currency, language), alignment: 'right' as const },
              { text: formatMoney(tax.vat, document.currency, language), alignment: 'right' as const },
            ]),
          ],
        },
        layout: lineLayout,
      },
    ],
  };
  const codes = [
    ...new Map(
      document.lines
        .filter((line) => line.exemptionCode)
        .map((line) => [`${line.taxRegion}|${line.exemptionCode}`, line] as const),
    ).values(),
  ];
  const reasons: Content[] = codes.length
    ? [
        {
          stack: [
            { text: t('exemptionReasons'), bold: true, margin: [0, 8, 0, 2] },
            ...codes.map((line) => ({
              text: `${line.exemptionCode} — ${exemptionReasonText(line.taxRegion, line.exemptionCode as string)}`,
            })),
          ],
        },
      ]
    : [];
  return [{ stack: [summary, ...reasons], margin: [0, 12, 0, 0] }];
}

function totals(document: PrintableDocument, language: Language): Content {
  const t = (key: PdfTextKey) => pdfText(language, key);
  const money = (cents: number) => formatMoney(cents, document.currency, language);
  const rows: [string, string, boolean][] = RECEIPT_TYPES.includes(document.documentType)
    ? [[t('total'), money(document.grossTotal), true]]
    : [
        [t('netTotal'), money(document.netTotal), false],
        [t('vatTotal'), money(document.taxPayable), false],
        [t('grossTotal'), money(document.grossTotal), true],
      ];
  if (document.withholding > 0) {
    rows.push([t('withholding'), money(-document.withholding), false]);
    rows.push([t('payable'), money(document.payable), true]);
  }
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 230,
        table: {
          widths: ['*', 100],
          body: rows.map(([label, value, strong]) => [
            { text: label, bold: strong },
            { text: value, bold: strong, alignment: 'right' as const },
          ]),
        },
        layout: lineLayout,
      },
    ],
    margin: [0, 12, 0, 0],
  };
}

function payment(document: PrintableDocument, language: Language): Content[] {
  if (!document.mbReference || !document.mbEntity || document.status === 'A') return [];
  const t = (key: PdfTextKey) => pdfText(language, key);
  return [
    {
      margin: [0, 12, 0, 0],
      table: {
        widths: [90, '*'],
        body: [
          [{ text: t('multibanco'), bold: true, colSpan: 2 }, ''],
          [t('mbEntity'), document.mbEntity],
          [t('mbReference'), document.mbReference.replace(/(\d{3})(?=\d)/g, '$1 ')],
          [t('amount'), formatMoney(document.payable, document.currency, language)],
        ],
      },
      layout: 'noBorders',
    },
  ];
}

function remarks(document: PrintableDocument, language: Language): Content[] {
  const t = (key: PdfTextKey, values?: Record<string, string>) => pdfText(language, key, values);
  const out: Content[] = [];
  if (document.referenceDocumentNumber && ['NC', 'ND'].includes(document.documentType))
    out.push({ text: t('corrects', { number: document.referenceDocumentNumber }), bold: true });
  if (document.reason) out.push({ text: `${t('reason')}: ${document.reason}` });
  if (document.status === 'A')
    out.push({
      text: t('cancelledReason', { reason: document.cancelReason ?? '' }),
      bold: true,
      color: '#b00020',
    });
  if (document.notes) out.push({ text: `${t('notes')}: ${document.notes}`, color: GREY });
  if (document.footer) out.push({ text: document.footer, color: GREY, fontSize: 8 });
  return out.length ? [{ stack: out, margin: [0, 12, 0, 0] }] : [];
}

/** The lines fixed by law at the foot of every page. */
function footerLines(document: PrintableDocument, key: PrintSigningKey, language: Language): Content[] {
  const lines: Content[] = [];
  if (document.state === 'issued')
    lines.push({
      text: signatureLine(document.hashCharacters, document.documentType, document.taxRegion, key),
      bold: true,
    });
  if (document.state === 'issued' && document.taxRegion !== 'AO' && !key.certified && language !== 'pt')
    lines.push({ text: pdfText(language, 'notCertified'), color: GREY });
  if (
    document.state === 'issued' &&
    document.taxRegion === 'AO' &&
    !/^\d+\/AGT\/\d{4}$/.test(key.agtValidationNumber ?? '') &&
    language !== 'pt'
  )
    lines.push({ text: pdfText(language, 'notValidated'), color: GREY });
  if (document.seriesType === 'F')
    lines.push({ text: legal(language, TRAINING_MENTION, 'training'), bold: true });
  if (WORKING_TYPES.includes(document.documentType))
    lines.push({ text: legal(language, NOT_AN_INVOICE_MENTION, 'notAnInvoice'), bold: true });
  return lines;
}

/** The pdfmake definition of a document (exported for the tests of its structure). */
export function documentDefinition(
  document: PrintableDocument,
  organization: PrintableOrganization,
  key: PrintSigningKey,
): TDocumentDefinitions {
  const language = pdfLanguage(document.language);
  const qrCode = document.qrCode && document.state === 'issued' ? atQrCode(document.qrCode) : null;
  // The QR code sits in the bottom right corner of every page, ATCUD just above it.
  const qrSide = qrCode?.side ?? 0;
  const qrAt = { x: A4[0] - MARGIN - qrSide, y: A4[1] - QR_BOTTOM - qrSide };
  const qr = qrCode ? { node: qrCode.canvasAt(qrAt) } : null;
  const legalLines = footerLines(document, key, language);
  const footerHeight =
    Math.max(qr ? qrSide + QR_BOTTOM + ATCUD_HEIGHT : 14, legalLines.length * 11 + 14) + 12;
  const watermark =
    document.state === 'draft'
      ? pdfText(language, 'draft')
      : document.status === 'A'
        ? pdfText(language, 'cancelled')
        : null;
  const body: Content[] = [
    header(document, organization, language),
    partyAndDates(document, language),
    RECEIPT_TYPES.includes(document.documentType) && document.settlements?.length
      ? settlementsTable(document, language)
      : linesTable(document, language),
    ...vatSummary(document, language),
    totals(document, language),
    ...payment(document, language),
    ...remarks(document, language),
  ];
  return {
    info: {
      title: document.documentNumber ?? pdfText(language, document.documentType),
      author: organization.name,
      creator: 'Fluxo',
    },
    language: language === 'gb' ? 'en-GB' : language,
    pageSize: { width: A4[0], height: A4[1] },
    pageMargins: [MARGIN, MARGIN, MARGIN, footerHeight],
    ...(watermark ? { watermark: { text: watermark, color: '#b00020', opacity: 0.15, bold: true } } : {}),
    content: body,
    ...(qr
      ? {
          background: () => [
            {
              text: `ATCUD:${document.atcud ?? ''}`,
              bold: true,
              fontSize: 8,
              absolutePosition: { x: qrAt.x, y: qrAt.y - ATCUD_HEIGHT },
            },
            qr.node,
          ],
        }
      : {}),
    footer: (page, pages) => ({
      margin: [40, 0, 40, 0],
      columns: [
        {
          width: '*',
          stack: [
            ...legalLines,
            { text: pdfText(language, 'page', { page, pages }), color: GREY, margin: [0, 4, 0, 0] },
          ],
        },
        // Room for ATCUD and the QR code, which the background draws in this corner of every page.
        ...(qr
          ? [{ width: qrSide, text: '' } as Content]
          : document.atcud
            ? [{ width: 150, text: `ATCUD:${document.atcud}`, bold: true, fontSize: 8 } as Content]
            : []),
      ],
      columnGap: 12,
    }),
  };
}

/** Renders a sales document, working document or receipt to PDF, in the document's language. */
export async function renderDocumentPdf(
  document: PrintableDocument,
  organization: PrintableOrganization,
  signingKey: PrintSigningKey,
): Promise<Buffer> {
  return renderPdf(documentDefinition(document, organization, signingKey));
}

import {
  type BillingDocument,
  computeDocumentTotals,
  type DocumentTotals,
  DocumentTotalsError,
  lineNet,
  type TaxCode,
  vatRateOf,
} from '@fluxo/domain/billing/index';
import { formatMoneyInput, parseMoneyInput } from '../../../../lib/format/money-input.ts';

// The draft as the editor holds it: what was typed, as text, and the integers it means. The totals
// are computed with the domain's computeDocumentTotals — the very arithmetic the server prices the
// draft with — so what the screen shows is what the document will say.

/** Digits after the decimal mark of each typed number (the domain's scales: ×1000, ×10000, %×100). */
export const QUANTITY_DIGITS = 3;
export const UNIT_PRICE_DIGITS = 4;
export const PERCENT_DIGITS = 2;

export const TAX_REGIONS = ['PT', 'PT-AC', 'PT-MA', 'AO'] as const;
export type TaxRegion = (typeof TAX_REGIONS)[number];

/** Exemption reasons (Portaria 195/2020's table for PT, AGT's for AO). */
export const EXEMPTION_CODES: Record<'PT' | 'AO', readonly string[]> = {
  PT: [
    'M01',
    'M02',
    'M04',
    'M05',
    'M06',
    'M07',
    'M09',
    'M10',
    'M11',
    'M12',
    'M13',
    'M14',
    'M15',
    'M16',
    'M19',
    'M20',
    'M21',
    'M25',
    'M30',
    'M31',
    'M32',
    'M33',
    'M40',
    'M41',
    'M42',
    'M43',
    'M99',
  ],
  AO: [
    'M00',
    'M02',
    'M04',
    'M10',
    'M11',
    'M12',
    'M13',
    'M14',
    'M15',
    'M16',
    'M17',
    'M18',
    'M19',
    'M20',
    'M21',
    'M22',
    'M23',
    'M24',
    'M30',
    'M31',
    'M32',
    'M33',
    'M34',
    'M35',
    'M36',
    'M37',
    'M38',
    'M80',
    'M81',
    'M82',
    'M83',
    'M84',
    'M85',
    'M86',
    'M90',
    'M91',
    'M92',
    'M93',
    'M94',
  ],
};

export interface DraftLine {
  /** A stable key for the list, not sent. */
  key: string;
  productId: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  taxCode: TaxCode;
  exemptionCode: string | null;
  subjectToWithholding: boolean;
}

export interface Draft {
  seriesId: string | null;
  partyId: string | null;
  documentDate: string;
  dueDate: string | null;
  taxRegion: TaxRegion;
  withholding: string;
  notes: string;
  /** How an invoice-receipt or simplified invoice was paid at issue ('' = paid later, FS only). */
  paymentMethod: string;
  lines: DraftLine[];
}

let lineCounter = 0;
const nextKey = () => `line-${++lineCounter}`;

export function emptyLine(): DraftLine {
  return {
    key: nextKey(),
    productId: null,
    description: '',
    quantity: '1',
    unitPrice: '',
    discount: '',
    taxCode: 'NOR',
    exemptionCode: null,
    subjectToWithholding: false,
  };
}

export function emptyDraft(today: string, region: TaxRegion): Draft {
  return {
    seriesId: null,
    partyId: null,
    documentDate: today,
    dueDate: null,
    taxRegion: region,
    withholding: '',
    notes: '',
    paymentMethod: 'NU',
    lines: [emptyLine()],
  };
}

/** A saved draft back into the editor. */
export function draftOf(document: BillingDocument): Draft {
  return {
    seriesId: document.seriesId,
    partyId: document.partyId,
    documentDate: document.documentDate,
    dueDate: document.dueDate,
    taxRegion: (TAX_REGIONS as readonly string[]).includes(document.taxRegion)
      ? (document.taxRegion as TaxRegion)
      : 'PT',
    withholding: document.withholdingBasisPoints
      ? trimZeros(formatMoneyInput(document.withholdingBasisPoints, PERCENT_DIGITS))
      : '',
    notes: document.notes ?? '',
    paymentMethod: document.paymentMethod ?? '',
    lines: document.lines.map((line) => ({
      key: nextKey(),
      productId: line.productId,
      description: line.description,
      quantity: trimZeros(formatMoneyInput(line.quantity, QUANTITY_DIGITS)),
      unitPrice: trimZeros(formatMoneyInput(line.unitPrice, UNIT_PRICE_DIGITS), 2),
      discount: line.discountBasisPoints ? trimZeros(formatMoneyInput(line.discountBasisPoints, 2)) : '',
      taxCode: line.taxCode,
      exemptionCode: line.exemptionCode,
      subjectToWithholding: line.subjectToWithholding,
    })),
  };
}

/** "2.500" → "2.5", "40.0000" → "40.00" (keeping `keep` decimals). */
export function trimZeros(text: string, keep = 0): string {
  if (!text.includes('.')) return text;
  const [whole, fraction = ''] = text.split('.');
  let cut = fraction;
  while (cut.length > keep && cut.endsWith('0')) cut = cut.slice(0, -1);
  return cut ? `${whole}.${cut}` : (whole ?? '0');
}

export type LineProblem = 'quantity' | 'unitPrice' | 'discount' | 'description' | 'rate' | 'exemption';

export interface PricedDraft {
  /** The request's lines, when every line reads. */
  lines: {
    productId: string | null;
    description?: string;
    quantity: number;
    unitPrice: number;
    discountBasisPoints: number;
    taxCode: TaxCode;
    exemptionCode: string | null;
    subjectToWithholding: boolean;
  }[];
  withholdingBasisPoints: number | null;
  /** Per line, what does not read (empty when all is well). */
  problems: LineProblem[][];
  /** Each line's net in cents, when its quantity, price and discount read. */
  nets: (number | null)[];
  totals: DocumentTotals | null;
}

/** Reads the typed draft, and prices it exactly as the server will. */
export function priceDraft(draft: Draft): PricedDraft {
  const problems: LineProblem[][] = [];
  const lines = draft.lines.map((line) => {
    const issues: LineProblem[] = [];
    const quantity = parseMoneyInput(line.quantity, QUANTITY_DIGITS);
    const unitPrice = parseMoneyInput(line.unitPrice, UNIT_PRICE_DIGITS);
    const discount = line.discount.trim() ? parseMoneyInput(line.discount, PERCENT_DIGITS) : 0;
    if (quantity === null || quantity <= 0) issues.push('quantity');
    if (unitPrice === null || unitPrice < 0) issues.push('unitPrice');
    if (discount === null || discount < 0 || discount > 10_000) issues.push('discount');
    if (!line.productId && !line.description.trim()) issues.push('description');
    const rate = vatRateOf(draft.taxRegion, line.taxCode, draft.documentDate);
    if (rate === null) issues.push('rate');
    if (line.taxCode === 'ISE' && !line.exemptionCode) issues.push('exemption');
    problems.push(issues);
    return {
      productId: line.productId,
      ...(line.description.trim() ? { description: line.description.trim() } : {}),
      quantity: quantity ?? 0,
      unitPrice: unitPrice ?? 0,
      discountBasisPoints: discount ?? 0,
      taxCode: line.taxCode,
      exemptionCode: line.taxCode === 'ISE' ? line.exemptionCode : null,
      subjectToWithholding: line.subjectToWithholding,
      vatBasisPoints: rate ?? 0,
    };
  });
  const withholding = draft.withholding.trim() ? parseMoneyInput(draft.withholding, PERCENT_DIGITS) : 0;
  const withholdingBasisPoints =
    withholding !== null && withholding >= 0 && withholding <= 10_000 ? withholding : null;
  let totals: DocumentTotals | null = null;
  if (problems.every((issues) => issues.length === 0) && withholdingBasisPoints !== null) {
    try {
      totals = computeDocumentTotals(
        lines.map((line) => ({ ...line, taxRegion: draft.taxRegion })),
        { withholdingBasisPoints },
      );
    } catch (error) {
      if (!(error instanceof DocumentTotalsError) && !(error instanceof RangeError)) throw error;
      if (error instanceof DocumentTotalsError)
        problems[error.line]?.push(error.code.startsWith('EXEMPTION') ? 'exemption' : 'unitPrice');
    }
  }
  const nets = lines.map((line, index) => {
    const issues = problems[index] ?? [];
    if (issues.includes('quantity') || issues.includes('unitPrice') || issues.includes('discount'))
      return null;
    try {
      return lineNet(line);
    } catch {
      return null;
    }
  });
  return {
    nets,
    lines: lines.map(({ vatBasisPoints: _rate, ...line }) => line),
    withholdingBasisPoints,
    problems,
    totals,
  };
}

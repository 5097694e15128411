import { formatCents } from '../money.ts';

// The AT invoice QR code (Portaria 195/2020; "Especificações Técnicas Código QR", AT, v1.0, Aug 2020):
// `Code:value` fields joined by `*`, in a fixed order, money with a `.` and two decimals. Mandatory
// fields are always written; the others only when the document has that data.

/** One tax region's bases and VAT, in cents (fields I/J/K 2–8). */
export interface AtQrTaxRegion {
  /** ISO country code or PT-AC / PT-MA (field 1). */
  region: string;
  exemptBase?: number;
  reducedBase?: number;
  reducedVat?: number;
  intermediateBase?: number;
  intermediateVat?: number;
  normalBase?: number;
  normalVat?: number;
}

export interface AtQrData {
  /** A: issuer's NIF. */
  issuerTaxId: string;
  /** B: buyer's tax id; 999999990 for a final consumer. */
  buyerTaxId: string;
  /** C: buyer's country. */
  buyerCountry: string;
  /** D: document type (FT, FS, FR, NC, ND, RC, PF, GT…). */
  documentType: string;
  /** E: document status (N, A, F, S…). */
  status: string;
  /** F: document date, YYYY-MM-DD. */
  date: string;
  /** G: the document's unique identification (InvoiceNo). */
  documentId: string;
  /** H: ATCUD. */
  atcud: string;
  /** I, J, K: up to three tax regions; none means no VAT at all (written `I1:0`). */
  regions: AtQrTaxRegion[];
  /** L: not subject to VAT / other (cents). */
  notSubject?: number;
  /** M: stamp duty (cents). */
  stampDuty?: number;
  /** N: total taxes (cents). */
  totalTaxes: number;
  /** O: total with taxes (cents). */
  grossTotal: number;
  /** P: withholding tax (cents). */
  withholding?: number;
  /** Q: characters 1, 11, 21 and 31 of the document's hash. */
  hashCharacters: string;
  /** R: the program's certificate number (0 when not certified). */
  certificateNumber: string;
  /** S: other information, e.g. `MB;entity;reference;amount` or `NU;0.80`. */
  otherInfo?: string;
}

const REGION_LETTERS = ['I', 'J', 'K'] as const;
const REGION_FIELDS = [
  'exemptBase',
  'reducedBase',
  'reducedVat',
  'intermediateBase',
  'intermediateVat',
  'normalBase',
  'normalVat',
] as const;

/** Characters 1, 11, 21 and 31 of a document hash (what field Q and the printed mention show). */
export function hashCharacters(hash: string): string {
  return [0, 10, 20, 30].map((index) => hash.charAt(index)).join('');
}

/** The QR string of a document, field by field in the specification's order. */
export function buildAtQrString(data: AtQrData): string {
  const fields: string[] = [
    `A:${data.issuerTaxId}`,
    `B:${data.buyerTaxId}`,
    `C:${data.buyerCountry}`,
    `D:${data.documentType}`,
    `E:${data.status}`,
    `F:${data.date.replaceAll('-', '')}`,
    `G:${data.documentId}`,
    `H:${data.atcud}`,
  ];
  if (data.regions.length === 0) fields.push('I1:0');
  if (data.regions.length > REGION_LETTERS.length)
    throw new RangeError('The QR code holds at most three tax regions');
  data.regions.forEach((region, index) => {
    const letter = REGION_LETTERS[index] as string;
    fields.push(`${letter}1:${region.region}`);
    REGION_FIELDS.forEach((field, position) => {
      const value = region[field];
      if (value !== undefined) fields.push(`${letter}${position + 2}:${formatCents(value)}`);
    });
  });
  if (data.notSubject !== undefined) fields.push(`L:${formatCents(data.notSubject)}`);
  if (data.stampDuty !== undefined) fields.push(`M:${formatCents(data.stampDuty)}`);
  fields.push(`N:${formatCents(data.totalTaxes)}`, `O:${formatCents(data.grossTotal)}`);
  if (data.withholding !== undefined) fields.push(`P:${formatCents(data.withholding)}`);
  fields.push(`Q:${data.hashCharacters}`, `R:${data.certificateNumber}`);
  if (data.otherInfo !== undefined) fields.push(`S:${data.otherInfo}`);
  return fields.join('*');
}

/** "12.34" → 1234, exactly; null when it is not a money value with at most two decimals. */
function parseMoney(text: string): number | null {
  const match = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

export class AtQrParseError extends Error {}

/**
 * Reads an AT QR string (a supplier's invoice, photographed or in a PDF) back into its data. Refuses
 * strings without the mandatory fields or with a malformed amount.
 */
export function parseAtQrString(text: string): AtQrData {
  const values = new Map<string, string>();
  for (const part of text.trim().split('*')) {
    const colon = part.indexOf(':');
    if (colon <= 0) throw new AtQrParseError(`Not a field: "${part}"`);
    values.set(part.slice(0, colon), part.slice(colon + 1));
  }
  const required = (code: string): string => {
    const value = values.get(code);
    if (value === undefined) throw new AtQrParseError(`Field ${code} is missing`);
    return value;
  };
  const money = (code: string): number | undefined => {
    const value = values.get(code);
    if (value === undefined) return undefined;
    const cents = parseMoney(value);
    if (cents === null) throw new AtQrParseError(`Field ${code} is not an amount: "${value}"`);
    return cents;
  };
  const requiredMoney = (code: string): number => {
    required(code);
    return money(code) as number;
  };
  const date = required('F');
  if (!/^\d{8}$/.test(date)) throw new AtQrParseError(`Field F is not a date: "${date}"`);
  const regions: AtQrTaxRegion[] = [];
  for (const letter of REGION_LETTERS) {
    const region = values.get(`${letter}1`);
    if (region === undefined || region === '0') continue;
    const entry: AtQrTaxRegion = { region };
    REGION_FIELDS.forEach((field, position) => {
      const cents = money(`${letter}${position + 2}`);
      if (cents !== undefined) entry[field] = cents;
    });
    regions.push(entry);
  }
  const data: AtQrData = {
    issuerTaxId: required('A'),
    buyerTaxId: required('B'),
    buyerCountry: required('C'),
    documentType: required('D'),
    status: required('E'),
    date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    documentId: required('G'),
    atcud: required('H'),
    regions,
    totalTaxes: requiredMoney('N'),
    grossTotal: requiredMoney('O'),
    hashCharacters: required('Q'),
    certificateNumber: required('R'),
  };
  const optional = { notSubject: money('L'), stampDuty: money('M'), withholding: money('P') };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) Object.assign(data, { [key]: value });
  const other = values.get('S');
  if (other !== undefined) data.otherInfo = other;
  return data;
}

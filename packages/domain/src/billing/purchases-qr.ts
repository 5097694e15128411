import { type AtQrData, type AtQrTaxRegion, parseAtQrString } from './at-qr-code.ts';
import type { TaxCode } from './contracts.ts';
import {
  PURCHASE_DOCUMENT_TYPES,
  type PurchaseDocumentType,
  type PurchaseQrWarning,
  type PurchaseTax,
} from './purchases-contracts.ts';
import { vatRateOf } from './vat.ts';

// From a supplier's AT QR code to the fields of a purchase (Portaria 195/2020; "Especificações Técnicas
// Código QR", AT, v1.0): fields I/J/K give each tax region's bases and VAT by rate (2 exempt base,
// 3–4 reduced, 5–6 intermediate, 7–8 normal), L the amount not subject to VAT, M stamp duty, N all
// taxes (VAT + stamp duty), O the total with taxes, P withholding. So the net is the bases plus L, the
// taxes N, and O = net + N — the same equation a purchase entered by hand must satisfy.

/** The part of a prefill the QR code alone decides (the server adds the known supplier). */
export interface QrPurchaseFields {
  issuerTaxId: string;
  /** The AT QR code is Portuguese: its issuer is a PT taxpayer. */
  issuerCountry: 'PT';
  buyerTaxId: string;
  buyerCountry: string;
  documentType: PurchaseDocumentType | null;
  documentNumber: string;
  atcud: string;
  documentDate: string;
  taxes: PurchaseTax[];
  stampDuty: number;
  netTotal: number;
  taxPayable: number;
  grossTotal: number;
  withholding: number;
  warnings: PurchaseQrWarning[];
}

const RATE_FIELDS: readonly {
  taxCode: Exclude<TaxCode, 'ISE'>;
  base: keyof AtQrTaxRegion;
  vat: keyof AtQrTaxRegion;
}[] = [
  { taxCode: 'RED', base: 'reducedBase', vat: 'reducedVat' },
  { taxCode: 'INT', base: 'intermediateBase', vat: 'intermediateVat' },
  { taxCode: 'NOR', base: 'normalBase', vat: 'normalVat' },
];

/** The rate VAT and base imply, in basis points (0 without a base; kept within 0–100 %). */
function impliedRate(base: number, vat: number): number {
  if (base <= 0) return 0;
  return Math.min(10_000, Math.max(0, Math.round((vat * 10_000) / base)));
}

/**
 * The rate of a line: the region's own on the document date when Fluxo knows it (PT, PT-AC, PT-MA,
 * AO), otherwise the one base and VAT imply (another EU country's rate, field I1 "FR" for instance).
 */
export function purchaseVatRate(region: string, taxCode: TaxCode, date: string, base: number, vat: number) {
  return vatRateOf(region, taxCode, date) ?? impliedRate(base, vat);
}

/** The tax lines of the QR code's regions, in the order the code lists them. */
export function purchaseTaxesOf(data: AtQrData): PurchaseTax[] {
  const taxes: PurchaseTax[] = [];
  for (const region of data.regions) {
    if (region.exemptBase !== undefined)
      taxes.push({
        taxRegion: region.region,
        taxCode: 'ISE',
        vatBasisPoints: 0,
        base: region.exemptBase,
        vat: 0,
      });
    for (const field of RATE_FIELDS) {
      const base = region[field.base] as number | undefined;
      const vat = region[field.vat] as number | undefined;
      if (base === undefined && vat === undefined) continue;
      taxes.push({
        taxRegion: region.region,
        taxCode: field.taxCode,
        vatBasisPoints: purchaseVatRate(region.region, field.taxCode, data.date, base ?? 0, vat ?? 0),
        base: base ?? 0,
        vat: vat ?? 0,
      });
    }
  }
  if (data.notSubject !== undefined)
    taxes.push({
      taxRegion: data.regions[0]?.region ?? 'PT',
      taxCode: 'NS',
      vatBasisPoints: 0,
      base: data.notSubject,
      vat: 0,
    });
  return taxes;
}

/** Net (the bases), taxes (VAT plus stamp duty) and gross (net + taxes) of tax lines. */
export function purchaseTotalsOf(taxes: readonly { base: number; vat: number }[], stampDuty: number) {
  const netTotal = taxes.reduce((sum, tax) => sum + tax.base, 0);
  const taxPayable = taxes.reduce((sum, tax) => sum + tax.vat, 0) + stampDuty;
  return { netTotal, taxPayable, grossTotal: netTotal + taxPayable };
}

/**
 * The purchase fields of a parsed QR code, with what the user should check: the buyer is not
 * `organizationTaxId`, the document is cancelled or not a payable, or N/O do not add up (the prefill
 * then keeps the code's own N and O, so that the form shows the mismatch rather than hiding it).
 */
export function purchaseFieldsFromQr(data: AtQrData, organizationTaxId: string): QrPurchaseFields {
  const warnings: PurchaseQrWarning[] = [];
  const compact = (value: string) =>
    value
      .replace(/\s/g, '')
      .toUpperCase()
      .replace(/^PT(?=\d{9}$)/, '');
  if (compact(data.buyerTaxId) !== compact(organizationTaxId)) warnings.push('BUYER_NOT_ORGANIZATION');
  if (data.status === 'A') warnings.push('DOCUMENT_CANCELLED');
  const documentType = (PURCHASE_DOCUMENT_TYPES as readonly string[]).includes(data.documentType)
    ? (data.documentType as PurchaseDocumentType)
    : null;
  if (!documentType) warnings.push('NOT_A_PAYABLE');
  const taxes = purchaseTaxesOf(data);
  const stampDuty = data.stampDuty ?? 0;
  const computed = purchaseTotalsOf(taxes, stampDuty);
  if (computed.taxPayable !== data.totalTaxes || computed.grossTotal !== data.grossTotal)
    warnings.push('TOTALS_MISMATCH');
  return {
    issuerTaxId: data.issuerTaxId.trim(),
    issuerCountry: 'PT',
    buyerTaxId: data.buyerTaxId.trim(),
    buyerCountry: data.buyerCountry.trim(),
    documentType,
    // The AT's own examples carry a leading space in G and H: a quirk, not part of the number.
    documentNumber: data.documentId.trim(),
    atcud: data.atcud.trim(),
    documentDate: data.date,
    taxes,
    stampDuty,
    netTotal: computed.netTotal,
    taxPayable: data.totalTaxes,
    grossTotal: data.grossTotal,
    withholding: data.withholding ?? 0,
    warnings,
  };
}

/** Parses and maps a QR string in one step (throws AtQrParseError on a malformed one). */
export function purchaseFieldsFromQrString(qrCode: string, organizationTaxId: string): QrPurchaseFields {
  return purchaseFieldsFromQr(parseAtQrString(qrCode), organizationTaxId);
}

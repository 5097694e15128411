import type {
  createPurchaseContract,
  PurchaseDocumentType,
  PurchasePrefill,
  PurchaseTaxCode,
} from '@fluxo/domain/billing/purchases-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { formatMoneyInput, parseMoneyInput } from '../../../treasury/index.ts';

// The supplier-document form as text fields, and the API body they make. Amounts are typed as text
// and read by string arithmetic (either decimal mark), never through floats.

export interface TaxRowValues {
  taxRegion: string;
  taxCode: PurchaseTaxCode;
  base: string;
  vat: string;
}

export interface PurchaseFormValues {
  /** existing: a known supplier (partyId); new: created from name and tax number when saved. */
  supplierMode: 'existing' | 'new';
  partyId: string | null;
  supplierName: string;
  supplierTaxId: string;
  supplierCountry: string;
  documentType: PurchaseDocumentType;
  documentNumber: string;
  atcud: string;
  documentDate: string;
  dueDate: string;
  taxes: TaxRowValues[];
  stampDuty: string;
  withholding: string;
  /** The total printed on the document; checked against the bases, VAT and stamp duty. */
  grossTotal: string;
  notes: string;
  qrCode: string | null;
}

export type PurchaseFormErrors = Partial<Record<string, string>>;

export const emptyTaxRow = (taxRegion = 'PT'): TaxRowValues => ({
  taxRegion,
  taxCode: 'NOR',
  base: '',
  vat: '',
});

export function emptyPurchaseValues(today: string, region = 'PT'): PurchaseFormValues {
  return {
    supplierMode: 'existing',
    partyId: null,
    supplierName: '',
    supplierTaxId: '',
    supplierCountry: region === 'AO' ? 'AO' : 'PT',
    documentType: 'FT',
    documentNumber: '',
    atcud: '',
    documentDate: today,
    dueDate: '',
    taxes: [emptyTaxRow(region)],
    stampDuty: '',
    withholding: '',
    grossTotal: '',
    notes: '',
    qrCode: null,
  };
}

const money = (cents: number) => (cents ? formatMoneyInput(cents) : '');

/** The form filled from what the server read in the QR code. */
export function purchaseValuesFromPrefill(prefill: PurchasePrefill, today: string): PurchaseFormValues {
  const base = emptyPurchaseValues(today);
  return {
    ...base,
    supplierMode: prefill.supplier ? 'existing' : 'new',
    partyId: prefill.supplier?.id ?? null,
    supplierTaxId: prefill.issuerTaxId,
    supplierCountry: prefill.issuerCountry,
    documentType: prefill.documentType ?? 'FT',
    documentNumber: prefill.documentNumber,
    atcud: prefill.atcud,
    documentDate: prefill.documentDate,
    taxes: prefill.taxes.length
      ? prefill.taxes.map((tax) => ({
          taxRegion: tax.taxRegion,
          taxCode: tax.taxCode,
          base: formatMoneyInput(tax.base),
          vat: formatMoneyInput(tax.vat),
        }))
      : [emptyTaxRow()],
    stampDuty: money(prefill.stampDuty),
    withholding: money(prefill.withholding),
    grossTotal: formatMoneyInput(prefill.grossTotal),
    qrCode: prefill.qrCode,
  };
}

/** Cents of an optional amount field: 0 when empty, null when not an amount. */
function optionalCents(text: string): number | null {
  if (!text.trim()) return 0;
  const cents = parseMoneyInput(text);
  return cents === null || cents < 0 ? null : cents;
}

/** Bases + VAT + stamp duty of what is typed so far (invalid amounts count as 0), for the form's hint. */
export function computedGrossTotal(values: PurchaseFormValues): number {
  const sum = values.taxes.reduce(
    (total, tax) => total + (optionalCents(tax.base) ?? 0) + (optionalCents(tax.vat) ?? 0),
    0,
  );
  return sum + (optionalCents(values.stampDuty) ?? 0);
}

type Body = ContractBody<typeof createPurchaseContract>;

/** The API body, or the fields to correct (each with its VALIDATION.* / BILLING.PURCHASES.* key). */
export function purchaseBodyFromValues(
  values: PurchaseFormValues,
): { body: Body; errors?: undefined } | { body?: undefined; errors: PurchaseFormErrors } {
  const errors: PurchaseFormErrors = {};
  if (values.supplierMode === 'existing' && !values.partyId) errors.partyId = 'VALIDATION.REQUIRED';
  if (values.supplierMode === 'new') {
    if (!values.supplierName.trim()) errors.supplierName = 'VALIDATION.REQUIRED';
    if (!values.supplierTaxId.trim()) errors.supplierTaxId = 'VALIDATION.REQUIRED';
  }
  if (!values.documentNumber.trim()) errors.documentNumber = 'VALIDATION.REQUIRED';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.documentDate)) errors.documentDate = 'VALIDATION.REQUIRED';
  if (values.dueDate && values.dueDate < values.documentDate)
    errors.dueDate = 'BILLING.PURCHASES.FORM.DUE_BEFORE_DATE';
  const taxes = values.taxes.map((tax, index) => {
    const base = optionalCents(tax.base);
    const vat = optionalCents(tax.vat);
    if (base === null) errors[`taxes.${index}.base`] = 'VALIDATION.INVALID';
    if (vat === null) errors[`taxes.${index}.vat`] = 'VALIDATION.INVALID';
    return { taxRegion: tax.taxRegion, taxCode: tax.taxCode, base: base ?? 0, vat: vat ?? 0 };
  });
  const stampDuty = optionalCents(values.stampDuty);
  const withholding = optionalCents(values.withholding);
  const grossTotal = parseMoneyInput(values.grossTotal);
  if (stampDuty === null) errors.stampDuty = 'VALIDATION.INVALID';
  if (withholding === null) errors.withholding = 'VALIDATION.INVALID';
  if (grossTotal === null || grossTotal < 0) errors.grossTotal = 'VALIDATION.INVALID';
  else if (grossTotal !== computedGrossTotal(values))
    errors.grossTotal = 'BILLING.PURCHASES.FORM.TOTAL_MISMATCH';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      ...(values.supplierMode === 'existing'
        ? { partyId: values.partyId as string }
        : {
            supplier: {
              name: values.supplierName.trim(),
              taxId: values.supplierTaxId.trim(),
              country: values.supplierCountry,
            },
          }),
      documentType: values.documentType,
      documentNumber: values.documentNumber.trim(),
      atcud: values.atcud.trim() || null,
      documentDate: values.documentDate,
      dueDate: values.dueDate || null,
      // Rows left empty are not lines of the document.
      taxes: taxes.filter((tax) => tax.base !== 0 || tax.vat !== 0),
      stampDuty: stampDuty ?? 0,
      grossTotal: grossTotal as number,
      withholding: withholding ?? 0,
      notes: values.notes.trim() || null,
      qrCode: values.qrCode,
    },
  };
}

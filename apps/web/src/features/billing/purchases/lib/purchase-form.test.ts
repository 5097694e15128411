import type { PurchasePrefill } from '@fluxo/domain/billing/purchases-contracts';
import { describe, expect, it } from 'vitest';
import {
  computedGrossTotal,
  emptyPurchaseValues,
  purchaseBodyFromValues,
  purchaseValuesFromPrefill,
} from './purchase-form.ts';

const prefill: PurchasePrefill = {
  qrCode: 'A:509800010*B:508332150*…',
  issuerTaxId: '509800010',
  issuerCountry: 'PT',
  supplier: null,
  buyerTaxId: '508332150',
  buyerCountry: 'PT',
  documentType: 'FT',
  documentNumber: 'FT FA2026/118',
  atcud: 'JJ4K7M2P-118',
  documentDate: '2026-10-15',
  currency: 'EUR',
  taxes: [
    { taxRegion: 'PT', taxCode: 'RED', vatBasisPoints: 600, base: 10_000, vat: 600 },
    { taxRegion: 'PT', taxCode: 'NOR', vatBasisPoints: 2300, base: 50_000, vat: 11_500 },
  ],
  stampDuty: 0,
  netTotal: 60_000,
  taxPayable: 12_100,
  grossTotal: 72_100,
  withholding: 0,
  warnings: [],
  existingPurchaseId: null,
};

describe('supplier document form', () => {
  it('fills from a QR prefill and sends back the same amounts, with a new supplier to create', () => {
    const values = { ...purchaseValuesFromPrefill(prefill, '2026-11-01'), supplierName: 'Papelaria, Lda' };
    expect(values.taxes.map((tax) => [tax.base, tax.vat])).toEqual([
      ['100.00', '6.00'],
      ['500.00', '115.00'],
    ]);
    expect(computedGrossTotal(values)).toBe(72_100);
    expect(purchaseBodyFromValues(values).body).toEqual({
      supplier: { name: 'Papelaria, Lda', taxId: '509800010', country: 'PT' },
      documentType: 'FT',
      documentNumber: 'FT FA2026/118',
      atcud: 'JJ4K7M2P-118',
      documentDate: '2026-10-15',
      dueDate: null,
      taxes: [
        { taxRegion: 'PT', taxCode: 'RED', base: 10_000, vat: 600 },
        { taxRegion: 'PT', taxCode: 'NOR', base: 50_000, vat: 11_500 },
      ],
      stampDuty: 0,
      grossTotal: 72_100,
      withholding: 0,
      notes: null,
      qrCode: prefill.qrCode,
    });
  });

  it('uses a known supplier by id', () => {
    const known = { ...prefill, supplier: { id: 'p1' } as PurchasePrefill['supplier'] };
    const body = purchaseBodyFromValues(purchaseValuesFromPrefill(known, '2026-11-01')).body;
    expect(body).toMatchObject({ partyId: 'p1' });
    expect(body).not.toHaveProperty('supplier');
  });

  it('reads either decimal mark and grouping, and says which fields to correct', () => {
    const values = {
      ...emptyPurchaseValues('2026-11-01'),
      partyId: 'p1',
      documentNumber: 'FT 9/1',
      taxes: [{ taxRegion: 'PT', taxCode: 'NOR' as const, base: '1.000,00', vat: '230' }],
      grossTotal: '1 230,00',
    };
    expect(purchaseBodyFromValues(values).body).toMatchObject({
      taxes: [{ base: 100_000, vat: 23_000 }],
      grossTotal: 123_000,
    });
    expect(purchaseBodyFromValues({ ...values, grossTotal: '1230,01' }).errors).toEqual({
      grossTotal: 'BILLING.PURCHASES.FORM.TOTAL_MISMATCH',
    });
    expect(
      purchaseBodyFromValues({
        ...values,
        partyId: null,
        documentNumber: ' ',
        dueDate: '2026-10-01',
        taxes: [{ ...values.taxes[0]!, base: '12,3,4' }],
      }).errors,
    ).toEqual({
      partyId: 'VALIDATION.REQUIRED',
      documentNumber: 'VALIDATION.REQUIRED',
      dueDate: 'BILLING.PURCHASES.FORM.DUE_BEFORE_DATE',
      'taxes.0.base': 'VALIDATION.INVALID',
      grossTotal: 'BILLING.PURCHASES.FORM.TOTAL_MISMATCH',
    });
  });
});

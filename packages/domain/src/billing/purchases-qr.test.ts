import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAtQrString, parseAtQrString } from './at-qr-code.ts';
import { purchaseFieldsFromQrString, purchaseTaxesOf, purchaseTotalsOf } from './purchases-qr.ts';

const examples: { name: string; qr: string }[] = JSON.parse(
  readFileSync(
    new URL('../../../../apps/server/resources/fiscal/qr/at-examples.json', import.meta.url),
    'utf8',
  ),
).examples;
const example = (index: number) => examples[index]?.qr as string;

describe('purchase prefill from an AT QR code', () => {
  it('reads the three-region invoice: every rate of PT, PT-AC and PT-MA, not subject, stamp duty, withholding', () => {
    const fields = purchaseFieldsFromQrString(example(0), '999999990');
    expect(fields).toMatchObject({
      issuerTaxId: '123456789',
      buyerTaxId: '999999990',
      documentType: 'FT',
      documentNumber: 'FT AB2019/0035',
      atcud: 'CSDF7T5H-0035',
      documentDate: '2019-12-31',
      stampDuty: 2500,
      withholding: 10000,
      taxPayable: 6_400_002,
      grossTotal: 51_360_058,
      warnings: [],
    });
    // Bases of I2…K7 (449,500.56) plus L (100.00); VAT 63,975.02 plus stamp duty 25.00 = N.
    expect(fields.netTotal).toBe(44_960_056);
    expect(fields.netTotal + fields.taxPayable).toBe(fields.grossTotal);
    expect(fields.taxes).toEqual([
      { taxRegion: 'PT', taxCode: 'ISE', vatBasisPoints: 0, base: 1_200_000, vat: 0 },
      { taxRegion: 'PT', taxCode: 'RED', vatBasisPoints: 600, base: 1_500_000, vat: 90_000 },
      { taxRegion: 'PT', taxCode: 'INT', vatBasisPoints: 1300, base: 5_000_000, vat: 650_000 },
      { taxRegion: 'PT', taxCode: 'NOR', vatBasisPoints: 2300, base: 8_000_000, vat: 1_840_000 },
      { taxRegion: 'PT-AC', taxCode: 'ISE', vatBasisPoints: 0, base: 1_000_000, vat: 0 },
      // 2019: the Azores' rates before 2021-07 are not in Fluxo's table, so base and VAT tell them.
      { taxRegion: 'PT-AC', taxCode: 'RED', vatBasisPoints: 400, base: 2_500_056, vat: 100_002 },
      { taxRegion: 'PT-AC', taxCode: 'INT', vatBasisPoints: 900, base: 7_500_000, vat: 675_000 },
      { taxRegion: 'PT-AC', taxCode: 'NOR', vatBasisPoints: 1800, base: 10_000_000, vat: 1_800_000 },
      { taxRegion: 'PT-MA', taxCode: 'ISE', vatBasisPoints: 0, base: 500_000, vat: 0 },
      { taxRegion: 'PT-MA', taxCode: 'RED', vatBasisPoints: 500, base: 1_250_000, vat: 62_500 },
      { taxRegion: 'PT-MA', taxCode: 'INT', vatBasisPoints: 1200, base: 2_500_000, vat: 300_000 },
      { taxRegion: 'PT-MA', taxCode: 'NOR', vatBasisPoints: 2200, base: 4_000_000, vat: 880_000 },
      { taxRegion: 'PT', taxCode: 'NS', vatBasisPoints: 0, base: 10_000, vat: 0 },
    ]);
  });

  it('reads the simplified invoice: normal rate only', () => {
    const fields = purchaseFieldsFromQrString(example(1), '999999990');
    expect(fields).toMatchObject({
      documentType: 'FS',
      documentNumber: 'FS CDVF/12345',
      netTotal: 65,
      taxPayable: 15,
      grossTotal: 80,
      withholding: 0,
      stampDuty: 0,
      taxes: [{ taxRegion: 'PT', taxCode: 'NOR', vatBasisPoints: 2300, base: 65, vat: 15 }],
      warnings: [],
    });
  });

  it('warns that a pro forma and a transport document are not payables', () => {
    for (const index of [2, 3]) {
      const fields = purchaseFieldsFromQrString(example(index), '123456789');
      expect(fields.documentType).toBeNull();
      expect(fields.warnings).toEqual(['NOT_A_PAYABLE']);
    }
    // The transport document has no VAT at all (I1:0): no tax lines, totals zero.
    expect(purchaseFieldsFromQrString(example(3), '123456789')).toMatchObject({
      taxes: [],
      netTotal: 0,
      grossTotal: 0,
    });
  });

  it('takes a foreign region at the rate its base and VAT imply', () => {
    const fields = purchaseFieldsFromQrString(example(4), '4443332215');
    expect(fields.buyerCountry).toBe('FR');
    expect(fields.taxes).toEqual([
      { taxRegion: 'FR', taxCode: 'NOR', vatBasisPoints: 2000, base: 10_000, vat: 2_000 },
    ]);
    expect(fields.warnings).toEqual([]);
  });

  it('keeps a VAT-only debit note (no base) and trims the leading spaces of G and H', () => {
    const fields = purchaseFieldsFromQrString(example(5), '500000000');
    expect(fields).toMatchObject({
      documentType: 'ND',
      documentNumber: 'M1F KLG/6145',
      atcud: 'RQD8L6DG-6145',
      netTotal: 0,
      taxPayable: 2650,
      grossTotal: 2650,
      taxes: [{ taxRegion: 'PT-MA', taxCode: 'INT', vatBasisPoints: 1200, base: 0, vat: 2650 }],
      warnings: [],
    });
  });

  it('reads the margin-scheme invoice: the amount not subject to VAT is part of the net', () => {
    const fields = purchaseFieldsFromQrString(example(6), '123456789');
    expect(fields).toMatchObject({
      documentNumber: 'NF 19A/789145',
      netTotal: 105_000,
      taxPayable: 900,
      grossTotal: 105_900,
      warnings: [],
    });
    expect(fields.taxes.map((tax) => tax.taxCode)).toEqual(['NOR', 'NS']);
  });

  it('warns when the buyer is someone else, the document is cancelled or the totals do not add up', () => {
    const qr = example(1).replace('E:N', 'E:A').replace('O:0.80', 'O:0.90');
    expect(purchaseFieldsFromQrString(qr, '508332150').warnings).toEqual([
      'BUYER_NOT_ORGANIZATION',
      'DOCUMENT_CANCELLED',
      'TOTALS_MISMATCH',
    ]);
    // The buyer's number may carry the PT prefix or spaces.
    expect(purchaseFieldsFromQrString(example(1), 'PT 999 999 990').warnings).toEqual([]);
  });

  it('agrees with the code for any amounts: net + taxes = gross when N and O were built from them', () => {
    const cents = fc.integer({ min: 0, max: 9_999_999_999 });
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, (exempt, base, vat, notSubject, stamp) => {
        const data = {
          ...parseAtQrString(example(1)),
          regions: [{ region: 'PT', exemptBase: exempt, normalBase: base, normalVat: vat }],
          notSubject,
          stampDuty: stamp,
          totalTaxes: vat + stamp,
          grossTotal: exempt + base + notSubject + vat + stamp,
        };
        const fields = purchaseFieldsFromQrString(buildAtQrString(data), '999999990');
        expect(fields.warnings).toEqual([]);
        expect(purchaseTotalsOf(fields.taxes, fields.stampDuty)).toEqual({
          netTotal: fields.netTotal,
          taxPayable: fields.taxPayable,
          grossTotal: fields.grossTotal,
        });
        expect(purchaseTaxesOf(data)).toEqual(fields.taxes);
      }),
    );
  });
});

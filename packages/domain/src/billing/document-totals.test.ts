import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeDocumentTotals,
  type DocumentLineInput,
  DocumentTotalsError,
  lineNet,
} from './document-totals.ts';

const line = (
  quantity: number,
  unitPrice: number,
  vatBasisPoints: number,
  extra: Partial<DocumentLineInput> = {},
) => ({
  quantity: quantity * 1000,
  unitPrice: unitPrice * 10_000,
  vatBasisPoints,
  taxRegion: 'PT',
  ...extra,
});

describe('document totals (hand-worked cases)', () => {
  it('3 × 10.00 € at 23 %: 30.00 + 6.90 = 36.90', () => {
    const totals = computeDocumentTotals([line(3, 10, 2300)]);
    expect([totals.netTotal, totals.taxPayable, totals.grossTotal]).toEqual([3000, 690, 3690]);
  });

  it('rounds VAT once per rate, not per line: 3 × 0.99 € at 23 % → VAT 0.68 (per line would give 0.69)', () => {
    const totals = computeDocumentTotals([0, 1, 2].map(() => ({ ...line(1, 0, 2300), unitPrice: 9900 })));
    expect([totals.netTotal, totals.taxPayable, totals.grossTotal]).toEqual([297, 68, 365]);
  });

  it('2.5 h × 40.00 € less 10 %, with 25 % IRS withholding: 90.00 + 20.70 = 110.70, pays 88.20', () => {
    const totals = computeDocumentTotals(
      [{ ...line(0, 40, 2300), quantity: 2500, discountBasisPoints: 1000, subjectToWithholding: true }],
      { withholdingBasisPoints: 2500 },
    );
    expect([
      totals.netTotal,
      totals.taxPayable,
      totals.grossTotal,
      totals.withholding,
      totals.payable,
    ]).toEqual([9000, 2070, 11070, 2250, 8820]);
  });

  it('mixes 6 %, 13 % and an exempt line (M07) into three tax lines', () => {
    const totals = computeDocumentTotals([
      { ...line(1, 0, 600), unitPrice: 123_500 },
      line(1, 100, 0, { exemptionCode: 'M07' }),
      { ...line(1, 0, 1300), unitPrice: 81_300 },
    ]);
    expect(totals.taxes.map((tax) => [tax.vatBasisPoints, tax.base, tax.vat, tax.exemptionCode])).toEqual([
      [600, 1235, 74, null],
      [0, 10_000, 0, 'M07'],
      [1300, 813, 106, null],
    ]);
    expect([totals.netTotal, totals.taxPayable, totals.grossTotal]).toEqual([12_048, 180, 12_228]);
  });

  it('takes unit prices with four decimals: 7 × 1.2345 € = 8.64, VAT 1.99', () => {
    const totals = computeDocumentTotals([{ ...line(7, 0, 2300), unitPrice: 12_345 }]);
    expect([totals.netTotal, totals.taxPayable, totals.grossTotal]).toEqual([864, 199, 1063]);
  });

  it('keeps regions apart: the same 23 % in PT and 22 % in PT-MA are separate tax lines', () => {
    const totals = computeDocumentTotals([line(1, 10, 2300), line(1, 10, 2200, { taxRegion: 'PT-MA' })]);
    expect(totals.taxes.map((tax) => tax.taxRegion)).toEqual(['PT', 'PT-MA']);
  });

  it('refuses a 0 % line without an exemption code, and bad input', () => {
    expect(() => computeDocumentTotals([line(1, 10, 0)])).toThrow(DocumentTotalsError);
    expect(() => computeDocumentTotals([line(1, 10, 0, { exemptionCode: 'X1' })])).toThrow(/EXEMPTION_CODE/);
    expect(() => computeDocumentTotals([line(0, 10, 2300)])).toThrow(/QUANTITY/);
    expect(() => computeDocumentTotals([line(1, 10, 2300, { discountBasisPoints: 10_001 })])).toThrow(
      /DISCOUNT/,
    );
  });

  it('rounds half away from zero', () => {
    expect(lineNet({ quantity: 500, unitPrice: 100 })).toBe(1); // 0.5 × 0.01 € = 0.005 € → 0.01 €
    expect(lineNet({ quantity: 499, unitPrice: 100 })).toBe(0);
  });
});

describe('document totals (invariants)', () => {
  const arbitraryLine = fc.record({
    quantity: fc.integer({ min: 1, max: 1_000_000 }),
    unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
    discountBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    vatBasisPoints: fc.constantFrom(0, 400, 600, 1300, 1400, 1600, 2200, 2300),
    taxRegion: fc.constantFrom('PT', 'PT-AC', 'PT-MA', 'AO'),
    subjectToWithholding: fc.boolean(),
  });

  it('the document total always equals the sum its lines and taxes imply', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 2500 }),
        (lines, withholdingRate) => {
          const input = lines.map((l) => ({ ...l, exemptionCode: l.vatBasisPoints === 0 ? 'M10' : null }));
          const totals = computeDocumentTotals(input, { withholdingBasisPoints: withholdingRate });
          const sumOfNets = totals.lineNets.reduce((a, b) => a + b, 0);
          expect(totals.netTotal).toBe(sumOfNets);
          expect(totals.taxes.reduce((a, t) => a + t.base, 0)).toBe(sumOfNets);
          expect(totals.grossTotal).toBe(totals.netTotal + totals.taxes.reduce((a, t) => a + t.vat, 0));
          expect(totals.payable).toBe(totals.grossTotal - totals.withholding);
          for (const tax of totals.taxes) {
            // VAT is the base × rate to the nearest cent.
            expect(Math.abs(tax.vat * 10_000 - tax.base * tax.vatBasisPoints)).toBeLessThanOrEqual(5_000);
          }
        },
      ),
    );
  });
});

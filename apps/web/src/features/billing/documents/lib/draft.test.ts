import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { describe, expect, it } from 'vitest';
import { type Draft, draftOf, emptyDraft, emptyLine, priceDraft } from './draft.ts';

const draftWith = (lines: Partial<ReturnType<typeof emptyLine>>[], extra: Partial<Draft> = {}): Draft => ({
  ...emptyDraft('2026-11-25', 'PT'),
  ...extra,
  lines: lines.map((line) => ({ ...emptyLine(), ...line })),
});

describe('priceDraft', () => {
  it('prices as the server does: 2,5 h × 40 € − 10 % = 90,00 € net, 20,70 € VAT (the issue test case)', () => {
    const priced = priceDraft(
      draftWith([{ description: 'Consultoria', quantity: '2,5', unitPrice: '40', discount: '10' }]),
    );
    expect(priced.problems).toEqual([[]]);
    expect(priced.lines[0]).toMatchObject({ quantity: 2500, unitPrice: 400_000, discountBasisPoints: 1000 });
    expect(priced.totals).toMatchObject({ netTotal: 9000, taxPayable: 2070, grossTotal: 11070 });
    expect(priced.nets).toEqual([9000]);
  });

  it('taxes per rate and region, withholds on the lines subject to it', () => {
    const priced = priceDraft(
      draftWith(
        [
          { description: 'Serviço', quantity: '1', unitPrice: '1000', subjectToWithholding: true },
          { description: 'Livro', quantity: '3', unitPrice: '9.99', taxCode: 'RED' },
        ],
        { taxRegion: 'PT-MA', withholding: '25' },
      ),
    );
    // Madeira: 22 % on 1000 €, 4 % on 29.97 € (from 2024-10-01); 25 % withheld on 1000 €.
    expect(priced.totals?.taxes.map((tax) => [tax.vatBasisPoints, tax.base, tax.vat])).toEqual([
      [2200, 100_000, 22_000],
      [400, 2997, 120],
    ]);
    expect(priced.totals).toMatchObject({ withholding: 25_000, grossTotal: 125_117, payable: 100_117 });
  });

  it('says which line does not read, and gives no totals until all do', () => {
    const priced = priceDraft(
      draftWith([
        { description: '', quantity: '0', unitPrice: '1,234.5' },
        { description: 'Isento', quantity: '1', unitPrice: '10', taxCode: 'ISE' },
      ]),
    );
    expect(priced.problems[0]).toEqual(['quantity', 'description']);
    expect(priced.problems[1]).toEqual(['exemption']);
    expect(priced.totals).toBeNull();
    expect(priceDraft(draftWith([{ description: 'x', unitPrice: '1.23456' }])).problems[0]).toEqual([
      'unitPrice',
    ]);
  });

  it('reads a saved draft back into the same numbers', () => {
    const priced = priceDraft(
      draftWith([{ description: 'Hora', quantity: '1.5', unitPrice: '12.3456', discount: '2.5' }], {
        withholding: '11.5',
      }),
    );
    const saved = {
      seriesId: 's',
      partyId: 'p',
      documentDate: '2026-11-25',
      dueDate: null,
      taxRegion: 'PT',
      withholdingBasisPoints: 1150,
      notes: null,
      lines: priced.lines.map((line, index) => ({ ...line, position: index + 1, net: priced.nets[index] })),
    } as unknown as BillingDocument;
    const again = priceDraft(draftOf(saved));
    expect(again.lines).toEqual(priced.lines);
    expect(again.withholdingBasisPoints).toBe(1150);
  });
});

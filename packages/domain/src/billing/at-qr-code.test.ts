import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AtQrParseError, buildAtQrString, hashCharacters, parseAtQrString } from './at-qr-code.ts';

const examples: { name: string; qr: string }[] = JSON.parse(
  readFileSync(
    new URL('../../../../apps/server/resources/fiscal/qr/at-examples.json', import.meta.url),
    'utf8',
  ),
).examples;

describe('AT QR code', () => {
  it.each(examples)('reproduces the worked example "$name" from its data', ({ qr }) => {
    expect(buildAtQrString(parseAtQrString(qr))).toBe(qr);
  });

  it('builds the simplified-invoice example from a document written by hand', () => {
    const hash = 'Y'.padEnd(10, 'x') + 'h'.padEnd(10, 'x') + 'G'.padEnd(10, 'x') + 'V'.padEnd(142, 'x');
    expect(
      buildAtQrString({
        issuerTaxId: '123456789',
        buyerTaxId: '999999990',
        buyerCountry: 'PT',
        documentType: 'FS',
        status: 'N',
        date: '2019-08-12',
        documentId: 'FS CDVF/12345',
        atcud: 'CDF7T5HD-12345',
        regions: [{ region: 'PT', normalBase: 65, normalVat: 15 }],
        totalTaxes: 15,
        grossTotal: 80,
        hashCharacters: hashCharacters(hash),
        certificateNumber: '9999',
        otherInfo: 'NU;0.80',
      }),
    ).toBe(examples[1]?.qr);
  });

  it('writes I1:0 for a document without VAT', () => {
    const qr = examples.find((example) => example.qr.includes('I1:0'))?.qr as string;
    expect(parseAtQrString(qr).regions).toEqual([]);
  });

  it('keeps every amount exact through a round trip', () => {
    const cents = fc.integer({ min: 0, max: 99_999_999_999 });
    fc.assert(
      fc.property(cents, cents, cents, (base, vat, total) => {
        const data = parseAtQrString(
          buildAtQrString({
            ...parseAtQrString(examples[1]?.qr as string),
            regions: [{ region: 'PT', normalBase: base, normalVat: vat }],
            totalTaxes: vat,
            grossTotal: total,
          }),
        );
        expect([data.regions[0]?.normalBase, data.regions[0]?.normalVat, data.grossTotal]).toEqual([
          base,
          vat,
          total,
        ]);
      }),
    );
  });

  it('refuses a string without mandatory fields or with a bad amount', () => {
    expect(() => parseAtQrString('A:123456789*B:999999990')).toThrow(AtQrParseError);
    expect(() => parseAtQrString(examples[1]?.qr.replace('O:0.80', 'O:0,80') as string)).toThrow(/Field O/);
    expect(() => parseAtQrString('hello')).toThrow(AtQrParseError);
  });
});

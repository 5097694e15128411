import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPostalCode, maskToRegExp, POSTAL_CODE_MASKS } from './postal-codes.ts';
import { EU_COUNTRIES } from './tax-numbers.ts';

const cases: Record<string, { valid: string[]; invalid: string[] }> = {
  // Lisboa (Av. da Liberdade), Porto
  PT: {
    valid: ['1250-096', '4000-322', ' 1250-096 '],
    invalid: ['1250096', '1250-96', '12500-096', 'ABCD-EFG'],
  },
  // Madrid, Barcelona
  ES: { valid: ['28013', '08001'], invalid: ['2801', '280130', '28-013'] },
  // Paris 8e, Lyon
  FR: { valid: ['75008', '69001'], invalid: ['7500', '750080', '75 008'] },
  // Berlin, München
  DE: { valid: ['10117', '80331'], invalid: ['1011', 'D-10117'] },
  // Buckingham Palace, Downing St, Manchester, Barbican, Birmingham, Croydon
  GB: {
    valid: ['SW1A 1AA', 'SW1A 2AA', 'M1 1AE', 'EC1A 1BB', 'B33 8TH', 'CR2 6XH', 'ec1a 1bb'],
    invalid: ['SW1A1AA', '1AA SW1', 'SW1A 1A', 'SW1A 11A'],
  },
  // São Paulo (Av. Paulista), Rio de Janeiro
  BR: { valid: ['01310-100', '20040-002'], invalid: ['01310100', '0131-100', '01310-10'] },
  // The White House (ZIP and ZIP+4)
  US: { valid: ['20500', '20500-0003'], invalid: ['2050', '20500-003', '205000003'] },
  // Angola has no postal codes: whatever is typed is accepted
  AO: { valid: ['', 'Luanda', '1234'], invalid: [] },
};

describe('isValidPostalCode', () => {
  for (const [country, { valid, invalid }] of Object.entries(cases)) {
    it(`accepts real ${country} codes and refuses malformed ones`, () => {
      for (const value of valid) expect(isValidPostalCode(country, value), value).toBe(true);
      for (const value of invalid) expect(isValidPostalCode(country, value), value).toBe(false);
    });
  }

  it('accepts an empty value everywhere (spec §5)', () => {
    for (const { country } of POSTAL_CODE_MASKS) expect(isValidPostalCode(country, '  ')).toBe(true);
  });

  it('accepts Eircodes, Dutch, Maltese, Canadian and Luxembourg codes', () => {
    expect(isValidPostalCode('IE', 'D02 X285')).toBe(true);
    expect(isValidPostalCode('IE', 'D6W 1234')).toBe(true);
    expect(isValidPostalCode('NL', '1012 JS')).toBe(true);
    expect(isValidPostalCode('MT', 'VLT 1117')).toBe(true);
    expect(isValidPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('LU', 'L-1648')).toBe(true);
    expect(isValidPostalCode('LU', '1648')).toBe(true);
  });

  it('uses the list it is given', () => {
    expect(isValidPostalCode('PT', 'anything', [])).toBe(true);
    expect(isValidPostalCode('PT', '12', [{ country: 'PT', mask: '00' }])).toBe(true);
  });

  it('lists every EU member state, once', () => {
    const countries = POSTAL_CODE_MASKS.map((m) => m.country);
    expect(new Set(countries).size).toBe(countries.length);
    for (const country of [...EU_COUNTRIES, 'BR', 'MZ', 'CV', 'GB', 'US', 'CH', 'NO']) {
      expect(countries, country).toContain(country);
    }
    expect(countries).not.toContain('AO');
  });
});

describe('mask syntax', () => {
  it('0 is a digit, A a letter, * either, | separates alternatives, anything else is literal', () => {
    const re = maskToRegExp('A0*-L|00.0');
    expect(re.test('B1C-L')).toBe(true);
    expect(re.test('B12-L')).toBe(true);
    expect(re.test('12.3')).toBe(true);
    expect(re.test('12x3')).toBe(false);
    expect(re.test('B1C-X')).toBe(false);
  });

  const fill = (mask: string) =>
    fc
      .tuple(
        ...[...mask].map((char) => {
          if (char === '0') return fc.constantFrom(...'0123456789');
          if (char === 'A') return fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcz');
          if (char === '*') return fc.constantFrom(...'ABCXYZ0189');
          return fc.constant(char);
        }),
      )
      .map((chars) => chars.join(''));

  it('every code built from a country mask is valid; one more digit makes it invalid', () => {
    const rule = fc
      .constantFrom(...POSTAL_CODE_MASKS)
      .chain((r) =>
        fc
          .constantFrom(...r.mask.split('|'))
          .chain((one) => fill(one).map((code) => ({ country: r.country, code }))),
      );
    fc.assert(
      fc.property(rule, ({ country, code }) => {
        expect(isValidPostalCode(country, code)).toBe(true);
        expect(isValidPostalCode(country, `${code}7`)).toBe(false);
      }),
    );
  });
});

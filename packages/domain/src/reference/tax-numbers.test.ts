import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactTaxNumber,
  EU_COUNTRIES,
  isValidTaxNumber,
  nationalTaxNumber,
  TAX_NUMBER_PATTERNS,
} from './tax-numbers.ts';

const cases: Record<string, { valid: string[]; invalid: string[] }> = {
  // EDP, Galp, Sonae SGPS; with and without the PT prefix and separators
  PT: {
    valid: ['500697256', '504499777', '500273170', 'PT508332150', 'PT 508 332 150', 'pt508332150'],
    invalid: ['500697257', '408332150', '50069725', '5006972560', 'ES500697256', ''],
  },
  // Telefónica S.A. (CIF), a DNI, a NIE, prefixed
  ES: {
    valid: ['A28015865', 'ESA28015865', '12345678Z', 'X1234567L', 'ES B-12345678'],
    invalid: ['123456789', 'A2801586', 'A280158655', 'ESA2801586'],
  },
  // VIES example; letters I and O are not used in the key
  FR: {
    valid: ['FR40303265045', '40 303 265 045', 'FRXX303265045'],
    invalid: ['FR4030326504', 'FRIO303265045', 'FR403032650456'],
  },
  DE: { valid: ['DE136695976', '136695976'], invalid: ['DE12345678', 'DE1366959760', 'DEX36695976'] },
  // HMRC-style standard, branch (12 digits), government department, health authority
  GB: {
    valid: ['GB980780684', 'GB 123 4567 89 012', 'GBGD001', 'GBHA599'],
    invalid: ['GB98078068', 'GBGD500', 'GBHA499', 'GB98078068X'],
  },
  // Petrobras CNPJ; a CPF written with its usual punctuation
  BR: {
    valid: ['33.000.167/0001-01', '33000167000101', '123.456.789-09'],
    invalid: ['33.000.167/0001', '1234567890', '123.456.789-0X'],
  },
  // EIN
  US: { valid: ['12-3456789', '123456789'], invalid: ['123-45-678', '12-34567890', 'AB-3456789'] },
  // Company NIF (10 digits); individual NIF = identity-card number
  AO: {
    valid: ['5417012345', 'AO5417012345', '004589632LA041'],
    invalid: ['541701234', '54170123456', '004589632L041'],
  },
};

describe('isValidTaxNumber', () => {
  for (const [country, { valid, invalid }] of Object.entries(cases)) {
    it(`accepts real ${country} numbers and refuses malformed ones`, () => {
      for (const value of valid) expect(isValidTaxNumber(country, value), value).toBe(true);
      for (const value of invalid) expect(isValidTaxNumber(country, value), value).toBe(false);
    });
  }

  it('reads the country case-insensitively', () => {
    expect(isValidTaxNumber('pt', '500697256')).toBe(true);
    expect(isValidTaxNumber('pt', '500697257')).toBe(false);
  });

  it('treats a country without a rule, or an empty list, as valid (spec §5)', () => {
    expect(isValidTaxNumber('JP', 'anything at all')).toBe(true);
    expect(isValidTaxNumber('DE', 'not a number', [])).toBe(true);
    // PT's check digit is verified only when PT has a rule in the list used.
    expect(isValidTaxNumber('PT', '500697257', [])).toBe(true);
  });

  it('uses the list it is given', () => {
    const patterns = [{ country: 'DE', pattern: '^X$' }];
    expect(isValidTaxNumber('DE', 'x', patterns)).toBe(true);
    expect(isValidTaxNumber('DE', 'DE136695976', patterns)).toBe(false);
  });

  it('has an anchored, compilable pattern for every EU member state and partner country', () => {
    const countries = TAX_NUMBER_PATTERNS.map((p) => p.country);
    expect(new Set(countries).size).toBe(countries.length);
    for (const country of [...EU_COUNTRIES, 'AO', 'BR', 'MZ', 'CV', 'GB', 'US', 'CH', 'NO']) {
      expect(countries, country).toContain(country);
    }
    for (const { pattern } of TAX_NUMBER_PATTERNS) {
      expect(pattern.startsWith('^') && pattern.endsWith('$'), pattern).toBe(true);
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it('accepts Greek numbers with the VIES prefix EL and Swiss UIDs with their VAT suffix', () => {
    expect(isValidTaxNumber('GR', 'EL094259216')).toBe(true);
    expect(isValidTaxNumber('CH', 'CHE-116.281.710 MWST')).toBe(true);
    expect(isValidTaxNumber('NO', 'NO 923 609 016 MVA')).toBe(true);
  });
});

const PT_PREFIXES = ['1', '2', '3', '5', '6', '8', '9', '45', '70', '71', '72', '74', '75', '77', '78', '79'];
const PT_PREFIXES_ALL = [...PT_PREFIXES, '90', '91', '98', '99'];

function ptCheckDigit(eight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(eight[i]) * (9 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const ptBody = fc
  .tuple(
    fc.constantFrom(...PT_PREFIXES_ALL),
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 7, maxLength: 7 }),
  )
  .map(([prefix, rest]) => (prefix + rest).slice(0, 8));

describe('PT NIF properties', () => {
  it('accepts every 9-digit number with a permitted prefix and the right check digit; any other check digit is refused', () => {
    fc.assert(
      fc.property(ptBody, fc.integer({ min: 1, max: 9 }), fc.boolean(), (eight, shift, prefixed) => {
        const check = ptCheckDigit(eight);
        const nif = `${eight}${check}`;
        expect(isValidTaxNumber('PT', prefixed ? `PT${nif}` : nif)).toBe(true);
        const wrong = `${eight}${(check + shift) % 10}`;
        expect(isValidTaxNumber('PT', wrong)).toBe(false);
      }),
    );
  });

  it('refuses numbers whose first digit (or pair) is not permitted', () => {
    const badStart = fc
      .string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 })
      .filter((eight) => !PT_PREFIXES_ALL.some((p) => eight.startsWith(p)));
    fc.assert(
      fc.property(badStart, (eight) => {
        expect(isValidTaxNumber('PT', `${eight}${ptCheckDigit(eight)}`)).toBe(false);
      }),
    );
  });
});

describe('formatting does not change validity', () => {
  const separators = fc.constantFrom(' ', '.', '-', '/');
  it('for every country, inserting separators or changing case gives the same answer', () => {
    const sample = Object.values(cases).flatMap((c) => [...c.valid, ...c.invalid]);
    fc.assert(
      fc.property(
        fc.constantFrom(...TAX_NUMBER_PATTERNS.map((p) => p.country)),
        fc.constantFrom(...sample),
        fc.array(fc.tuple(fc.nat(), separators), { maxLength: 4 }),
        (country, value, inserts) => {
          let spaced = value;
          for (const [at, sep] of inserts) {
            const i = at % (spaced.length + 1);
            spaced = spaced.slice(0, i) + sep + spaced.slice(i);
          }
          expect(isValidTaxNumber(country, spaced.toLowerCase())).toBe(isValidTaxNumber(country, value));
        },
      ),
    );
  });
});

describe('compact and national forms', () => {
  it('drops separators, then the country prefix', () => {
    expect(compactTaxNumber(' pt 508.332-150 ')).toBe('PT508332150');
    expect(nationalTaxNumber('PT', 'PT 508 332 150')).toBe('508332150');
    expect(nationalTaxNumber('pt', '508332150')).toBe('508332150');
    expect(nationalTaxNumber('GR', 'EL094259216')).toBe('094259216');
    expect(nationalTaxNumber('CH', 'CHE-116.281.710')).toBe('116281710');
    expect(nationalTaxNumber('ES', 'A28015865')).toBe('A28015865');
    expect(nationalTaxNumber('ES', 'ES')).toBe('ES');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languageForCountry } from './languages.ts';
import {
  isAlphanumeric,
  isEmail,
  isNumber,
  isTransactionAmount,
  isValidAoNif,
  isValidPtNif,
} from './validation.ts';

const ALLOWED = [
  '1',
  '2',
  '3',
  '5',
  '6',
  '8',
  '9',
  '45',
  '70',
  '71',
  '72',
  '74',
  '75',
  '77',
  '78',
  '79',
  '90',
  '91',
  '98',
  '99',
];

function withCheckDigit(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return first8 + (check >= 10 ? 0 : check);
}

describe('PT NIF', () => {
  it('accepts real NIFs, with or without the PT prefix', () => {
    expect(isValidPtNif('508332150')).toBe(true);
    expect(isValidPtNif('PT508332150')).toBe(true);
    expect(isValidPtNif('999999990')).toBe(true);
    expect(isValidPtNif('500000000')).toBe(true);
  });
  it('refuses a wrong check digit, a disallowed first digit, wrong lengths', () => {
    expect(isValidPtNif('508332151')).toBe(false);
    expect(isValidPtNif('412345678')).toBe(false);
    expect(isValidPtNif('40000000' + '0')).toBe(false);
    expect(isValidPtNif('50833215')).toBe(false);
    expect(isValidPtNif('5083321500')).toBe(false);
    expect(isValidPtNif('')).toBe(false);
  });
  it('accepts every allowed prefix with a correct check digit and refuses any other check digit', () => {
    const nif = fc
      .tuple(fc.constantFrom(...ALLOWED), fc.stringMatching(/^\d{8}$/))
      .map(([prefix, digits]) => withCheckDigit((prefix + digits).slice(0, 8)));
    fc.assert(
      fc.property(nif, fc.integer({ min: 1, max: 9 }), (valid, shift) => {
        expect(isValidPtNif(valid)).toBe(true);
        const wrong = valid.slice(0, 8) + ((Number(valid[8]) + shift) % 10);
        // Check digit 0 stands for results 10 and 11, so only a different digit is always wrong.
        expect(isValidPtNif(wrong)).toBe(false);
      }),
    );
  });
});

describe('AO NIF', () => {
  it('accepts company and personal formats', () => {
    expect(isValidAoNif('5417012345')).toBe(true);
    expect(isValidAoNif('004567890LA041')).toBe(true);
    expect(isValidAoNif('12345')).toBe(false);
  });
});

describe('input rules (spec §5)', () => {
  it('e-mail has no spaces and the form local@domain', () => {
    expect(isEmail('ana@fluxo.pt')).toBe(true);
    expect(isEmail('ana @fluxo.pt')).toBe(false);
    expect(isEmail('ana@fluxo')).toBe(false);
  });
  it('alphanumeric is letters and digits only', () => {
    expect(isAlphanumeric('Lisboa2026')).toBe(true);
    expect(isAlphanumeric('São')).toBe(true);
    expect(isAlphanumeric('a b')).toBe(false);
  });
  it('number: optional minus, digits, optional decimals; amount at most 2 decimals', () => {
    expect(isNumber('-12.345')).toBe(true);
    expect(isNumber('12.')).toBe(false);
    expect(isTransactionAmount('-10.25')).toBe(true);
    expect(isTransactionAmount('10.255')).toBe(false);
    expect(isTransactionAmount('10')).toBe(true);
  });
});

describe('language from country', () => {
  it('maps Lusophone countries to pt, es and fr to themselves, the rest to gb', () => {
    for (const c of ['ao', 'BR', 'cv', 'gw', 'mz', 'pt', 'st', 'tl'])
      expect(languageForCountry(c)).toBe('pt');
    expect(languageForCountry('es')).toBe('es');
    expect(languageForCountry('FR')).toBe('fr');
    expect(languageForCountry('de')).toBe('gb');
    expect(languageForCountry(undefined)).toBe('gb');
  });
});

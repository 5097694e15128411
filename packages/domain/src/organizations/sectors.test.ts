import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { ECONOMIC_SECTORS, foldForSearch, isSectorCode, searchSectors } from './sectors.ts';

describe('economic sectors (NACE Rev. 2 sections)', () => {
  it('has the 21 sections A to U, each named in every language, with ordered division ranges', () => {
    expect(ECONOMIC_SECTORS.map((s) => s.code).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
    let previous = 0;
    for (const sector of ECONOMIC_SECTORS) {
      for (const language of LANGUAGES) expect(sector.names[language].length, sector.code).toBeGreaterThan(3);
      const from = Number(sector.divisions.from);
      const to = Number(sector.divisions.to);
      expect(from).toBeGreaterThan(previous);
      expect(to).toBeGreaterThanOrEqual(from);
      previous = to;
    }
    expect(previous).toBe(99);
  });

  it('folds case and accents', () => {
    expect(foldForSearch('  Educação ')).toBe('educacao');
    expect(foldForSearch('HÉBERGEMENT')).toBe('hebergement');
  });

  it('searches codes and names in any language', () => {
    expect(searchSectors('').length).toBe(21);
    expect(searchSectors(undefined).length).toBe(21);
    expect(searchSectors('g').map((s) => s.code)).toContain('G');
    expect(searchSectors('immobili').map((s) => s.code)).toEqual(['L']);
    expect(searchSectors('imobiliarias').map((s) => s.code)).toEqual(['L']);
    expect(searchSectors('Hostelería').map((s) => s.code)).toEqual(['I']);
  });

  it('recognises section codes in any case', () => {
    expect(isSectorCode('j')).toBe(true);
    expect(isSectorCode('V')).toBe(false);
    expect(isSectorCode('62')).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atcudOf, documentNumberOf, isValidSeriesId, isValidSeriesValidationCode } from './series.ts';

describe('series', () => {
  it('accepts identifiers the AT accepts and refuses the others', () => {
    for (const id of ['2026', 'A', 'FT2026-A', 'loja.1_b', 'X'.repeat(35)])
      expect(isValidSeriesId(id)).toBe(true);
    for (const id of ['', '-A', 'A-', 'A--B', 'A._B', 'A B', 'Ç1', 'X'.repeat(36), 'A/1'])
      expect(isValidSeriesId(id)).toBe(false);
  });

  it('never accepts a separator at an end or twice in a row', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('A', '1', '.', '_', '-'), maxLength: 40 }), (id) => {
        if (!isValidSeriesId(id)) return;
        expect(id).not.toMatch(/^[._-]|[._-]$|[._-]{2}/);
        expect(id.length).toBeLessThanOrEqual(35);
      }),
    );
  });

  it('writes ATCUD and the document number', () => {
    expect(atcudOf('CSDF7T5H', 35)).toBe('CSDF7T5H-35');
    expect(documentNumberOf('FT', '2026A', 15)).toBe('FT 2026A/15');
    expect(() => atcudOf('CSDF7T5H', 0)).toThrow(RangeError);
    expect(isValidSeriesValidationCode('CSDF7T5H')).toBe(true);
    expect(isValidSeriesValidationCode('abc')).toBe(false);
  });
});

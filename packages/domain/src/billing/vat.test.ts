import { describe, expect, it } from 'vitest';
import { vatRateOf } from './vat.ts';

describe('VAT rates by region, code and date', () => {
  it('gives the mainland, Azores, Madeira and Angola rates', () => {
    expect(['NOR', 'INT', 'RED'].map((code) => vatRateOf('PT', code as 'NOR', '2026-01-01'))).toEqual([
      2300, 1300, 600,
    ]);
    expect(['NOR', 'INT', 'RED'].map((code) => vatRateOf('PT-AC', code as 'NOR', '2026-01-01'))).toEqual([
      1600, 900, 400,
    ]);
    expect(vatRateOf('AO', 'NOR', '2026-01-01')).toBe(1400);
    expect(vatRateOf('AO', 'INT', '2026-01-01')).toBeNull();
  });

  it('follows a change of rate on its day', () => {
    expect(vatRateOf('PT-MA', 'RED', '2024-09-30')).toBe(500);
    expect(vatRateOf('PT-MA', 'RED', '2024-10-01')).toBe(400);
  });

  it('exempt is always 0', () => {
    expect(vatRateOf('PT', 'ISE', '2026-01-01')).toBe(0);
  });
});

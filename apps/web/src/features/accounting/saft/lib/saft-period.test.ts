import { describe, expect, it } from 'vitest';
import { monthPeriod, periodError, yearPeriod } from './saft-period.ts';

describe('SAF-T period', () => {
  it('opens on the previous month, across a year and on leap days', () => {
    expect(monthPeriod('2026-11-25', -1)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthPeriod('2026-01-10', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthPeriod('2024-03-01', -1)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthPeriod('2026-11-25', 0)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('offers the previous calendar year for an annual accounting file', () => {
    expect(yearPeriod('2026-11-25', -1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(yearPeriod('2026-01-01', 0)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('names what is wrong with a period', () => {
    expect(periodError({ from: '2026-10-01', to: '2026-10-31' })).toBeNull();
    expect(periodError({ from: '', to: '2026-10-31' })).toBe('ACCOUNTING.SAFT.PERIOD_REQUIRED');
    expect(periodError({ from: '2026-10-31', to: '2026-10-01' })).toBe('ACCOUNTING.SAFT.PERIOD_ORDER');
    expect(periodError({ from: '2025-12-01', to: '2026-01-31' })).toBe('ACCOUNTING.SAFT.PERIOD_YEAR');
  });
});

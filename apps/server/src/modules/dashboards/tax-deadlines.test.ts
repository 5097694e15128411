import { describe, expect, it } from 'vitest';
import { nextVatDeadlines } from './tax-deadlines.ts';

describe('nextVatDeadlines', () => {
  it('PT monthly: the 20th and 25th of the second month after the period', () => {
    expect(nextVatDeadlines('PT', 'monthly', '2026-11-28')).toEqual([
      { kind: 'vatReturn', period: '2026-10', due: '2026-12-20' },
      { kind: 'vatPayment', period: '2026-10', due: '2026-12-25' },
      { kind: 'vatReturn', period: '2026-11', due: '2027-01-20' },
      { kind: 'vatPayment', period: '2026-11', due: '2027-01-25' },
    ]);
  });

  it('PT quarterly: the second month after the quarter, a deadline due today included', () => {
    expect(nextVatDeadlines('PT', 'quarterly', '2026-11-20', 3)).toEqual([
      { kind: 'vatReturn', period: '2026-Q3', due: '2026-11-20' },
      { kind: 'vatPayment', period: '2026-Q3', due: '2026-11-25' },
      { kind: 'vatReturn', period: '2026-Q4', due: '2027-02-20' },
    ]);
  });

  it('AO: monthly, by the last day of the following month', () => {
    expect(nextVatDeadlines('AO', 'monthly', '2027-02-01', 2)).toEqual([
      { kind: 'vatReturn', period: '2027-01', due: '2027-02-28' },
      { kind: 'vatPayment', period: '2027-01', due: '2027-02-28' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { monthPeriod, periodProblem, searchOf, viewOf, yearPeriod } from './statement-period.ts';

describe('statement periods and views', () => {
  it('gives years and months', () => {
    expect(yearPeriod('2026-03-10', -1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(monthPeriod('2026-01-10', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthPeriod('2024-02-10', 0)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('names what is wrong with a period', () => {
    expect(periodProblem({ from: '2025-01-01', to: '2025-12-31' })).toBeNull();
    expect(periodProblem({ from: '2025-12-31', to: '2025-01-01' })).toBe(
      'ACCOUNTING.STATEMENTS.PERIOD_ORDER',
    );
    expect(periodProblem({ from: '', to: '2025-01-01' })).toBe('ACCOUNTING.STATEMENTS.PERIOD_REQUIRED');
  });

  it('reads and writes the view in the URL, the trial balance of this year by default', () => {
    expect(viewOf(new URLSearchParams('tab=statements&statement=nonsense'), '2026-05-01')).toEqual({
      statement: 'trial-balance',
      period: { from: '2026-01-01', to: '2026-12-31' },
      account: '',
    });
    const view = {
      statement: 'general-ledger' as const,
      period: yearPeriod('2025-01-01', 0),
      account: '211',
    };
    expect(viewOf(searchOf(view), '2026-05-01')).toEqual(view);
    expect(searchOf(view).get('tab')).toBe('statements');
  });
});

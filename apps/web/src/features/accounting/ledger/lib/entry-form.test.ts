import { describe, expect, it } from 'vitest';
import { entryBody, entryTotals, type LineValues } from './entry-form.ts';

const line = (accountCode: string, debit: string, credit: string): LineValues => ({
  key: accountCode,
  accountCode,
  debit,
  credit,
  description: '',
});

describe('manual entry form', () => {
  it('keeps the running difference in minor units, whatever the decimal mark', () => {
    expect(entryTotals([line('11', '12,50', ''), line('12', '', '10.25')], 2)).toEqual({
      debit: 1250,
      credit: 1025,
      difference: 225,
    });
  });

  it('refuses an unbalanced entry and a line with both or neither side', () => {
    const values = { journalId: 'j', date: '2026-03-01', description: 'x' };
    expect(entryBody({ ...values, lines: [line('11', '10', ''), line('12', '', '9,99')] }, 2).errors).toEqual(
      {
        balance: 'ERRORS.ENTRY_UNBALANCED',
      },
    );
    expect(
      entryBody({ ...values, lines: [line('11', '10', '10'), line('12', '', '')] }, 2).errors?.[
        'lines.0.debit'
      ],
    ).toBe('ACCOUNTING.LEDGER.FORM.DEBIT_OR_CREDIT');
    expect(entryBody({ ...values, lines: [line('11', '10', ''), line('12', '', '10')] }, 2).body).toEqual({
      ...values,
      lines: [
        { accountCode: '11', debit: 1000, credit: 0 },
        { accountCode: '12', debit: 0, credit: 1000 },
      ],
    });
  });
});

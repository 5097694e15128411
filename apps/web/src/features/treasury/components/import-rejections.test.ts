import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import { rejectionsOf } from './import-rejections.tsx';

describe('rejectionsOf', () => {
  it('reads the refused lines of a 422 STATEMENT_REJECTED', () => {
    const error = new ApiError(422, {
      code: 'STATEMENT_REJECTED',
      messageKey: 'ERRORS.STATEMENT_REJECTED',
      message: 'The statement was refused: 2 problems. Nothing was imported.',
      details: [
        {
          path: 'line 14',
          messageKey: 'TREASURY.IMPORT.REJECT.INVALID_AMOUNT',
          message: 'Not an amount: "12,3,4".',
        },
        { path: 'file', messageKey: 'TREASURY.IMPORT.REJECT.ACCOUNT_MISMATCH', message: 'Another IBAN.' },
      ],
    });
    expect(rejectionsOf(error)).toEqual([
      { line: 14, code: 'INVALID_AMOUNT', message: 'Not an amount: "12,3,4".' },
      { line: null, code: 'ACCOUNT_MISMATCH', message: 'Another IBAN.' },
    ]);
  });

  it('is empty for any other failure', () => {
    expect(
      rejectionsOf(new ApiError(400, { code: 'VALIDATION_FAILED', messageKey: 'x', message: 'x' })),
    ).toEqual([]);
    expect(rejectionsOf(new Error('boom'))).toEqual([]);
    expect(rejectionsOf(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationIssueKey } from './errors.ts';

function keyOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return validationIssueKey(result.error.issues[0] as { code: string; format?: string });
}

describe('validationIssueKey', () => {
  it('names each kind of zod issue with the VALIDATION key the web app translates', () => {
    expect(keyOf(z.string(), 1)).toBe('VALIDATION.INVALID_TYPE');
    expect(keyOf(z.email(), 'not-an-email')).toBe('VALIDATION.EMAIL');
    expect(keyOf(z.string().min(3), 'ab')).toBe('VALIDATION.TOO_SMALL');
    expect(keyOf(z.string().max(2), 'abc')).toBe('VALIDATION.TOO_BIG');
    expect(keyOf(z.literal('x'), 'y')).toBe('VALIDATION.INVALID_VALUE');
    expect(keyOf(z.strictObject({}), { extra: 1 })).toBe('VALIDATION.UNKNOWN_FIELD');
    expect(keyOf(z.string().regex(/^a$/), 'b')).toBe('VALIDATION.INVALID');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-jitless.ts';

describe('zod without evaluated code (CSP)', () => {
  it('is jitless once the module loaded, and object schemas still validate', () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1), amount: z.int() });
    expect(schema.safeParse({ name: 'Rita', amount: 12 }).success).toBe(true);
    expect(schema.safeParse({ name: '', amount: 1.5 }).error?.issues.map((issue) => issue.path[0])).toEqual([
      'name',
      'amount',
    ]);
  });
});

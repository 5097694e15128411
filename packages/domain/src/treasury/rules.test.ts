import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleCondition } from './model.ts';
import {
  conditionHolds,
  normaliseRuleText,
  type RuleSubject,
  ruleMatches,
  splitAmount,
  winningActions,
} from './rules.ts';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const subject = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  accountId: ACCOUNT,
  amount: -4599,
  description: 'TRF SEGURANÇA SOCIAL  Contribuições',
  counterpartyName: 'Instituto da Segurança Social, I.P.',
  counterpartyIban: 'PT50 0781 0112 0000 0006 5237 3',
  ...overrides,
});

describe('rule conditions', () => {
  it('compares text without case or accents', () => {
    const s = subject();
    expect(conditionHolds({ field: 'description', operator: 'contains', value: 'seguranca social' }, s)).toBe(
      true,
    );
    expect(conditionHolds({ field: 'description', operator: 'startsWith', value: 'Trf Segur' }, s)).toBe(
      true,
    );
    expect(conditionHolds({ field: 'description', operator: 'equals', value: 'trf seguranca' }, s)).toBe(
      false,
    );
    expect(
      conditionHolds(
        { field: 'description', operator: 'equals', value: 'TRF segurança social contribuicoes' },
        s,
      ),
    ).toBe(true);
    expect(conditionHolds({ field: 'counterparty', operator: 'contains', value: 'INSTITUTO' }, s)).toBe(true);
    expect(conditionHolds({ field: 'iban', operator: 'startsWith', value: 'pt500781' }, s)).toBe(true);
    expect(conditionHolds({ field: 'iban', operator: 'equals', value: 'PT50078101120000000652373' }, s)).toBe(
      true,
    );
    expect(
      conditionHolds(
        { field: 'counterparty', operator: 'contains', value: 'x' },
        subject({ counterpartyName: null }),
      ),
    ).toBe(false);
  });

  it('compares amounts in minor units, bounds included', () => {
    const s = subject({ amount: -4599 });
    expect(conditionHolds({ field: 'amount', operator: 'equals', value: -4599 }, s)).toBe(true);
    expect(conditionHolds({ field: 'amount', operator: 'lte', value: -4599 }, s)).toBe(true);
    expect(conditionHolds({ field: 'amount', operator: 'gte', value: -4598 }, s)).toBe(false);
    expect(conditionHolds({ field: 'amount', operator: 'between', value: -5000, to: -4599 }, s)).toBe(true);
    expect(conditionHolds({ field: 'amount', operator: 'between', value: -5000 }, s)).toBe(false);
  });

  it('requires every condition', () => {
    const text: RuleCondition = { field: 'description', operator: 'contains', value: 'social' };
    const other: RuleCondition = { field: 'account', operator: 'equals', value: ACCOUNT.replace('1', '2') };
    expect(ruleMatches([text], subject())).toBe(true);
    expect(ruleMatches([text, other], subject())).toBe(false);
    expect(ruleMatches([], subject())).toBe(false);
  });

  it('a text condition matches exactly when the normalised value is part of the normalised text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (a, b, c) => {
          const description = `${a}${b}${c}`;
          const value = b.trim();
          fc.pre(normaliseRuleText(value) !== '');
          const holds = conditionHolds(
            { field: 'description', operator: 'contains', value },
            subject({ description }),
          );
          expect(holds).toBe(normaliseRuleText(description).includes(normaliseRuleText(value)));
        },
      ),
    );
  });

  it('gives each action field to the first matching rule that sets it', () => {
    const any: RuleCondition[] = [{ field: 'amount', operator: 'lte', value: 0 }];
    const none: RuleCondition[] = [{ field: 'amount', operator: 'gte', value: 0 }];
    const rules = [
      { id: 'skipped', conditions: none, actions: { categoryId: 'c0' } },
      { id: 'first', conditions: any, actions: { categoryId: 'c1' } },
      { id: 'second', conditions: any, actions: { categoryId: 'c2', merchantId: 'm2' } },
    ];
    const winners = winningActions(rules, subject());
    expect(winners.categoryId?.id).toBe('first');
    expect(winners.merchantId?.id).toBe('second');
    expect(winners.notes).toBeUndefined();
  });
});

describe('rule splits', () => {
  it('always sums exactly to the movement, the last part taking the remainder', () => {
    const shares = fc
      .array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 19 })
      .filter((points) => points.reduce((a, b) => a + b, 0) < 10_000)
      .map((points) => [...points, 10_000 - points.reduce((a, b) => a + b, 0)]);
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        shares,
        (amount, points) => {
          const parts = splitAmount(amount, points);
          if (parts === null) {
            // Only refused when some part would be zero.
            expect(points.slice(0, -1).some((p) => Math.abs(amount) * p < 10_000)).toBe(true);
            return;
          }
          expect(parts).toHaveLength(points.length);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          for (const [index, part] of parts.entries()) {
            expect(Number.isSafeInteger(part)).toBe(true);
            expect(Math.sign(part)).toBe(Math.sign(amount));
            if (index < parts.length - 1)
              expect(BigInt(part)).toBe((BigInt(amount) * BigInt(points[index] as number)) / 10_000n);
          }
        },
      ),
    );
  });

  it('splits 100.01 € 30/70 as 30.00 and 70.01', () => {
    expect(splitAmount(10_001, [3000, 7000])).toEqual([3000, 7001]);
    expect(splitAmount(-10_001, [3000, 7000])).toEqual([-3000, -7001]);
    expect(splitAmount(1, [5000, 5000])).toBeNull();
  });
});

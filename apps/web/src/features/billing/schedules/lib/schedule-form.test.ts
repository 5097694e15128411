import { describe, expect, it } from 'vitest';
import { bodyOf, emptyForm, formatScaled, parseScaled, ruleOf } from './schedule-form.ts';

describe('schedule form', () => {
  it('reads typed prices and quantities without floats', () => {
    expect(parseScaled('15', 4)).toBe(150_000);
    expect(parseScaled('15,5', 4)).toBe(155_000);
    expect(parseScaled('0.1', 4)).toBe(1_000);
    expect(parseScaled('1.234,56', 4)).toBe(12_345_600);
    expect(parseScaled('1,234.5678', 4)).toBe(12_345_678);
    expect(parseScaled('1.234', 3)).toBe(1_234);
    expect(parseScaled('2', 3)).toBe(2_000);
    expect(parseScaled('1,23456', 4)).toBeNull();
    expect(parseScaled('abc', 4)).toBeNull();
    expect(parseScaled('-5', 4)).toBeNull();
    expect(formatScaled(155_000, 4)).toBe('15,5');
    expect(formatScaled(2_000, 3)).toBe('2');
    expect(formatScaled(5, 4)).toBe('0,0005');
  });

  it('builds the preset rule from the start date, and the body', () => {
    const form = { ...emptyForm('2027-01-31'), name: 'Avença', partyId: 'p', seriesId: 's' };
    expect(ruleOf(form)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(ruleOf({ ...form, frequency: 'custom', customRule: ' FREQ=WEEKLY ' })).toBe('FREQ=WEEKLY');
    const missing = bodyOf(form);
    expect(missing.errors).toEqual({ 'lines.0.productId': 'VALIDATION.REQUIRED' });
    const line = { ...form.lines[0]!, productId: 'x', unitPrice: '49,90' };
    const done = bodyOf({ ...form, lines: [line] });
    expect(done.body?.template.lines).toEqual([{ productId: 'x', quantity: 1000, unitPrice: 499_000 }]);
  });
});

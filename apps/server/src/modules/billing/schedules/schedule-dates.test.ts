import { frequencyOf, presetRule } from '@fluxo/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRule,
  nextOccurrence,
  normalizeRule,
  occurrences,
  startOfDateIn,
  timeZoneOfCountry,
  todayIn,
} from './schedule-dates.ts';

describe('schedule dates', () => {
  it('bills a monthly preset started on the 31st on the last day of shorter months', () => {
    const rrule = presetRule('monthly', '2026-01-31');
    expect(rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(occurrences({ rrule, startDate: '2026-01-31' }, '2026-01-31', 6)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    // A leap year's February ends on the 29th.
    expect(occurrences({ rrule, startDate: '2028-01-31' }, '2028-02-01', 1)).toEqual(['2028-02-29']);
    // Started on the 30th: the 30th, or February's last day.
    const thirtieth = presetRule('monthly', '2026-01-30');
    expect(occurrences({ rrule: thirtieth, startDate: '2026-01-30' }, '2026-01-30', 3)).toEqual([
      '2026-01-30',
      '2026-02-28',
      '2026-03-30',
    ]);
  });

  it('takes a custom rule as RFC 5545 writes it: BYMONTHDAY=31 skips months without one', () => {
    expect(
      occurrences({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', startDate: '2026-01-31' }, '2026-01-31', 3),
    ).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });

  it('gives quarterly and yearly presets, and recognizes them back', () => {
    const quarterly = presetRule('quarterly', '2026-01-15');
    expect(occurrences({ rrule: quarterly, startDate: '2026-01-15' }, '2026-01-01', 4)).toEqual([
      '2026-01-15',
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
    ]);
    const yearly = presetRule('yearly', '2028-02-29');
    expect(occurrences({ rrule: yearly, startDate: '2028-02-29' }, '2028-02-29', 3)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
    expect(frequencyOf(quarterly, '2026-01-15')).toBe('quarterly');
    expect(frequencyOf(yearly, '2028-02-29')).toBe('yearly');
    expect(frequencyOf('FREQ=WEEKLY;BYDAY=MO', '2026-01-15')).toBe('custom');
  });

  it('stops at the end date and at COUNT', () => {
    const schedule = { rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', startDate: '2026-01-01', endDate: '2026-03-15' };
    expect(occurrences(schedule, '2026-01-01', 12)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(nextOccurrence(schedule, '2026-03-02')).toBeNull();
    expect(occurrences({ rrule: 'FREQ=YEARLY;COUNT=2', startDate: '2026-05-10' }, '2020-01-01', 5)).toEqual([
      '2026-05-10',
      '2027-05-10',
    ]);
  });

  it('refuses bad rules with SCHEDULE_RULE_INVALID', () => {
    for (const bad of [
      '',
      'FREQ=HOURLY',
      'FREQ=SECONDLY',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'FREQ=MONTHLY;FOO=1',
      'BYMONTHDAY=1',
      'FREQ=MONTHLY;FREQ=YEARLY',
      'FREQ=MONTHLY;UNTIL=20260101',
      'FREQ=MONTHLY;DTSTART=20260101',
      'FREQ=MONTHLY;BYMONTHDAY',
      'hello',
    ])
      expect(() => normalizeRule(bad), bad).toThrowError(
        expect.objectContaining({ code: 'SCHEDULE_RULE_INVALID' }),
      );
    // Valid, but no date before the end.
    expect(() =>
      checkRule({ rrule: 'FREQ=YEARLY;BYMONTH=12', startDate: '2026-01-01', endDate: '2026-06-30' }),
    ).toThrowError(expect.objectContaining({ code: 'SCHEDULE_RULE_INVALID' }));
    expect(checkRule({ rrule: 'rrule:freq=monthly;bymonthday=1', startDate: '2026-01-01' })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1',
    );
  });

  it("reads today in the organization's time zone", () => {
    // 23:30 UTC on 31 March 2026: already 1 April in Lisbon (summer time) and in Luanda.
    const lateMarch = new Date('2026-03-31T23:30:00Z');
    expect(todayIn(timeZoneOfCountry('PT'), lateMarch)).toBe('2026-04-01');
    expect(todayIn(timeZoneOfCountry('AO'), lateMarch)).toBe('2026-04-01');
    // 23:30 UTC on 31 January: still 31 January in Lisbon (UTC+0), 1 February in Luanda (UTC+1).
    const lateJanuary = new Date('2026-01-31T23:30:00Z');
    expect(todayIn(timeZoneOfCountry('PT'), lateJanuary)).toBe('2026-01-31');
    expect(todayIn(timeZoneOfCountry('AO'), lateJanuary)).toBe('2026-02-01');
  });

  it('finds the instant a date begins in a time zone', () => {
    expect(startOfDateIn('2026-07-01', 'Europe/Lisbon').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDateIn('2026-01-01', 'Europe/Lisbon').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfDateIn('2026-01-01', 'Africa/Luanda').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    // The day summer time starts in Lisbon (29 March 2026) still begins at 00:00 UTC.
    expect(startOfDateIn('2026-03-29', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it('bills a preset on its start day or the last day of a shorter month, one period apart (property)', () => {
    const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom('monthly', 'quarterly', 'yearly') as fc.Arbitrary<'monthly' | 'quarterly' | 'yearly'>,
        (year, month, wantedDay, frequency) => {
          const day = Math.min(wantedDay, lastDay(year, month));
          const startDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const dates = occurrences({ rrule: presetRule(frequency, startDate), startDate }, startDate, 13);
          const step = { monthly: 1, quarterly: 3, yearly: 12 }[frequency];
          expect(dates[0]).toBe(startDate);
          dates.forEach((date, index) => {
            const months = month - 1 + index * step;
            const y = year + Math.floor(months / 12);
            const m = (months % 12) + 1;
            // For a 29 February start the yearly preset keeps to February's last day.
            const expected = Math.min(day, lastDay(y, m));
            expect(date).toBe(`${y}-${String(m).padStart(2, '0')}-${String(expected).padStart(2, '0')}`);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

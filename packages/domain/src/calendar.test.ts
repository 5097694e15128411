import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localIsoDate } from './calendar.ts';

describe('calendar dates', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('adding then removing the same days gives the date back', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -5000, max: 5000 }),
        (date, days) => {
          const iso = date.toISOString().slice(0, 10);
          expect(addDays(addDays(iso, days), -days)).toBe(iso);
        },
      ),
    );
  });

  it("writes the device's own calendar day", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

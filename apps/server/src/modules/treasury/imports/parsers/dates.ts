import type { ColumnMapping } from '@fluxo/domain';

// Calendar dates as YYYY-MM-DD, checked to exist (no 31 February) and to be plausible for a statement.

const MIN_YEAR = 1970;
const MAX_YEAR = 2100;

/** YYYY-MM-DD when year, month and day make a real date in the accepted range; else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "2026-03-31" or "2026-03-31T10:00:00+01:00" (the calendar date as written). */
export function parseIsoDateText(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** "20260331" or "20260331120000.000[-5:EST]" (OFX) → the date part. */
export function parseCompactDate(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** A date typed in one of the CSV formats of the mapping; two-digit years are 20YY. */
export function parseDateWithFormat(text: string, format: ColumnMapping['dateFormat']): string | null {
  const value = text.trim().replace(/\s.*$/, '');
  if (format === 'YYYY-MM-DD') {
    const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
    return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  }
  const separator = format === 'DD-MM-YYYY' ? '-' : format === 'DD.MM.YYYY' ? '.' : '/';
  const parts = value.split(separator);
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  const [first, second, third] = parts.map(Number) as [number, number, number];
  const year = parts[2]?.length === 2 ? 2000 + third : third;
  if (parts[2]?.length !== 2 && parts[2]?.length !== 4) return null;
  return format === 'MM/DD/YYYY' ? isoDate(year, first, second) : isoDate(year, second, first);
}

/** An Excel serial day number (1900 date system) → YYYY-MM-DD. */
export function excelSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1) return null;
  const days = Math.floor(serial);
  // Day 1 is 1900-01-01 and Excel counts a 29 February 1900 that never was: from day 61 on, subtract it.
  const epoch = Date.UTC(1899, 11, days >= 61 ? 30 : 31);
  const date = new Date(epoch + days * 86_400_000);
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** A JavaScript Date read from a spreadsheet (exceljs gives dates at UTC midnight). */
export function dateFromJs(value: Date): string | null {
  if (Number.isNaN(value.getTime())) return null;
  return isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
}

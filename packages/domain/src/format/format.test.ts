import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyFlag } from './currency-flags.ts';
import { formatFileSize } from './file-size.ts';
import { canPreviewFile, fileIcon } from './files.ts';
import { initials, randomId } from './ids.ts';
import { formatRelativeTime } from './relative-time.ts';

describe('file sizes', () => {
  it('uses base 1024 and 2 decimals by default, up to YB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_234_567)).toBe('1.18 MB');
    expect(formatFileSize(1_234_567, 0)).toBe('1 MB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
  });
});

describe('relative time', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('picks years (365 d), months (30 d), days, hours, minutes, seconds', () => {
    expect(formatRelativeTime(new Date('2025-06-15T12:00:00Z'), 'en', now)).toBe('last year');
    expect(formatRelativeTime(new Date('2026-04-16T12:00:00Z'), 'en', now)).toBe('2 months ago');
    expect(formatRelativeTime(new Date('2026-06-12T12:00:00Z'), 'en', now)).toBe('3 days ago');
    expect(formatRelativeTime(new Date('2026-06-15T14:00:00Z'), 'en', now)).toBe('in 2 hours');
    expect(formatRelativeTime(new Date('2026-06-15T11:55:00Z'), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date('2026-06-15T11:59:30Z'), 'en', now)).toBe('30 seconds ago');
  });
  it('speaks pt, fr, es and de', () => {
    const then = new Date('2026-06-12T12:00:00Z');
    expect(formatRelativeTime(then, 'pt', now)).toBe('há 3 dias');
    expect(formatRelativeTime(then, 'fr', now)).toBe('il y a 3 jours');
    expect(formatRelativeTime(then, 'es', now)).toBe('hace 3 días');
    expect(formatRelativeTime(then, 'de', now)).toBe('vor 3 Tagen');
  });
});

describe('currency flags', () => {
  it('maps currencies to flags and unknown ones to xx', () => {
    expect(currencyFlag('EUR')).toBe('eu');
    expect(currencyFlag('aoa')).toBe('ao');
    expect(currencyFlag('XYZ')).toBe('xx');
    expect(currencyFlag(undefined)).toBe('xx');
  });
});

describe('random ids and initials', () => {
  it('makes ids of letters and digits, 6 long by default', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9]{6}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        (n) => /^[A-Za-z0-9]+$/.test(randomId(n)) && randomId(n).length === n,
      ),
    );
  });
  it('takes the initials of the first two words by default', () => {
    expect(initials('Ana Maria Silva')).toBe('AM');
    expect(initials('ana maria silva', 3)).toBe('AMS');
    expect(initials('  Édouard  ')).toBe('É');
    expect(initials('')).toBe('');
  });
});

describe('files', () => {
  it('previews pdf and images only, whatever the case', () => {
    for (const name of ['a.pdf', 'b.PNG', 'c.jpeg', 'd.jpg', 'e.gif'])
      expect(canPreviewFile(name)).toBe(true);
    for (const name of ['a.docx', 'b.xlsx', 'c', 'd.webp']) expect(canPreviewFile(name)).toBe(false);
  });
  it('picks icons for docx, pdf, xlsx and images', () => {
    expect(fileIcon('report.docx')).toBe('docx');
    expect(fileIcon('invoice.PDF')).toBe('pdf');
    expect(fileIcon('budget.xlsx')).toBe('xlsx');
    expect(fileIcon('photo.jpg')).toBe('image');
    expect(fileIcon('archive.zip')).toBe('file');
  });
});

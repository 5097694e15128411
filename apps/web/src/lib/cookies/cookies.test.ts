import { describe, expect, it } from 'vitest';
import { campaignCookiesOf, cookieExpiry, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('live 7 days by default and about a year when not short-lived', () => {
    expect(cookieExpiry(now).toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(cookieExpiry(now, { shortLived: true }).toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(cookieExpiry(now, { shortLived: false }).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('are written for the whole site, encoded', () => {
    expect(serializeCookie('utm_source', 'a b', cookieExpiry(now), true)).toBe(
      'utm_source=a%20b; expires=Thu, 08 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax; Secure',
    );
  });

  it('keep coupon, plan, profile and every utm_* parameter, nothing else', () => {
    expect(
      campaignCookiesOf(
        '?coupon=SPRING&plan=premium&profile=2&utm_source=news&utm_custom_x=1&ref=x&utm_medium=',
      ),
    ).toEqual([
      ['coupon', 'SPRING'],
      ['plan', 'premium'],
      ['profile', '2'],
      ['utm_source', 'news'],
      ['utm_custom_x', '1'],
    ]);
  });
});

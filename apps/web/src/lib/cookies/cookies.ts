/** Spec §9: a cookie lives 7 days, or about a year when it is not short-lived. */
export const SHORT_COOKIE_DAYS = 7;
export const LONG_COOKIE_DAYS = 365;
const DAY_MS = 86_400_000;

/** Spec §2: the cookie banner is shown until this cookie is set. */
export const CONSENT_COOKIE = 'cookies_consent';
/** Spec §9: campaign parameters kept from the address, so a later sign-up can use them. */
export const CAMPAIGN_PARAMS = ['coupon', 'plan', 'profile'] as const;
/** The cookie holding the analytics visitor id, set when the configuration has an analytics key. */
export const ANALYTICS_COOKIE = 'analytics_id';

export interface CookieOptions {
  /** Short-lived cookies last 7 days (the default); the others about a year. */
  shortLived?: boolean;
}

/** The expiry of a cookie written at `now`. */
export function cookieExpiry(now: Date, { shortLived = true }: CookieOptions = {}): Date {
  return new Date(now.getTime() + (shortLived ? SHORT_COOKIE_DAYS : LONG_COOKIE_DAYS) * DAY_MS);
}

/** The `document.cookie` text that writes a cookie. */
export function serializeCookie(name: string, value: string, expires: Date, secure: boolean): string {
  return [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `expires=${expires.toUTCString()}`,
    'path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setCookie(name: string, value: string, options: CookieOptions = {}, now = new Date()): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari; the value is built and encoded by serializeCookie.
  document.cookie = serializeCookie(name, value, cookieExpiry(now, options), location.protocol === 'https:');
}

export function getCookie(name: string): string | null {
  const wanted = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(wanted)) return decodeURIComponent(part.slice(wanted.length));
  }
  return null;
}

/** The campaign cookies an address carries: coupon, plan, profile and every utm_* parameter. */
export function campaignCookiesOf(search: string): [name: string, value: string][] {
  const found: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    const isCampaign =
      (CAMPAIGN_PARAMS as readonly string[]).includes(name) || /^utm_[a-z0-9_]+$/i.test(name);
    if (isCampaign && value.trim()) found.push([name, value.trim().slice(0, 200)]);
  }
  return found;
}

/** Keeps the address's campaign parameters as short-lived (7-day) cookies. */
export function storeCampaignCookies(search: string = location.search): void {
  for (const [name, value] of campaignCookiesOf(search)) setCookie(name, value, { shortLived: true });
}

/** The visitor id for analytics, kept about a year; only when an analytics key is configured. */
export function ensureAnalyticsCookie(analyticsKey: string | null | undefined, newId: () => string): void {
  if (!analyticsKey || getCookie(ANALYTICS_COOKIE)) return;
  setCookie(ANALYTICS_COOKIE, newId(), { shortLived: false });
}

import { describe, expect, it } from 'vitest';
import {
  deviceRedirect,
  isSubscriptionLocked,
  landingTarget,
  maintenanceRedirect,
  subscriptionRedirect,
  treasuryRedirect,
} from './routing-rules.ts';

const at = (url: string) => {
  const [pathname = '/', query] = url.split('?');
  return { pathname, search: query ? `?${query}` : '' };
};

describe('device redirect (spec §2)', () => {
  it('sends a phone to the /m twin when signed in, to /m/auth when not', () => {
    expect(deviceRedirect(at('/treasury/wallets'), true, true)).toBe('/m/treasury/wallets');
    expect(deviceRedirect(at('/'), true, true)).toBe('/m');
    expect(deviceRedirect(at('/welcome?x=1'), true, true)).toBe('/m/welcome?x=1');
    expect(deviceRedirect(at('/treasury/wallets'), true, false)).toBe('/m/auth');
  });

  it('keeps the auth page and its query on a phone', () => {
    expect(deviceRedirect(at('/auth/signin?redirect_url=%2Fchat'), true, false)).toBe(
      '/m/auth/signin?redirect_url=%2Fchat',
    );
    expect(deviceRedirect(at('/auth/signin?f=123'), true, false)).toBe('/m/auth/signin?f=123');
    expect(deviceRedirect(at('/?signup=complete'), true, false)).toBe('/m?signup=complete');
  });

  it('sends a desktop to the non-/m twin when signed in, to /auth when not', () => {
    expect(deviceRedirect(at('/m/treasury/wallets'), false, true)).toBe('/treasury/wallets');
    expect(deviceRedirect(at('/m'), false, true)).toBe('/');
    expect(deviceRedirect(at('/m/treasury/wallets'), false, false)).toBe('/auth');
    expect(deviceRedirect(at('/m/auth/signup'), false, false)).toBe('/auth/signup');
  });

  it('leaves a page in the right tree, and the device-neutral pages, alone', () => {
    expect(deviceRedirect(at('/m/welcome'), true, true)).toBeNull();
    expect(deviceRedirect(at('/welcome'), false, true)).toBeNull();
    expect(deviceRedirect(at('/maintenance'), true, false)).toBeNull();
    expect(deviceRedirect(at('/printable/organization/1'), true, true)).toBeNull();
    expect(deviceRedirect(at('/playground'), true, true)).toBeNull();
  });
});

describe('maintenance redirect', () => {
  it('sends every route to /maintenance while the flag is on', () => {
    expect(maintenanceRedirect('/welcome', true)).toBe('/maintenance');
    expect(maintenanceRedirect('/m/auth/signin', true)).toBe('/maintenance');
    expect(maintenanceRedirect('/maintenance', true)).toBeNull();
  });
  it('sends /maintenance to the root when the flag is off', () => {
    expect(maintenanceRedirect('/maintenance', false)).toBe('/');
    expect(maintenanceRedirect('/welcome', false)).toBeNull();
  });
});

describe('subscription lock', () => {
  const open = { id: 'a', locked: false };
  const locked = { id: 'b', locked: true };
  it('is locked when every organization is, or the one in use is', () => {
    expect(isSubscriptionLocked([locked], null)).toBe(true);
    expect(isSubscriptionLocked([open, locked], locked)).toBe(true);
    expect(isSubscriptionLocked([open, locked], open)).toBe(false);
    expect(isSubscriptionLocked([], null)).toBe(false);
  });
  it('keeps a locked user on the locked, checkout and plan pages, and sends an unlocked one home', () => {
    expect(subscriptionRedirect('/welcome', true)).toBe('/locked');
    expect(subscriptionRedirect('/', true)).toBe('/locked');
    expect(subscriptionRedirect('/locked', true)).toBeNull();
    expect(subscriptionRedirect('/checkout', true)).toBeNull();
    expect(subscriptionRedirect('/settings/plan', true)).toBeNull();
    expect(subscriptionRedirect('/billing/subscriptions', true)).toBe('/locked');
    expect(subscriptionRedirect('/locked', false)).toBe('/');
    expect(subscriptionRedirect('/checkout', false)).toBeNull();
    expect(subscriptionRedirect('/welcome', false)).toBeNull();
  });
});

describe('treasury guard', () => {
  it('needs cash or POS', () => {
    expect(treasuryRedirect('/treasury/wallets', { cash: false, pos: false })).toBe('/unauthorized');
    expect(treasuryRedirect('/treasury/in-out', { cash: false, pos: false })).toBe('/unauthorized');
    expect(treasuryRedirect('/welcome', { cash: false, pos: false })).toBeNull();
  });
  it('sends a POS-only user to the POS wallet', () => {
    expect(treasuryRedirect('/treasury/wallets', { cash: false, pos: true })).toBe('/treasury/wallets/pos');
    expect(treasuryRedirect('/treasury/in-out', { cash: false, pos: true })).toBe('/treasury/wallets/pos');
    expect(treasuryRedirect('/treasury/wallets/pos', { cash: false, pos: true })).toBeNull();
  });
  it('sends a cash-only user away from the POS wallet', () => {
    expect(treasuryRedirect('/treasury/wallets/pos', { cash: true, pos: false })).toBe('/treasury/wallets');
    expect(treasuryRedirect('/treasury/wallets', { cash: true, pos: false })).toBeNull();
    expect(treasuryRedirect('/treasury/in-out', { cash: true, pos: false })).toBeNull();
  });
  it('lets a user with both anywhere', () => {
    expect(treasuryRedirect('/treasury/wallets/pos', { cash: true, pos: true })).toBeNull();
  });
});

describe('post-login landing, in the spec order', () => {
  const base = { allLocked: false, introPage: null, redirectUrl: null, firstMenuPath: '/treasury/wallets' };
  it('goes to welcome when every organization is locked, whatever else', () => {
    expect(landingTarget({ ...base, allLocked: true, introPage: 'dashboards', redirectUrl: '/chat' })).toBe(
      '/welcome',
    );
  });
  it('goes to dashboards when intro_page says so, before redirect_url', () => {
    expect(landingTarget({ ...base, introPage: 'dashboards', redirectUrl: '/chat' })).toBe('/dashboards');
  });
  it('then the saved redirect_url (desktop form, query kept)', () => {
    expect(landingTarget({ ...base, redirectUrl: '/treasury/in-out?tab=2' })).toBe('/treasury/in-out?tab=2');
    expect(landingTarget({ ...base, redirectUrl: '/m/chat' })).toBe('/chat');
  });
  it('ignores an off-site or circular redirect_url', () => {
    expect(landingTarget({ ...base, redirectUrl: '//evil.example' })).toBe('/treasury/wallets');
    expect(landingTarget({ ...base, redirectUrl: '/auth/signin' })).toBe('/treasury/wallets');
    expect(landingTarget({ ...base, redirectUrl: '/m' })).toBe('/treasury/wallets');
  });
  it('then the first menu entry, else welcome', () => {
    expect(landingTarget(base)).toBe('/treasury/wallets');
    expect(landingTarget({ ...base, firstMenuPath: null })).toBe('/welcome');
  });
});

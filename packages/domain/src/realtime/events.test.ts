import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPushEvent,
  parseRealtimeEvent,
  parseRealtimeMessage,
  REALTIME_EVENT_TYPES,
  REALTIME_EVENTS,
  REALTIME_RETRY,
  retryDelay,
  shouldRetry,
} from './events.ts';

// Spec §7 "Real-time channel", with VAULT_CONNECTION(S)_REFRESHED/CREATED, the REFRESH_* family and the
// document totals spelled out.
const SPEC_EVENTS = [
  'UPDATE_STATEMENT',
  'CLIENT_REMOVED',
  'CLIENT_ADDED',
  'CLIENT_UPDATED',
  'VAULT_CONNECTION_REFRESHED',
  'VAULT_CONNECTIONS_REFRESHED',
  'VAULT_CONNECTION_CREATED',
  'REAL_ESTATE_TOTAL_DOCUMENTS_UPDATED',
  'BILLING_PRODUCT_CREATED',
  'BILLING_DOCUMENT_CREATED',
  'BILLING_SUBSCRIPTION_CREATED',
  'REFRESH_PAGE',
  'REFRESH_ALERTS',
  'REFRESH_TOKEN',
  'REFRESH_MENU',
  'REFRESH_ORGANIZATIONS',
  'REFRESH_ADDONS',
  'REFRESH_DOCUMENTS',
  'REFRESH_PLUGIN',
  'REFRESH_NOTIFICATIONS',
  'REFRESH_ASSOCIATIONS',
  'REFRESH_CHAT',
  'REFRESH_CONNECTION',
  'ADD_SUBMENU',
  'REMOVE_SUBMENU',
  'UPDATE_ACCOUNT_STATUS',
  'UPDATE_WALLET_STATUS',
  'UPDATE_TRANSACTION_DOCUMENTS_TOTAL',
  'UPDATE_OPERATION_DOCUMENTS_TOTAL',
  'GET_ACCOUNTS_RETRY',
  'CONNECTION_STATUS_CHANGED',
  'UPDATE_ADDON_STATUS',
  'SUBSCRIPTION_UNLOCKED',
  'SUBSCRIPTION_CHANGED',
  'FREED_UP_RESOURCE',
  'ORGANIZATION_UNLOCKED',
  'UPDATE_UPLOAD_FILE_STATUS',
  'ORGANIZATION_USER_ADDED',
  'UPDATE_TRANSACTION',
  'CLIENT_SUPPLIER_CREATED',
  'PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION',
  'FORCE_LOGOUT',
];
/** Events Fluxo adds to spec §7's (issue 15: the organization data export's progress bar). */
const ADDED_EVENTS = ['DATA_EXPORT_PROGRESS'];

const waiting = {
  Status: 'waiting_authentication',
  AuthType: 'question',
  ExtraData: {
    ConnectionName: 'Conta à ordem',
    InstitutionName: 'Fluxo Sandbox Bank',
    InstitutionCountry: 'PT',
    InstitutionCode: 'FLUXO_SANDBOX',
    ConnectionId: 'c1',
    ExtraData: { Question: 'Name of this app?' },
  },
};

describe('event map', () => {
  it('has every event of the spec, the ones Fluxo adds, and nothing else', () => {
    expect([...REALTIME_EVENT_TYPES].sort()).toEqual([...SPEC_EVENTS, ...ADDED_EVENTS].sort());
  });

  it('reads a two-factor message with the spec fields, defaulting the timeout to 120 s', () => {
    const parsed = parseRealtimeMessage({
      messageId: 'm1',
      type: 'CONNECTION_STATUS_CHANGED',
      data: waiting,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(parsed.success).toBe(true);
    if (parsed.success && parsed.message.type === 'CONNECTION_STATUS_CHANGED') {
      expect(parsed.message.data.ExtraData.Timeout).toBe(120);
      expect(parsed.message.data.ExtraData.ExtraData?.Question).toBe('Name of this app?');
    }
  });

  it('refuses unknown types and data that does not match its type', () => {
    const base = { messageId: 'm1', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(parseRealtimeMessage({ ...base, type: 'NOPE', data: {} }).success).toBe(false);
    expect(parseRealtimeMessage({ ...base, type: 'UPDATE_STATEMENT', data: {} }).success).toBe(false);
    expect(
      parseRealtimeMessage({ ...base, type: 'UPDATE_STATEMENT', data: { StatementId: 's1' } }).success,
    ).toBe(true);
    expect(parseRealtimeEvent('CLIENT_ADDED', { ClientId: 42 }).success).toBe(false);
  });

  it('accepts an empty payload for every REFRESH_* event', () => {
    for (const type of REALTIME_EVENT_TYPES.filter((t) => t.startsWith('REFRESH_'))) {
      expect(REALTIME_EVENTS[type].safeParse({}).success, type).toBe(true);
    }
  });

  it('pushes only what a person must see with the app closed', () => {
    expect(isPushEvent('SUBSCRIPTION_UNLOCKED', { SubscriptionId: 's' })).toBe(true);
    expect(isPushEvent('ORGANIZATION_UNLOCKED', { OrganizationId: 'o' })).toBe(true);
    expect(isPushEvent('BILLING_DOCUMENT_CREATED', { DocumentId: 'd' })).toBe(true);
    expect(isPushEvent('CONNECTION_STATUS_CHANGED', waiting)).toBe(true);
    expect(isPushEvent('CONNECTION_STATUS_CHANGED', { ...waiting, Status: 'connected' })).toBe(false);
    expect(isPushEvent('FORCE_LOGOUT', {})).toBe(false);
    expect(isPushEvent('REFRESH_MENU', {})).toBe(false);
  });
});

describe('connection policy', () => {
  it('is 10 attempts, 1 s doubling, capped at 30 s, with up to 500 ms of jitter', () => {
    expect(REALTIME_RETRY).toEqual({
      maxAttempts: 10,
      baseDelayMs: 1000,
      maxDelayMs: 30000,
      maxJitterMs: 500,
    });
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => retryDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(retryDelay(1, () => 0.999_999)).toBe(1500);
  });

  it('keeps every delay within [min(1000·2^(n-1), 30000), that + 500]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const floor = Math.min(1000 * 2 ** (n - 1), 30_000);
          const delay = retryDelay(n, () => r);
          return delay >= floor && delay <= floor + 500 && Number.isInteger(delay);
        },
      ),
    );
  });

  it('never shrinks as attempts go on, for the same jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => retryDelay(n + 1, () => r) >= retryDelay(n, () => r),
      ),
    );
  });

  it('gives up after the tenth failure and refuses attempt numbers below 1', () => {
    expect(shouldRetry(0)).toBe(true);
    expect(shouldRetry(9)).toBe(true);
    expect(shouldRetry(10)).toBe(false);
    expect(() => retryDelay(0)).toThrow(RangeError);
  });
});

import type { ConnectionStatusChanged } from '@fluxo/domain/realtime/events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  challengeFrom,
  dropExpired,
  getTwoFactorState,
  onConnectionStatusChanged,
  resetTwoFactor,
} from './two-factor-store.ts';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

function event(
  status: ConnectionStatusChanged['Status'],
  extra: Partial<ConnectionStatusChanged['ExtraData']> = {},
) {
  return {
    Status: status,
    AuthType: 'question',
    ExtraData: {
      ConnectionName: 'Main',
      InstitutionName: 'Fluxo Sandbox Bank',
      InstitutionCountry: 'PT',
      InstitutionCode: 'FLUXO_SANDBOX',
      ConnectionId: 'c1',
      Timeout: 120,
      ExtraData: { Question: 'Why?' },
      ...extra,
    },
  } satisfies ConnectionStatusChanged;
}

describe('two-factor challenges', () => {
  beforeEach(() => resetTwoFactor());

  it('count down from the event Timeout, or from ExpiresAt when a replay comes late', () => {
    expect(challengeFrom(event('waiting_authentication'), NOW).expiresAt).toBe(NOW + 120_000);
    const replayed = challengeFrom(
      event('waiting_authentication', { ExpiresAt: new Date(NOW + 30_000).toISOString() }),
      NOW,
    );
    expect(replayed.expiresAt).toBe(NOW + 30_000);
    expect(replayed.durationMs).toBe(120_000);
    expect(replayed.question).toBe('Why?');
  });

  it('open on waiting_authentication, close on each outcome with its own toast', () => {
    const toast = vi.fn();
    for (const [status, key] of [
      ['connected', 'CONNECTIONS.TOASTS.CONNECTED'],
      ['invalid_token', 'CONNECTIONS.TOASTS.INVALID_TOKEN'],
      ['two_factor_auth_timeout', 'CONNECTIONS.TOASTS.TIMEOUT'],
      ['error', 'CONNECTIONS.TOASTS.ERROR'],
      ['consent_expired', 'TREASURY.CONNECTIONS.TOAST_CONSENT_EXPIRED'],
    ] as const) {
      onConnectionStatusChanged(event('waiting_authentication'), toast);
      expect(getTwoFactorState().challenges).toHaveLength(1);
      onConnectionStatusChanged(event(status), toast);
      expect(getTwoFactorState().challenges).toHaveLength(0);
      expect(toast).toHaveBeenLastCalledWith(expect.any(String), key, {
        connection: 'Main',
        institution: 'Fluxo Sandbox Bank',
      });
    }
  });

  it('a new setup of the same connection replaces its challenge; expired ones are dropped', () => {
    onConnectionStatusChanged(event('waiting_authentication', { Timeout: 5 }), vi.fn());
    onConnectionStatusChanged(event('waiting_authentication', { Timeout: 5 }), vi.fn());
    expect(getTwoFactorState().challenges).toHaveLength(1);
    dropExpired(Date.now() + 6_000);
    expect(getTwoFactorState().challenges).toHaveLength(0);
  });
});

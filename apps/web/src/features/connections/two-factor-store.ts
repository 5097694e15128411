import type { ConnectionAuthType } from '@fluxo/domain/code-tables';
import {
  type ConnectionStatusChanged,
  DEFAULT_TWO_FACTOR_TIMEOUT_SECONDS,
} from '@fluxo/domain/realtime/events';
import { useSyncExternalStore } from 'react';

/** A bank's two-factor challenge waiting for the user's answer (CONNECTION_STATUS_CHANGED waiting_authentication). */
export interface TwoFactorChallenge {
  connectionId: string;
  authType: ConnectionAuthType;
  institutionName: string;
  connectionName: string;
  question: string | null;
  qrCode: string | null;
  /** The whole countdown, in ms (the event's Timeout). */
  durationMs: number;
  /** When the answer is due (epoch ms, browser clock). */
  expiresAt: number;
}

interface TwoFactorState {
  challenges: TwoFactorChallenge[];
  /** While the add-connection modal is open the toasts wait (spec §4). */
  modalOpen: boolean;
}

let state: TwoFactorState = { challenges: [], modalOpen: false };
const listeners = new Set<() => void>();

function set(next: TwoFactorState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getTwoFactorState(): TwoFactorState {
  return state;
}

export function subscribeTwoFactor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTwoFactorState(): TwoFactorState {
  return useSyncExternalStore(subscribeTwoFactor, getTwoFactorState, getTwoFactorState);
}

/** The challenge of a waiting_authentication event; a replayed one counts down from where it is. */
export function challengeFrom(data: ConnectionStatusChanged, now = Date.now()): TwoFactorChallenge {
  const extra = data.ExtraData;
  const durationMs = (extra.Timeout ?? DEFAULT_TWO_FACTOR_TIMEOUT_SECONDS) * 1000;
  const due = extra.ExpiresAt ? Date.parse(extra.ExpiresAt) : Number.NaN;
  return {
    connectionId: extra.ConnectionId,
    authType: data.AuthType ?? 'token',
    institutionName: extra.InstitutionName,
    connectionName: extra.ConnectionName,
    question: extra.ExtraData?.Question ?? null,
    qrCode: extra.ExtraData?.QrCode ?? null,
    durationMs,
    // Never longer than the Timeout from now, whatever the two clocks say.
    expiresAt: Number.isFinite(due) ? Math.min(due, now + durationMs) : now + durationMs,
  };
}

/** Adds (or replaces, for a new setup of the same connection) a challenge still running. */
export function addChallenge(challenge: TwoFactorChallenge, now = Date.now()): void {
  if (challenge.expiresAt <= now) return;
  set({
    ...state,
    challenges: [...state.challenges.filter((c) => c.connectionId !== challenge.connectionId), challenge],
  });
}

export function removeChallenge(connectionId: string): void {
  if (!state.challenges.some((c) => c.connectionId === connectionId)) return;
  set({ ...state, challenges: state.challenges.filter((c) => c.connectionId !== connectionId) });
}

/** Drops the challenges whose countdown has ended. */
export function dropExpired(now = Date.now()): void {
  if (!state.challenges.some((c) => c.expiresAt <= now)) return;
  set({ ...state, challenges: state.challenges.filter((c) => c.expiresAt > now) });
}

export function setAddConnectionModalOpen(open: boolean): void {
  if (state.modalOpen !== open) set({ ...state, modalOpen: open });
}

/** For tests. */
export function resetTwoFactor(): void {
  set({ challenges: [], modalOpen: false });
}

export type OutcomeToast = (
  kind: 'success' | 'warning' | 'error',
  key: string,
  values: Record<string, string>,
) => void;

/**
 * CONNECTION_STATUS_CHANGED: waiting_authentication opens the toast; the outcomes close it and say
 * what happened (connected, invalid token, timeout, error).
 */
export function onConnectionStatusChanged(data: ConnectionStatusChanged, toast: OutcomeToast): void {
  const extra = data.ExtraData;
  const values = { connection: extra.ConnectionName, institution: extra.InstitutionName };
  switch (data.Status) {
    case 'waiting_authentication':
      addChallenge(challengeFrom(data));
      return;
    case 'connected':
      removeChallenge(extra.ConnectionId);
      toast('success', 'CONNECTIONS.TOASTS.CONNECTED', values);
      return;
    case 'invalid_token':
      removeChallenge(extra.ConnectionId);
      toast('error', 'CONNECTIONS.TOASTS.INVALID_TOKEN', values);
      return;
    case 'two_factor_auth_timeout':
      removeChallenge(extra.ConnectionId);
      toast('warning', 'CONNECTIONS.TOASTS.TIMEOUT', values);
      return;
    case 'error':
      removeChallenge(extra.ConnectionId);
      toast('error', 'CONNECTIONS.TOASTS.ERROR', values);
      return;
    case 'consent_expired':
      removeChallenge(extra.ConnectionId);
      toast('warning', 'TREASURY.CONNECTIONS.TOAST_CONSENT_EXPIRED', values);
      return;
    case 'created':
      return;
  }
}

import type { SessionClaims } from '@fluxo/domain/claims';
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import { decodeClaims, isExpired } from './claims.ts';

export interface Session {
  token: string;
  claims: SessionClaims;
}

/** The longest delay setTimeout accepts; longer expiries are re-checked when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** Why the last session ended: a user who signs out is not asked to come back to where they were. */
export type SessionEnd = 'signout' | 'expired';

let current: Session | null = null;
let lastEnd: SessionEnd | null = null;
let selectedOrganizationId: string | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function scheduleExpiry(): void {
  clearTimeout(expiryTimer);
  if (!current) return;
  const remaining = current.claims.exp * 1000 - Date.now();
  expiryTimer = setTimeout(
    () => {
      if (current && isExpired(current.claims)) clearSession('expired');
      else scheduleExpiry();
    },
    Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
  );
}

/** Loads the session kept in storage; an expired or malformed token is dropped. */
function load(): void {
  const token = readStorage(STORAGE_KEYS.token);
  const claims = token ? decodeClaims(token) : null;
  current = token && claims && !isExpired(claims) ? { token, claims } : null;
  if (!current && token) {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.tokenId, null);
  }
  selectedOrganizationId = current ? readStorage(STORAGE_KEYS.organization) : null;
  scheduleExpiry();
}

load();

if (typeof window !== 'undefined') {
  // Another tab signed in, out, or switched organization.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.organization) {
      load();
      notify();
    }
  });
}

export function getSession(): Session | null {
  return current;
}

/** Stores a token answered by sign-in, onboarding or refresh. Returns the new session. */
export function setSession(response: { auth_token: string; id: string }): Session {
  const claims = decodeClaims(response.auth_token);
  if (!claims) throw new Error('The server answered a token that cannot be read.');
  writeStorage(STORAGE_KEYS.token, response.auth_token);
  writeStorage(STORAGE_KEYS.tokenId, response.id);
  current = { token: response.auth_token, claims };
  lastEnd = null;
  scheduleExpiry();
  notify();
  return current;
}

export function clearSession(reason: SessionEnd = 'expired'): void {
  lastEnd = reason;
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.tokenId, null);
  writeStorage(STORAGE_KEYS.organization, null);
  current = null;
  selectedOrganizationId = null;
  scheduleExpiry();
  notify();
}

export function getSessionEnd(): SessionEnd | null {
  return lastEnd;
}

export function getSelectedOrganizationId(): string | null {
  return selectedOrganizationId;
}

export function setSelectedOrganizationId(id: string | null): void {
  if (id === selectedOrganizationId) return;
  selectedOrganizationId = id;
  writeStorage(STORAGE_KEYS.organization, id);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useSelectedOrganizationId(): string | null {
  return useSyncExternalStore(subscribeSession, getSelectedOrganizationId, getSelectedOrganizationId);
}

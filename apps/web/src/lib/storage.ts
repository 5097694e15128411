/**
 * The values the app keeps in localStorage (spec §3 "locally kept values"). Storage can be
 * unavailable (private mode, disabled cookies): reads then answer null and writes are dropped.
 */
export const STORAGE_KEYS = {
  token: 'token',
  tokenId: 'tokenId',
  language: 'language',
  organization: 'organizationId',
  redirectUrl: 'redirectUrl',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

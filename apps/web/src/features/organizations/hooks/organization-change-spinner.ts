import { useSyncExternalStore } from 'react';

/** Spec §9: the spinner shows 2 s, then fades over 1 s; after a redirect it hides 1 s later. */
export const SPINNER_SHOWN_MS = 2000;
export const SPINNER_FADE_MS = 1000;
export const SPINNER_HIDE_AFTER_REDIRECT_MS = 1000;

export type SpinnerPhase = 'hidden' | 'shown' | 'fading';

let phase: SpinnerPhase = 'hidden';
let timers: ReturnType<typeof setTimeout>[] = [];
const listeners = new Set<() => void>();

function set(next: SpinnerPhase): void {
  phase = next;
  for (const listener of listeners) listener();
}

function clearTimers(): void {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
}

/** The organization change starts: the spinner shows, then fades on its own. */
export function startOrganizationChangeSpinner(): void {
  clearTimers();
  set('shown');
  timers.push(
    setTimeout(() => {
      set('fading');
      timers.push(setTimeout(() => set('hidden'), SPINNER_FADE_MS));
    }, SPINNER_SHOWN_MS),
  );
}

/** The change ended on another page: the spinner goes 1 s later. */
export function hideOrganizationChangeSpinnerAfterRedirect(): void {
  clearTimers();
  if (phase === 'hidden') return;
  set('shown');
  timers.push(setTimeout(() => set('hidden'), SPINNER_HIDE_AFTER_REDIRECT_MS));
}

export function getOrganizationChangeSpinnerPhase(): SpinnerPhase {
  return phase;
}

export function useOrganizationChangeSpinner(): SpinnerPhase {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getOrganizationChangeSpinnerPhase,
    () => 'hidden' as const,
  );
}

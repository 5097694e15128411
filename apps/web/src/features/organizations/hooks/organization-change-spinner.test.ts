import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('organization change spinner (spec §9 timings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  // A fresh module per test: the spinner is a module-level store.
  const load = async () => ({ spinner: await import('./organization-change-spinner.ts') });

  it('shows 2 s, fades over 1 s, then hides', async () => {
    const { spinner } = await load();
    spinner.startOrganizationChangeSpinner();
    expect(readPhase(spinner)).toBe('shown');
    vi.advanceTimersByTime(1999);
    expect(readPhase(spinner)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(readPhase(spinner)).toBe('fading');
    vi.advanceTimersByTime(1000);
    expect(readPhase(spinner)).toBe('hidden');
  });

  it('hides 1 s after a redirect, whatever the 2 s timer said', async () => {
    const { spinner } = await load();
    spinner.startOrganizationChangeSpinner();
    vi.advanceTimersByTime(500);
    spinner.hideOrganizationChangeSpinnerAfterRedirect();
    vi.advanceTimersByTime(999);
    expect(readPhase(spinner)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(readPhase(spinner)).toBe('hidden');
  });
});

function readPhase(spinner: typeof import('./organization-change-spinner.ts')): string {
  return spinner.getOrganizationChangeSpinnerPhase();
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVersionCheck, VERSION_CHECK_INTERVAL_MS, VERSION_RELOAD_DELAY_MS } from './version-check.ts';

describe('version check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 10 minutes and reloads 2 s after a different version', async () => {
    const versions = ['1.0.35212', '1.0.35213'];
    const fetchVersion = vi.fn(async () => versions.shift() ?? null);
    const reload = vi.fn();
    startVersionCheck({ builtVersion: '1.0.35212', fetchVersion, reload });
    expect(VERSION_CHECK_INTERVAL_MS).toBe(600_000);

    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    expect(fetchVersion).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);

    // Once a reload is scheduled the checks stop.
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 3);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('ignores failed reads and stops when asked', async () => {
    const fetchVersion = vi.fn(async (): Promise<string | null> => {
      throw new Error('offline');
    });
    const reload = vi.fn();
    const stop = startVersionCheck({ builtVersion: '1', fetchVersion, reload });
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 2);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 2);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });
});

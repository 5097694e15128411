import type { DataExport } from '@fluxo/domain/organizations/data-export-contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  exportProgressOf,
  exportView,
  formatSize,
  publishExportProgress,
  subscribeExportProgress,
} from './data-export-state.ts';

const pending: DataExport = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'pending',
  percent: 0,
  fileName: null,
  size: null,
  createdAt: '2026-11-28T22:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
};

describe('the data export panel’s state', () => {
  it('shows nothing to download before the first export', () => {
    expect(exportView(null, null)).toEqual({ kind: 'none' });
  });

  it('moves the bar with the live events, and offers the archive once ready', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeExportProgress(listener);
    publishExportProgress(pending.id, 'running', 40);
    expect(listener).toHaveBeenCalledOnce();
    expect(exportView(pending, exportProgressOf(pending.id))).toMatchObject({ kind: 'working', percent: 40 });
    publishExportProgress(pending.id, 'ready', 100);
    expect(exportView(pending, exportProgressOf(pending.id))).toMatchObject({
      kind: 'ready',
      export: { id: pending.id },
    });
    unsubscribe();
  });

  it('never moves backwards on a replayed or late event', () => {
    const id = '22222222-2222-4222-8222-222222222222';
    publishExportProgress(id, 'running', 70);
    publishExportProgress(id, 'running', 30);
    expect(exportProgressOf(id)).toEqual({ status: 'running', percent: 70 });
    // The server's answer wins when it knows more than the events (a reload after the build).
    const ready: DataExport = { ...pending, id, status: 'ready', percent: 100, size: 2048 };
    expect(exportView(ready, exportProgressOf(id)).kind).toBe('ready');
  });

  it('says failed and expired exports as such', () => {
    expect(exportView({ ...pending, status: 'failed' }, null).kind).toBe('failed');
    expect(exportView({ ...pending, status: 'expired' }, null).kind).toBe('expired');
  });

  it('writes sizes for people', () => {
    expect(formatSize(1_450_000, 'en-GB')).toBe('1.5 MB');
    expect(formatSize(830, 'en-GB')).toBe('830 byte');
    expect(formatSize(null, 'en-GB')).toBe('');
  });
});

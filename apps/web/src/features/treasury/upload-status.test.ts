import { describe, expect, it } from 'vitest';
import { processingPercent, publishUploadStatus, uploadStatusOf } from './upload-status.ts';

describe('upload status', () => {
  it('keeps the last status of each upload', () => {
    publishUploadStatus('a', 'parsing');
    publishUploadStatus('a', 'importing');
    publishUploadStatus('b', 'done');
    expect(uploadStatusOf('a')).toEqual({ status: 'importing', percent: null });
    expect(uploadStatusOf('b')).toEqual({ status: 'done', percent: null });
    expect(uploadStatusOf('c')).toBeNull();
    expect(uploadStatusOf(null)).toBeNull();
  });

  it('forgets the oldest uploads beyond fifty', () => {
    for (let index = 0; index < 60; index++) publishUploadStatus(`u${index}`, 'done');
    expect(uploadStatusOf('u0')).toBeNull();
    expect(uploadStatusOf('u59')?.status).toBe('done');
  });

  it('reads percentages and stage names', () => {
    expect(processingPercent('42%')).toBe(42);
    expect(processingPercent('importing 73%')).toBe(73);
    expect(processingPercent('150')).toBe(100);
    expect(processingPercent('parsing')).toBe(30);
    expect(processingPercent('DONE')).toBe(100);
    expect(processingPercent('something else')).toBeNull();
    expect(processingPercent(null)).toBeNull();
  });

  it('prefers the percent the server sends', () => {
    publishUploadStatus('p', 'saving', 64);
    expect(processingPercent(uploadStatusOf('p'))).toBe(64);
    expect(processingPercent({ status: 'saving', percent: null })).toBe(80);
  });
});

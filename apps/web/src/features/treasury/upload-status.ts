import { useSyncExternalStore } from 'react';

/*
 * The latest UPDATE_UPLOAD_FILE_STATUS of each upload, by its FileId (the uploadId the import wizard
 * sends): the real-time handler publishes, the wizard's progress bar reads.
 */

export interface UploadStatus {
  status: string;
  /** The server's own measure, when it gives one. */
  percent: number | null;
}

const statuses = new Map<string, UploadStatus>();
const listeners = new Set<() => void>();
const watched = new Set<string>();

/** The wizard shows this upload's progress itself (the real-time handler then raises no toast). */
export function watchUpload(fileId: string): () => void {
  watched.add(fileId);
  return () => watched.delete(fileId);
}

export function isWatchedUpload(fileId: string): boolean {
  return watched.has(fileId);
}
const MAX_KEPT = 50;

export function publishUploadStatus(fileId: string, status: string, percent?: number): void {
  statuses.delete(fileId);
  statuses.set(fileId, { status, percent: percent ?? null });
  // Only recent uploads matter; the oldest entries go first.
  for (const key of statuses.keys()) {
    if (statuses.size <= MAX_KEPT) break;
    statuses.delete(key);
  }
  for (const listener of listeners) listener();
}

export function uploadStatusOf(fileId: string | null): UploadStatus | null {
  return fileId ? (statuses.get(fileId) ?? null) : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's last word on an upload's processing, or null before any. */
export function useUploadStatus(fileId: string | null): UploadStatus | null {
  return useSyncExternalStore(subscribe, () => uploadStatusOf(fileId));
}

const STAGES: Record<string, number> = {
  received: 10,
  uploaded: 10,
  queued: 10,
  reading: 30,
  parsing: 30,
  parsed: 50,
  validating: 50,
  saving: 80,
  processing: 60,
  importing: 70,
  classifying: 85,
  done: 100,
  completed: 100,
  imported: 100,
};

/**
 * How far the server is, 0–100: its own percent when it sends one, else from a status: a percentage ("42%", "42", "importing 42%") or a known
 * stage name; null when the status says nothing measurable (the bar then just shows activity).
 */
export function processingPercent(update: UploadStatus | string | null): number | null {
  if (!update) return null;
  if (typeof update !== 'string' && update.percent !== null) return update.percent;
  const status = typeof update === 'string' ? update : update.status;
  const percent = /(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(status.trim());
  if (percent) return Math.min(100, Math.max(0, Math.round(Number(percent[1]))));
  const stage =
    STAGES[
      status
        .trim()
        .toLowerCase()
        .split(/[\s:_-]/)[0] ?? ''
    ];
  return stage ?? null;
}

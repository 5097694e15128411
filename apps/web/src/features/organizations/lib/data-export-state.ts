import type { DataExport, DataExportStatus } from '@fluxo/domain/organizations/data-export-contracts';

/*
 * The data export panel's state: the latest export as the server answered it, overtaken by the live
 * DATA_EXPORT_PROGRESS events the real-time handler publishes (kept here by export id), so the bar moves
 * without polling and the download link appears the moment the archive is ready.
 */

export interface ExportProgress {
  status: DataExportStatus;
  percent: number;
}

const progress = new Map<string, ExportProgress>();
const listeners = new Set<() => void>();
const MAX_KEPT = 20;

/** Called by the real-time handler for each DATA_EXPORT_PROGRESS. */
export function publishExportProgress(exportId: string, status: DataExportStatus, percent: number): void {
  const known = progress.get(exportId);
  // Messages may come twice or out of order (a replay on reconnection): never move backwards.
  if (known && rank(known) > rank({ status, percent })) return;
  progress.delete(exportId);
  progress.set(exportId, { status, percent });
  for (const key of progress.keys()) {
    if (progress.size <= MAX_KEPT) break;
    progress.delete(key);
  }
  for (const listener of listeners) listener();
}

export function exportProgressOf(exportId: string | null | undefined): ExportProgress | null {
  return exportId ? (progress.get(exportId) ?? null) : null;
}

export function subscribeExportProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ORDER: Record<DataExportStatus, number> = { pending: 0, running: 1, ready: 2, failed: 2, expired: 3 };

function rank(value: ExportProgress): number {
  return ORDER[value.status] * 1000 + value.percent;
}

/** What the panel shows. */
export type ExportView =
  | { kind: 'none' }
  | { kind: 'working'; percent: number; export: DataExport }
  | { kind: 'ready'; export: DataExport }
  | { kind: 'failed'; export: DataExport }
  | { kind: 'expired'; export: DataExport };

/** The latest export merged with its live progress, as the panel shows it. */
export function exportView(latest: DataExport | null | undefined, live: ExportProgress | null): ExportView {
  if (!latest) return { kind: 'none' };
  const current = live && rank(live) >= rank(latest) ? live : latest;
  const merged = { ...latest, status: current.status, percent: current.percent };
  switch (current.status) {
    case 'pending':
    case 'running':
      return { kind: 'working', percent: current.percent, export: merged };
    case 'ready':
      return { kind: 'ready', export: merged };
    case 'failed':
      return { kind: 'failed', export: merged };
    case 'expired':
      return { kind: 'expired', export: merged };
  }
}

/** A size in bytes for people: 1.4 MB, 830 kB. */
export function formatSize(bytes: number | null, locale: string): string {
  if (bytes === null) return '';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

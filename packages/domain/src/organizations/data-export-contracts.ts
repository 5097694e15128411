import { z } from 'zod';
import { defineContract } from '../contract.ts';

// The organization's data export (issue 15, docs/data-export.md): one ZIP with a CSV per table, the
// issued documents' PDFs, the attached files and the SAF-T files, built by a job; owners only.

/** An export's life: waiting for the job, being written, ready to download, failed, or past retention. */
export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const ZDataExport = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** How far the job is, 0…100. */
  percent: z.number().int().min(0).max(100),
  /** The archive's file name once ready. */
  fileName: z.string().nullable(),
  /** Bytes of the archive once ready. */
  size: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive is deleted (ready exports). */
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof ZDataExport>;

/** Starts an export of the OrgId organization (one at a time); answers the new export, status pending. */
export const startDataExportContract = defineContract({
  method: 'POST',
  path: '/api/v1/organization/exports',
  response: ZDataExport,
  status: 201,
});

/** The organization's exports, newest first (the last 20). */
export const listDataExportsContract = defineContract({
  method: 'GET',
  path: '/api/v1/organization/exports',
  response: z.object({ items: z.array(ZDataExport) }),
});

export const getDataExportContract = defineContract({
  method: 'GET',
  path: '/api/v1/organization/exports/:id',
  params: z.object({ id: z.uuid() }),
  response: ZDataExport,
});

/** The finished archive (application/zip, attachment). */
export const downloadDataExportContract = defineContract({
  method: 'GET',
  path: '/api/v1/organization/exports/:id/download',
  params: z.object({ id: z.uuid() }),
  response: z.string(),
});

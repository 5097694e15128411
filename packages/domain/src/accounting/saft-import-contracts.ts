import { z } from 'zod';
import { defineContract } from '../contract.ts';

// SAF-T import (issue 13): POST a SAF-T (PT) 1.04_01 or (AO) 1.01_01 file as multipart (`file`, and the
// issuing program's `publicKey` in PEM when its signatures are to be verified); the answer names the
// import at once, the check and the import run in the background with progress over the real-time
// channel (SAFT_IMPORT_PROGRESS), and GET answers its state and report. Warnings (a header NIF that is not
// the organization's, or fails its check digit) wait for the user's confirmation.

/** Largest SAF-T file accepted (bytes). */
export const SAFT_IMPORT_MAX_BYTES = 1024 * 1024 * 1024;
/** Largest public key (PEM) accepted (bytes). */
export const SAFT_PUBLIC_KEY_MAX_BYTES = 16 * 1024;

export const SAFT_IMPORT_STATES = [
  'queued',
  'checking',
  'awaiting_confirmation',
  'importing',
  'done',
  'failed',
  'refused',
] as const;
export type SaftImportState = (typeof SAFT_IMPORT_STATES)[number];

export const ZSaftIssue = z.object({
  severity: z.enum(['error', 'warning']),
  /** Stable code, translated under ACCOUNTING.SAFT_IMPORT.ISSUE.<code>. */
  code: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
  element: z.string().optional(),
  document: z.string().optional(),
});
export type SaftIssue = z.infer<typeof ZSaftIssue>;

export const ZSaftSectionTotals = z.object({
  declared: z.record(z.string(), z.string()),
  computed: z.record(z.string(), z.string()),
});

export const ZSaftImport = z.object({
  id: z.string(),
  /** The organization imported into (a new one when onboarding). */
  organizationId: z.string(),
  state: z.enum(SAFT_IMPORT_STATES),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  country: z.string().nullable(),
  auditFileVersion: z.string().nullable(),
  header: z.record(z.string(), z.string()).nullable(),
  /** 0–100 */
  progress: z.number().int(),
  counts: z.record(z.string(), z.number()),
  /** Control totals per section (SalesInvoices, GeneralLedgerEntries…): declared and computed. */
  totals: z.record(z.string(), ZSaftSectionTotals),
  report: z.array(ZSaftIssue),
  signaturesChecked: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SaftImport = z.infer<typeof ZSaftImport>;

const ZImportIdParams = z.object({ id: z.uuid() });

/** Multipart form: `file` (the SAF-T) and optional `publicKey` (PEM text or file). */
export const createSaftImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/saft/imports',
  response: ZSaftImport,
  status: 201,
});

/**
 * Onboarding a client: the same multipart form, without an organization. The organization is created
 * from the file's header (CompanyName, TaxRegistrationNumber, address, currency; SAF-T PT or AO gives the
 * country), owned by the caller within their plan, and the file is imported into it.
 */
export const onboardSaftImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/saft/onboarding',
  response: ZSaftImport,
  status: 201,
});

export const getSaftImportContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/saft/imports/:id',
  params: ZImportIdParams,
  response: ZSaftImport,
});

export const listSaftImportsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/saft/imports',
  response: z.array(ZSaftImport),
});

/** Confirms the warnings of an import awaiting confirmation: the import proceeds. */
export const confirmSaftImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/saft/imports/:id/confirm',
  params: ZImportIdParams,
  response: ZSaftImport,
});

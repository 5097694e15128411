import { z } from 'zod';
import { defineContract } from '../contract.ts';

/**
 * The audit log (docs/audit-and-notifications.md): append-only rows of who changed what and when, and
 * of security events (sign-in, failed sign-in, permission change, secret change, export).
 */

/** What happened: a change to business data (by HTTP method) or a security event. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'signin',
  'signin.failed',
  'signout',
  'permission.change',
  'secret.change',
  'settings.change',
  'export',
  'purge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Days an organization keeps its audit log unless its owner sets otherwise (ten years). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 3650;
export const MIN_AUDIT_RETENTION_DAYS = 30;
export const MAX_AUDIT_RETENTION_DAYS = 36500;
/** A page of the audit log holds at most this many entries; an export at most AUDIT_EXPORT_MAX_ROWS. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** What every masked value reads as. */
export const AUDIT_MASK = '***';

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  organizationId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  /** Names of the fields the request sent (values are never recorded centrally). */
  fields: z.array(z.string()),
  /** Before/after of the fields a service knows, secrets masked. */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

/** A UTC day the database can take (PostgreSQL has no year 0). */
const ZDay = z.iso.date().refine((day) => day >= '1900-01-01' && day <= '2999-12-31');
export const ZAuditFilters = z.object({
  /** First day included (YYYY-MM-DD, UTC). */
  from: ZDay.optional(),
  /** Last day included (YYYY-MM-DD, UTC). */
  to: ZDay.optional(),
  /** An entity (e.g. `billing.documents`) or its start (`billing`). */
  entity: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9._-]*$/)
    .optional(),
  /** The actor's user id. */
  actor: z.uuid().optional(),
});
export type AuditFilters = z.infer<typeof ZAuditFilters>;

export const auditListContract = defineContract({
  method: 'GET',
  path: '/api/v1/audit',
  query: ZAuditFilters.extend({
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  }),
  response: z.object({ items: z.array(ZAuditEntry), nextCursor: z.string().nullable() }),
});

export const auditExportContract = defineContract({
  method: 'GET',
  path: '/api/v1/audit/export',
  query: ZAuditFilters,
  response: z.string(),
});

export const ZAuditSettings = z.object({
  retentionDays: z.number().int().min(MIN_AUDIT_RETENTION_DAYS).max(MAX_AUDIT_RETENTION_DAYS),
});
export type AuditSettings = z.infer<typeof ZAuditSettings>;

export const getAuditSettingsContract = defineContract({
  method: 'GET',
  path: '/api/v1/audit/settings',
  response: ZAuditSettings,
});

export const saveAuditSettingsContract = defineContract({
  method: 'PUT',
  path: '/api/v1/audit/settings',
  body: ZAuditSettings,
  response: ZAuditSettings,
});

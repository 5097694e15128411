import { z } from 'zod';
import { CONNECTION_AUTH_TYPES } from '../code-tables.ts';
import { defineContract } from '../contract.ts';
import { CONNECTION_STATUSES } from '../realtime/events.ts';

/** Trial SAAS customers may add connections only while they have fewer than this (spec §5, §9). */
export const TRIAL_SAAS_CONNECTION_LIMIT = 4;

export const ZConnectionAuthType = z.enum(CONNECTION_AUTH_TYPES);

/**
 * How the user gives consent: `challenge`, a two-factor challenge answered in Fluxo (the sandbox bank);
 * `redirect`, at the bank itself through the aggregator's link (PSD2 institutions), coming back to
 * /treasury/wallets?connection=<id>, where the web calls POST /connections/{id}/ok.
 */
export const CONSENT_FLOWS = ['challenge', 'redirect'] as const;
export type ConsentFlow = (typeof CONSENT_FLOWS)[number];

export const ZInstitution = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  authTypes: z.array(ZConnectionAuthType),
  /** A test institution: no real bank behind it. */
  sandbox: z.boolean(),
  /** For sandbox institutions, the answers that succeed. */
  hint: z.string().nullable(),
  consentFlow: z.enum(CONSENT_FLOWS),
  /** The bank's logo URL, when the aggregator gives one. */
  logo: z.string().nullable(),
  /** Days of movement history the bank gives on the first sync. */
  historyDays: z.number().int().nullable(),
});
export type Institution = z.infer<typeof ZInstitution>;

export const ZConnection = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  institutionCode: z.string(),
  institutionName: z.string(),
  institutionCountry: z.string(),
  authType: ZConnectionAuthType,
  status: z.enum(CONNECTION_STATUSES),
  /** While waiting for the two-factor answer: when it is due (ISO). */
  authExpiresAt: z.string().nullable(),
  /** The connector behind it: sandbox, gocardless. */
  provider: z.string(),
  consentFlow: z.enum(CONSENT_FLOWS),
  /** Until when the consent given at the bank lets Fluxo read the accounts (ISO), when known. */
  consentExpiresAt: z.string().nullable(),
  /** The consent ends within 7 days (or has ended): time to renew it. */
  consentExpiringSoon: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  lastSyncError: z.string().nullable(),
  /**
   * Redirect flow, in the answers of creation and renewal: the bank's consent page to send the user to.
   * Null elsewhere.
   */
  authorizationUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof ZConnection>;

export const ZConnectionAttempt = z.object({
  id: z.string(),
  authType: ZConnectionAuthType,
  status: z.enum(CONNECTION_STATUSES),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ConnectionAttempt = z.infer<typeof ZConnectionAttempt>;

const ZConnectionParams = z.object({ id: z.uuid() });

/** The institutions one can connect: the sandbox bank, and the aggregator's banks when it is configured. */
export const listInstitutionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections/institutions',
  query: z.object({
    /** ISO 3166 country (PT…); every country the connectors serve when absent. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
  response: z.array(ZInstitution),
});
/** The organization's bank connections (OrgId), oldest first. */
export const listConnectionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections',
  response: z.array(ZConnection),
});
export const connectionEligibilityContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections/eligibility',
  response: z.object({
    eligible: z.boolean(),
    /** Connections counted against the limit. */
    connections: z.number().int(),
    /** The limit in force, or null when unlimited. */
    limit: z.number().int().nullable(),
  }),
});
export const createConnectionContract = defineContract({
  method: 'POST',
  path: '/api/v1/connections',
  body: z.strictObject({
    institutionCode: z.string().trim().min(1).max(100),
    name: z.string().trim().min(1).max(100),
    /** The auth type to use, among the institution's; its first one when absent. */
    authType: ZConnectionAuthType.optional(),
  }),
  response: ZConnection,
  status: 201,
});
/** Starts authentication: the caller receives CONNECTION_STATUS_CHANGED waiting_authentication. */
export const setupConnectionContract = defineContract({
  method: 'POST',
  path: '/api/v1/connections/:id/setup',
  params: ZConnectionParams,
  response: ZConnection,
});
export const connectionAttemptsContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections/:id/attempts',
  params: ZConnectionParams,
  response: z.array(ZConnectionAttempt),
});
export const connectionInstitutionInfoContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections/:id/institution/info',
  params: ZConnectionParams,
  response: ZInstitution,
});
export const deleteConnectionContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/connections/:id',
  params: ZConnectionParams,
  response: z.object({ deleted: z.literal(true) }),
});
/**
 * The two-factor answer, at /auth/token, /auth/question, /auth/app or /auth/qrcode (spec §7). The outcome
 * also arrives as CONNECTION_STATUS_CHANGED: connected, or invalid_token.
 */
export const answerConnectionAuthContract = defineContract({
  method: 'POST',
  path: '/api/v1/bankonnector/connections/:id/auth/:authType',
  params: z.object({ id: z.uuid(), authType: ZConnectionAuthType }),
  body: z.strictObject({ value: z.string().trim().min(1).max(200) }),
  response: z.object({ id: z.string(), status: z.enum(CONNECTION_STATUSES) }),
});

// ── Redirect consent, accounts and housekeeping (treasury: bank connections) ─────────────────────

/** A treasury account fed by a connection. */
export const ZConnectionAccount = z.object({
  id: z.string(),
  name: z.string(),
  iban: z.string().nullable(),
  currency: z.string(),
  institution: z.string().nullable(),
  providerAccountId: z.string().nullable(),
  syncStatus: z.string().nullable(),
  syncError: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  bankBalance: z.number().int().nullable(),
  bankBalanceDate: z.string().nullable(),
});
export type ConnectionAccount = z.infer<typeof ZConnectionAccount>;

/**
 * The user is back from the bank (or answered the sandbox's challenge): checks the consent, discovers
 * the accounts (treasury accounts of kind bank) and schedules their first sync.
 */
export const connectionOkContract = defineContract({
  method: 'POST',
  path: '/api/v1/connections/:id/ok',
  params: ZConnectionParams,
  /** What the bank's redirect back carried in its query string (`code`, or `error`), as it came. */
  body: z
    .strictObject({
      code: z.string().trim().min(1).max(4000).optional(),
      error: z.string().trim().min(1).max(500).optional(),
    })
    .nullish(),
  response: z.object({
    connection: ZConnection,
    accounts: z.array(ZConnectionAccount),
    /** Accounts created by this call (the others were known already). */
    created: z.number().int(),
  }),
});

/** A new consent for a connection whose consent expired or is about to: answers `authorizationUrl`. */
export const renewConnectionContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/connections/:id/renew',
  params: ZConnectionParams,
  response: ZConnection,
});

export const connectionAccountsContract = defineContract({
  method: 'GET',
  path: '/api/v1/connections/:id/accounts',
  params: ZConnectionParams,
  response: z.array(ZConnectionAccount),
});

export const renameConnectionContract = defineContract({
  method: 'POST',
  path: '/api/v1/connections/:id/rename',
  params: ZConnectionParams,
  query: z.object({ name: z.string().trim().min(1).max(100) }),
  response: ZConnection,
});

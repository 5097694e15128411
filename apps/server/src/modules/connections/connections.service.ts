import { randomUUID } from 'node:crypto';
import {
  type Connection,
  type ConnectionAttempt,
  type ConnectionAuthType,
  type ConnectionStatus,
  type ConnectionStatusChanged,
  type Institution,
  TRIAL_SAAS_CONNECTION_LIMIT,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyOrganization, notifyUser } from '../../realtime/notify.ts';
import { upsertDiscoveredAccounts } from '../treasury/sync/bank-accounts.ts';
import { CONSENT_WARNING_DAYS, requestSync } from '../treasury/sync/sync.service.ts';
import * as repository from './connections.repository.ts';
import { type BankConnector, BankFeedError, type ConnectorRegistry } from './connectors/connector.ts';
import { ENABLE_BANKING_PREFIX } from './connectors/enable-banking.ts';
import { GOCARDLESS_PREFIX } from './connectors/gocardless.ts';

export interface ConnectionsDeps {
  db: Db;
  connectors: ConnectorRegistry;
  /** Seconds the user has to answer a two-factor challenge. */
  authTimeoutSeconds: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Runs a call to the bank's side, turning its failures into BANK_PROVIDER_UNAVAILABLE / CONSENT_EXPIRED. */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BankFeedError)) throw error;
    if (error.kind === 'consent_expired') throw new AppError('CONSENT_EXPIRED', error.message);
    throw new AppError('BANK_PROVIDER_UNAVAILABLE', error.message);
  }
}

export async function institutionOf(deps: ConnectionsDeps, code: string) {
  const found = await viaProvider(() => deps.connectors.resolve(code));
  const provider = code.startsWith(GOCARDLESS_PREFIX)
    ? 'gocardless'
    : code.startsWith(ENABLE_BANKING_PREFIX)
      ? 'enablebanking'
      : null;
  if (!found && provider && !deps.connectors.byProvider(provider)) {
    throw new AppError(
      'AGGREGATOR_NOT_CONFIGURED',
      `Bank connections through ${provider} are not configured.`,
    );
  }
  if (!found) throw new AppError('UNKNOWN_INSTITUTION', `No institution ${code}.`);
  return found;
}

/** The connector that owns a connection (its `provider`); AGGREGATOR_NOT_CONFIGURED when it is off now. */
export function connectorOf(deps: ConnectionsDeps, row: repository.ConnectionRow): BankConnector {
  const connector = deps.connectors.byProvider(row.provider);
  if (!connector) {
    throw new AppError(
      'AGGREGATOR_NOT_CONFIGURED',
      `The ${row.provider} bank connection service is not configured.`,
    );
  }
  return connector;
}

export function toConnection(
  deps: ConnectionsDeps,
  row: repository.ConnectionRow,
  authorizationUrl: string | null = null,
): Connection {
  const institution = deps.connectors.find(row.institutionCode)?.institution;
  const consentEnds = row.consentExpiresAt ? new Date(row.consentExpiresAt).getTime() : null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    institutionCode: row.institutionCode,
    institutionName: institution?.name ?? row.institutionCode,
    institutionCountry: institution?.country ?? '',
    authType: row.authType as ConnectionAuthType,
    status: row.status as ConnectionStatus,
    authExpiresAt: row.status === 'waiting_authentication' ? iso(row.authDueAt) : null,
    provider: row.provider,
    // An aggregator switched off since still shows how its connections were made.
    consentFlow:
      deps.connectors.byProvider(row.provider)?.consentFlow ??
      (row.provider === 'sandbox' ? 'challenge' : 'redirect'),
    consentExpiresAt: iso(row.consentExpiresAt),
    consentExpiringSoon:
      row.status === 'consent_expired' ||
      (consentEnds !== null &&
        row.status === 'connected' &&
        consentEnds - Date.now() <= CONSENT_WARNING_DAYS * 86_400_000),
    lastSyncedAt: iso(row.lastSyncedAt),
    lastSyncError: row.lastSyncError,
    authorizationUrl,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** The CONNECTION_STATUS_CHANGED payload of spec §3/§4 for a connection. */
function statusEvent(
  deps: ConnectionsDeps,
  row: repository.ConnectionRow,
  status: ConnectionStatus,
  challenge: { question?: string; qrCode?: string; timeoutSeconds?: number } = {},
): ConnectionStatusChanged {
  const institution: Institution | undefined = deps.connectors.find(row.institutionCode)?.institution;
  const extra = {
    ...(challenge.question ? { Question: challenge.question } : {}),
    ...(challenge.qrCode ? { QrCode: challenge.qrCode } : {}),
  };
  return {
    Status: status,
    AuthType: row.authType as ConnectionAuthType,
    ExtraData: {
      ConnectionName: row.name,
      InstitutionName: institution?.name ?? row.institutionCode,
      InstitutionCountry: institution?.country ?? '',
      InstitutionCode: row.institutionCode,
      ConnectionId: row.id,
      Timeout: challenge.timeoutSeconds ?? deps.authTimeoutSeconds,
      ...(status === 'waiting_authentication' && row.authDueAt ? { ExpiresAt: iso(row.authDueAt)! } : {}),
      ...(Object.keys(extra).length > 0 ? { ExtraData: extra } : {}),
    },
  };
}

/** Spec §5: a trial SAAS customer may add connections only while it has fewer than 4. */
export async function eligibility(
  deps: ConnectionsDeps,
  organizationId: string,
  within?: { tx: Db; lock: true },
) {
  const db = within?.tx ?? deps.db;
  const billing = await repository.billingOf(db, organizationId);
  const connections = await repository.countConnections(db, billing, organizationId, within?.lock ?? false);
  const limit = billing.trialSaas ? TRIAL_SAAS_CONNECTION_LIMIT : null;
  return { eligible: limit === null || connections < limit, connections, limit };
}

/** Where the bank sends the user back: the wallets page, which then calls POST /connections/{id}/ok. */
export function consentReturnUrl(origin: string, connectionId: string): string {
  const url = new URL('/treasury/wallets', origin);
  url.searchParams.set('connection', connectionId);
  return url.toString();
}

async function ensureEligible(
  deps: ConnectionsDeps,
  organizationId: string,
  within?: { tx: Db; lock: true },
) {
  const allowed = await eligibility(deps, organizationId, within);
  if (!allowed.eligible) {
    throw new AppError(
      'CONNECTION_LIMIT_REACHED',
      `A trial allows fewer than ${allowed.limit} connections; this subscription has ${allowed.connections}.`,
    );
  }
}

export async function createConnection(
  deps: ConnectionsDeps,
  input: {
    organizationId: string;
    userId: string;
    institutionCode: string;
    name: string;
    authType?: ConnectionAuthType;
    /** The web's origin, for the redirect back from the bank. */
    origin: string;
    language: string;
  },
): Promise<Connection> {
  const { connector, institution } = await institutionOf(deps, input.institutionCode);
  if (connector.consentFlow === 'redirect') return createRedirectConnection(deps, connector, input);
  const authType = input.authType ?? institution.authTypes[0]!;
  if (!institution.authTypes.includes(authType)) {
    throw new AppError(
      'AUTH_TYPE_NOT_SUPPORTED',
      `${institution.name} does not offer ${authType} authentication.`,
    );
  }
  return deps.db.transaction(async (tx) => {
    await ensureEligible(deps, input.organizationId, { tx, lock: true });
    const row = await repository.insertConnection(tx, {
      organizationId: input.organizationId,
      createdBy: input.userId,
      name: input.name,
      institutionCode: institution.code,
      authType,
      provider: connector.id,
    });
    await notifyOrganization(tx, input.organizationId, 'VAULT_CONNECTION_CREATED', {
      ConnectionId: row.id,
      OrganizationId: input.organizationId,
    });
    return toConnection(deps, row);
  });
}

/**
 * A connection through an aggregator: the consent (agreement + requisition) is opened first, outside
 * any transaction since it calls the aggregator, then the connection is stored with its reference.
 * The answer carries `authorizationUrl`, the bank's consent page.
 */
async function createRedirectConnection(
  deps: ConnectionsDeps,
  connector: BankConnector,
  input: {
    organizationId: string;
    userId: string;
    institutionCode: string;
    name: string;
    origin: string;
    language: string;
  },
): Promise<Connection> {
  await ensureEligible(deps, input.organizationId);
  const id = randomUUID();
  const consent = await viaProvider(() =>
    connector.startConsent!({
      connectionId: id,
      institutionCode: input.institutionCode,
      redirectUrl: consentReturnUrl(input.origin, id),
      language: input.language,
    }),
  );
  try {
    return await deps.db.transaction(async (tx) => {
      await ensureEligible(deps, input.organizationId, { tx, lock: true });
      const row = await repository.insertConnection(tx, {
        id,
        organizationId: input.organizationId,
        createdBy: input.userId,
        name: input.name,
        institutionCode: input.institutionCode,
        // The user authenticates in the bank's own site or app, after the redirect.
        authType: 'app',
        provider: connector.id,
        providerReference: consent.reference,
        consentExpiresAt: consent.consentExpiresAt,
      });
      await notifyOrganization(tx, input.organizationId, 'VAULT_CONNECTION_CREATED', {
        ConnectionId: row.id,
        OrganizationId: input.organizationId,
      });
      return toConnection(deps, row, consent.authorizationUrl);
    });
  } catch (error) {
    await connector.revokeConsent?.(consent.reference).catch(() => undefined);
    throw error;
  }
}

/** The organization's connection; with a transaction, locked for it. Another organization's is NOT_FOUND. */
export async function requireConnection(deps: ConnectionsDeps, organizationId: string, id: string, tx?: Db) {
  const row = await repository.findConnection(tx ?? deps.db, organizationId, id, {
    forUpdate: tx !== undefined,
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such connection in this organization.');
  return row;
}

/**
 * Starts two-factor authentication: the connector issues a challenge, the connection waits for the
 * answer until the timeout, and the caller gets CONNECTION_STATUS_CHANGED waiting_authentication. A setup
 * during a running attempt replaces it.
 */
export async function setupConnection(
  deps: ConnectionsDeps,
  input: { organizationId: string; userId: string; connectionId: string },
): Promise<Connection> {
  const current = await requireConnection(deps, input.organizationId, input.connectionId);
  const { connector } = await institutionOf(deps, current.institutionCode);
  if (!connector.startAuthentication) {
    throw new AppError(
      'CONNECTION_NOT_AWAITING_AUTHENTICATION',
      'This bank is authorised at the bank itself: renew the connection (PATCH /connections/{id}/renew).',
    );
  }
  const challenge = await connector.startAuthentication({
    connectionId: current.id,
    connectionName: current.name,
    institutionCode: current.institutionCode,
    authType: current.authType as ConnectionAuthType,
  });
  return deps.db.transaction(async (tx) => {
    const row = await requireConnection(deps, input.organizationId, input.connectionId, tx);
    if (row.status === 'waiting_authentication' && row.authAttemptId) {
      await repository.abandonAttempt(tx, row.authAttemptId);
    }
    const waiting = await repository.startAttempt(tx, row, {
      userId: input.userId,
      state: challenge.state,
      timeoutSeconds: challenge.timeoutSeconds ?? deps.authTimeoutSeconds,
    });
    await notifyUser(
      tx,
      input.userId,
      'CONNECTION_STATUS_CHANGED',
      statusEvent(deps, waiting, 'waiting_authentication', challenge),
    );
    return toConnection(deps, waiting);
  });
}

/** Ends an overdue attempt with two_factor_auth_timeout and tells the user who started it. */
async function timeOut(deps: ConnectionsDeps, tx: Db, row: repository.ConnectionRow): Promise<boolean> {
  const ended = await repository.finishAttempt(tx, row, 'two_factor_auth_timeout');
  if (!ended) return false;
  if (row.authUserId) {
    await notifyUser(
      tx,
      row.authUserId,
      'CONNECTION_STATUS_CHANGED',
      statusEvent(deps, ended, 'two_factor_auth_timeout'),
    );
  }
  return true;
}

/** The durable timer: every sweep times out the overdue attempts (a restart loses none). */
export async function expireOverdueAttempts(deps: ConnectionsDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const overdue = await repository.lockOverdue(tx, 100);
    let count = 0;
    for (const row of overdue) if (await timeOut(deps, tx, row)) count++;
    return count;
  });
}

/**
 * The user's two-factor answer. Right: connected; wrong: invalid_token (a new setup starts over); late:
 * two_factor_auth_timeout and a TWO_FACTOR_TIMEOUT error. Each outcome also reaches the user as
 * CONNECTION_STATUS_CHANGED.
 */
export async function answerAuthentication(
  deps: ConnectionsDeps,
  input: {
    organizationId: string;
    userId: string;
    connectionId: string;
    authType: ConnectionAuthType;
    value: string;
  },
): Promise<{ id: string; status: ConnectionStatus }> {
  const row = await requireConnection(deps, input.organizationId, input.connectionId);
  if (row.status !== 'waiting_authentication' || !row.authAttemptId) {
    throw new AppError(
      'CONNECTION_NOT_AWAITING_AUTHENTICATION',
      'This connection is not waiting for an answer.',
    );
  }
  if (row.authUserId !== input.userId) {
    throw new AppError('FORBIDDEN', 'Only the person who started this authentication can answer it.');
  }
  if (row.authType !== input.authType) {
    throw new AppError('CONNECTION_AUTH_TYPE_MISMATCH', `This connection expects a ${row.authType} answer.`);
  }
  if (row.authDueAt && new Date(row.authDueAt).getTime() <= Date.now()) {
    await deps.db.transaction((tx) => timeOut(deps, tx, row));
    throw new AppError('TWO_FACTOR_TIMEOUT', 'The time to answer has run out. Start again.');
  }
  const { connector, institution } = await institutionOf(deps, row.institutionCode);
  // The connector is asked outside any transaction: a real one calls the bank.
  const right =
    (await connector.verifyAnswer?.({
      authType: input.authType,
      state: (row.authState ?? {}) as Record<string, unknown>,
      value: input.value,
    })) ?? false;
  const discovered = right
    ? await viaProvider(() =>
        connector.discoverAccounts({
          connectionId: row.id,
          institutionCode: row.institutionCode,
          reference: null,
        }),
      )
    : [];
  const status = right ? 'connected' : 'invalid_token';
  const outcome = await deps.db.transaction(async (tx) => {
    const ended = await repository.finishAttempt(tx, row, status);
    if (!ended) {
      // It ended meanwhile: timed out by a sweep, or replaced by a new setup.
      const now = await requireConnection(deps, input.organizationId, input.connectionId, tx);
      if (now.status === 'waiting_authentication' && now.authDueAt && new Date(now.authDueAt) <= new Date()) {
        await timeOut(deps, tx, now);
        return 'timeout' as const;
      }
      return now.status === 'two_factor_auth_timeout' ? ('timeout' as const) : ('gone' as const);
    }
    await notifyUser(tx, input.userId, 'CONNECTION_STATUS_CHANGED', statusEvent(deps, ended, status));
    if (right) {
      // Connected: its accounts appear at once, and their first sync is due now.
      const { accounts } = await upsertDiscoveredAccounts(tx, {
        organizationId: input.organizationId,
        connectionId: ended.id,
        institutionName: institution.name,
        accounts: discovered,
        createdBy: input.userId,
      });
      for (const account of accounts) await requestSync(tx, account.id);
      await notifyOrganization(tx, input.organizationId, 'VAULT_CONNECTION_REFRESHED', {
        ConnectionId: ended.id,
        Status: 'connected',
        OrganizationId: input.organizationId,
      });
    }
    return 'done' as const;
  });
  if (outcome === 'timeout')
    throw new AppError('TWO_FACTOR_TIMEOUT', 'The time to answer has run out. Start again.');
  if (outcome === 'gone') {
    throw new AppError(
      'CONNECTION_NOT_AWAITING_AUTHENTICATION',
      'This connection is not waiting for an answer.',
    );
  }
  return { id: row.id, status };
}

/** The organization's connections, oldest first. */
export async function listConnections(deps: ConnectionsDeps, organizationId: string): Promise<Connection[]> {
  const found = await repository.listConnections(deps.db, organizationId);
  // Names of aggregator banks not seen since start-up; the code stands in when the aggregator is down.
  for (const code of new Set(found.map((row) => row.institutionCode))) {
    if (!deps.connectors.find(code)) await deps.connectors.resolve(code).catch(() => null);
  }
  return found.map((row) => toConnection(deps, row));
}

export async function listAttempts(
  deps: ConnectionsDeps,
  organizationId: string,
  connectionId: string,
): Promise<ConnectionAttempt[]> {
  await requireConnection(deps, organizationId, connectionId);
  const attempts = await repository.listAttempts(deps.db, connectionId);
  return attempts.map((a) => ({
    id: a.id,
    authType: a.authType as ConnectionAuthType,
    status: a.status as ConnectionStatus,
    startedBy: a.startedBy,
    startedAt: iso(a.startedAt)!,
    finishedAt: iso(a.finishedAt),
  }));
}

export async function institutionInfo(
  deps: ConnectionsDeps,
  organizationId: string,
  connectionId: string,
): Promise<Institution> {
  const row = await requireConnection(deps, organizationId, connectionId);
  return (await institutionOf(deps, row.institutionCode)).institution;
}

/**
 * Deletes a connection. Its accounts and their movements stay, marked disconnected (no more syncs);
 * the consent at the aggregator is withdrawn, best effort, once the deletion is committed.
 */
export async function removeConnection(deps: ConnectionsDeps, organizationId: string, connectionId: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await requireConnection(deps, organizationId, connectionId, tx);
    const accounts = await tx.execute(sql`
      UPDATE treasury_accounts SET sync_status = 'disconnected', sync_error = NULL, updated_at = now()
      WHERE connection_id = ${connectionId} AND organization_id = ${organizationId}
      RETURNING id`);
    for (const account of (accounts as unknown as { rows: { id: string }[] }).rows) {
      await notifyOrganization(tx, organizationId, 'UPDATE_ACCOUNT_STATUS', {
        AccountId: account.id,
        Status: 'disconnected',
        ConnectionId: connectionId,
      });
    }
    if (!(await repository.deleteConnection(tx, organizationId, connectionId))) {
      throw new AppError('NOT_FOUND', 'No such connection in this organization.');
    }
    await notifyOrganization(tx, organizationId, 'VAULT_CONNECTIONS_REFRESHED', {
      OrganizationId: organizationId,
    });
    return row;
  });
  if (removed.providerReference) {
    await deps.connectors
      .byProvider(removed.provider)
      ?.revokeConsent?.(removed.providerReference)
      .catch(() => undefined);
  }
  return { deleted: true as const };
}

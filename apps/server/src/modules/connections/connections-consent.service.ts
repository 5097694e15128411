import type { Connection, ConnectionAccount, ConnectionStatus } from '@fluxo/domain';
import { AppError } from '../../platform/errors.ts';
import { notifyOrganization, notifyUser } from '../../realtime/notify.ts';
import type { TreasuryViewer } from '../treasury/accounts/account-scope.ts';
import { visibleAccountIds } from '../treasury/accounts/account-scope.ts';
import { accountsOfConnection, upsertDiscoveredAccounts } from '../treasury/sync/bank-accounts.ts';
import { markConsentExpired, requestSync } from '../treasury/sync/sync.service.ts';
import * as repository from './connections.repository.ts';
import {
  type ConnectionsDeps,
  connectorOf,
  consentReturnUrl,
  requireConnection,
  setupConnection,
  toConnection,
  viaProvider,
} from './connections.service.ts';
import { BankFeedError, type DiscoveredAccount } from './connectors/connector.ts';

// The redirect consent's second half and the connection's housekeeping: back from the bank (ok),
// renewal, its accounts, its name.

function institutionFacts(deps: ConnectionsDeps, row: repository.ConnectionRow) {
  const institution = deps.connectors.find(row.institutionCode)?.institution;
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    institutionCode: row.institutionCode,
    institutionName: institution?.name ?? row.institutionCode,
    institutionCountry: institution?.country ?? '',
  };
}

function statusChanged(deps: ConnectionsDeps, row: repository.ConnectionRow, status: 'connected' | 'error') {
  const facts = institutionFacts(deps, row);
  return {
    Status: status,
    ExtraData: {
      ConnectionName: facts.name.slice(0, 200),
      InstitutionName: facts.institutionName.slice(0, 200),
      InstitutionCountry: facts.institutionCountry.slice(0, 2),
      InstitutionCode: facts.institutionCode.slice(0, 100),
      ConnectionId: row.id,
    },
  } as const;
}

/**
 * POST /connections/{id}/ok: the user is back from the bank (redirect) or has answered the sandbox's
 * challenge. A linked consent gets its accounts discovered (treasury accounts of kind bank) and their
 * first sync scheduled; a consent still under way changes nothing; a rejected one ends in error.
 */
export async function confirmConsent(
  deps: ConnectionsDeps,
  input: {
    viewer: TreasuryViewer;
    connectionId: string;
    /** What the bank's redirect back carried. */
    back?: { code?: string; error?: string };
    kick?: () => void;
  },
): Promise<{ connection: Connection; accounts: ConnectionAccount[]; created: number }> {
  const { viewer } = input;
  const row = await requireConnection(deps, viewer.organizationId, input.connectionId);
  const connector = connectorOf(deps, row);
  const ref = {
    connectionId: row.id,
    institutionCode: row.institutionCode,
    reference: row.providerReference,
  };
  let consentExpiresAt: Date | null = null;
  if (connector.consentFlow === 'redirect') {
    if (!row.providerReference || !connector.completeConsent) {
      throw new AppError(
        'CONNECTION_NOT_AWAITING_AUTHENTICATION',
        'This connection has no consent under way.',
      );
    }
    const state = await viaProvider(() =>
      connector.completeConsent!(row.providerReference!, input.back ?? {}),
    );
    if (state.status === 'pending') {
      return { connection: toConnection(deps, row), accounts: [], created: 0 };
    }
    if (state.status === 'expired') {
      await deps.db.transaction((tx) =>
        markConsentExpired(tx, institutionFacts(deps, row), 'The consent given at the bank has ended.'),
      );
      throw new AppError('CONSENT_EXPIRED', 'The consent given at the bank has ended: renew the connection.');
    }
    if (state.status === 'rejected') {
      const failed = await deps.db.transaction(async (tx) => {
        const updated = await repository.setConsentOutcome(tx, row.id, {
          status: 'error',
          error: state.reason.slice(0, 500),
        });
        await notifyUser(tx, viewer.userId, 'CONNECTION_STATUS_CHANGED', statusChanged(deps, row, 'error'));
        return updated!;
      });
      return { connection: toConnection(deps, failed), accounts: [], created: 0 };
    }
    consentExpiresAt = state.consentExpiresAt;
    if (state.reference !== row.providerReference) {
      await repository.replaceReference(deps.db, row.id, state.reference);
      ref.reference = state.reference;
    }
  } else if (row.status !== 'connected') {
    throw new AppError('CONNECTION_NOT_AWAITING_AUTHENTICATION', 'Answer the bank’s challenge first.');
  }

  let discovered: DiscoveredAccount[];
  try {
    discovered = await connector.discoverAccounts(ref);
  } catch (error) {
    // The consent holds but the accounts could not be read: the web offers to try again.
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await deps.db.transaction(async (tx) => {
      await repository.recordSyncError(tx, row.id, message);
      await notifyOrganization(tx, viewer.organizationId, 'GET_ACCOUNTS_RETRY', { ConnectionId: row.id });
    });
    if (error instanceof BankFeedError && error.kind === 'consent_expired') {
      throw new AppError('CONSENT_EXPIRED', message);
    }
    throw new AppError('BANK_PROVIDER_UNAVAILABLE', message);
  }

  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await requireConnection(deps, viewer.organizationId, row.id, tx);
    const updated = await repository.setConsentOutcome(tx, row.id, { status: 'connected', consentExpiresAt });
    const { created } = await upsertDiscoveredAccounts(tx, {
      organizationId: viewer.organizationId,
      connectionId: row.id,
      institutionName: institutionFacts(deps, row).institutionName,
      accounts: discovered,
      createdBy: viewer.userId,
    });
    const now = new Date();
    for (const account of await accountsOfConnection(tx, viewer.organizationId, row.id, null)) {
      if (account.syncStatus !== 'disconnected') await requestSync(tx, account.id, now);
    }
    if (locked.status !== 'connected') {
      await notifyUser(
        tx,
        viewer.userId,
        'CONNECTION_STATUS_CHANGED',
        statusChanged(deps, updated!, 'connected'),
      );
    }
    await notifyOrganization(tx, viewer.organizationId, 'VAULT_CONNECTION_REFRESHED', {
      ConnectionId: row.id,
      Status: 'connected',
      OrganizationId: viewer.organizationId,
    });
    const previous = (locked.authState as { previousReference?: string } | null)?.previousReference ?? null;
    return { connection: updated!, created: created.length, previous };
  });
  // The consent this one replaced (renewal) is withdrawn at the aggregator now that the new one holds.
  if (outcome.previous && outcome.previous !== outcome.connection.providerReference) {
    await connector.revokeConsent?.(outcome.previous).catch(() => undefined);
  }
  input.kick?.();
  const visible = await visibleAccountIds(deps.db, viewer);
  return {
    connection: toConnection(deps, outcome.connection),
    accounts: await accountsOfConnection(deps.db, viewer.organizationId, row.id, visible),
    created: outcome.created,
  };
}

/**
 * PATCH /connections/{id}/renew: a new consent. Through an aggregator, a new agreement and requisition
 * (the answer carries `authorizationUrl`; the old consent is withdrawn); with the sandbox, a new
 * two-factor challenge.
 */
export async function renewConsent(
  deps: ConnectionsDeps,
  input: { organizationId: string; userId: string; connectionId: string; origin: string; language: string },
): Promise<Connection> {
  const row = await requireConnection(deps, input.organizationId, input.connectionId);
  const connector = connectorOf(deps, row);
  if (connector.consentFlow !== 'redirect' || !connector.startConsent) {
    return setupConnection(deps, input);
  }
  const consent = await viaProvider(() =>
    connector.startConsent!({
      connectionId: row.id,
      institutionCode: row.institutionCode,
      redirectUrl: consentReturnUrl(input.origin, row.id),
      language: input.language,
    }),
  );
  const renewed = await deps.db.transaction(async (tx) => {
    const locked = await requireConnection(deps, input.organizationId, row.id, tx);
    const updated = await repository.replaceConsent(tx, locked, consent);
    await notifyOrganization(tx, input.organizationId, 'VAULT_CONNECTION_REFRESHED', {
      ConnectionId: row.id,
      Status: updated!.status as ConnectionStatus,
      OrganizationId: input.organizationId,
    });
    return updated!;
  });
  return toConnection(deps, renewed, consent.authorizationUrl);
}

export async function connectionAccounts(
  deps: ConnectionsDeps,
  viewer: TreasuryViewer,
  connectionId: string,
): Promise<ConnectionAccount[]> {
  await requireConnection(deps, viewer.organizationId, connectionId);
  const visible = await visibleAccountIds(deps.db, viewer);
  return accountsOfConnection(deps.db, viewer.organizationId, connectionId, visible);
}

export async function renameConnection(
  deps: ConnectionsDeps,
  organizationId: string,
  connectionId: string,
  name: string,
): Promise<Connection> {
  return deps.db.transaction(async (tx) => {
    const row = await repository.renameConnection(tx, organizationId, connectionId, name);
    if (!row) throw new AppError('NOT_FOUND', 'No such connection in this organization.');
    await notifyOrganization(tx, organizationId, 'VAULT_CONNECTION_REFRESHED', {
      ConnectionId: row.id,
      OrganizationId: organizationId,
    });
    return toConnection(deps, row);
  });
}

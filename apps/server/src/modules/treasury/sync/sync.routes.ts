import { PermissionFlag, refreshAccountContract } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { ConnectorRegistry } from '../../connections/connectors/connector.ts';
import { accountFilter, visibleAccountIds } from '../accounts/account-scope.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import { markSyncing, requestSync, type SyncDeps } from './sync.service.ts';
import { startSyncRunner } from './sync-runner.ts';

/** The bank feed: its job runner (when jobs are polled, JOBS_POLL_MS) and "refresh now" on an account. */
export function syncRoutes(
  app: FastifyInstance,
  deps: TreasuryDeps & { connectors: ConnectorRegistry },
): void {
  const { db } = deps;
  const syncDeps: SyncDeps = {
    connectors: deps.connectors,
    intervalHours: deps.config.connections.syncIntervalHours,
  };
  const pollMs = deps.config.billing.jobsPollMs;
  const runner = pollMs > 0 ? startSyncRunner(db, syncDeps, { intervalMs: pollMs, log: app.log }) : null;
  if (runner) app.addHook('onClose', () => runner.stop());

  addRoute(
    app,
    refreshAccountContract,
    { kind: 'org', resource: 'treasury.refreshData', flag: PermissionFlag.VIEW },
    async ({ params, request }) => {
      const org = requireOrg(request);
      const viewer = { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
      const visible = await visibleAccountIds(db, viewer);
      const [account] = await rows<{
        id: string;
        connection_id: string | null;
        sync_status: string | null;
        provider: string | null;
      }>(
        db,
        sql`SELECT a.id, a.connection_id, a.sync_status, c.provider
            FROM treasury_accounts a LEFT JOIN bank_connections c ON c.id = a.connection_id
            WHERE a.id = ${params.id} AND a.organization_id = ${org.id} AND ${accountFilter(sql`a.id`, visible)}`,
      );
      if (!account) throw new AppError('NOT_FOUND', 'No such account in this organization.');
      if (!account.connection_id || account.sync_status === 'disconnected') {
        throw new AppError('MANUAL_MOVEMENTS_ONLY', 'This account has no bank connection to refresh from.');
      }
      if (account.sync_status === 'consent_expired') {
        throw new AppError(
          'CONSENT_EXPIRED',
          'The consent given at the bank has ended: renew the connection.',
        );
      }
      if (!deps.connectors.byProvider(account.provider ?? '')) {
        throw new AppError('AGGREGATOR_NOT_CONFIGURED', 'The bank connection service is not configured.');
      }
      const jobId = await db.transaction(async (tx) => {
        await markSyncing(tx, account.id);
        return requestSync(tx, account.id);
      });
      runner?.kick();
      return { jobId };
    },
  );
}

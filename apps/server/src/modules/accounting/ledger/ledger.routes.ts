import {
  createEntryContract,
  getEntryContract,
  listEntriesContract,
  listFiscalYearsContract,
  listJournalsContract,
  lockPeriodContract,
  PermissionFlag,
  reverseEntryContract,
  unlockPeriodContract,
  verifyJournalContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { idempotencyKey, once } from '../../../platform/idempotency.ts';
import { addRoute } from '../../../platform/route.ts';
import * as ledger from './ledger.service.ts';

const entries = (flag: number) => ({ kind: 'org' as const, resource: 'accounting.entries' as const, flag });

/**
 * The journal's routes (resource accounting.entries): VIEW reads; CREATE posts manual entries and
 * reversals; EDIT locks periods; ADMIN (owners hold it) reopens them.
 */
export function ledgerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;

  addRoute(app, listFiscalYearsContract, entries(PermissionFlag.VIEW), async ({ request }) =>
    ledger.listFiscalYears(db, org(request)),
  );
  addRoute(app, lockPeriodContract, entries(PermissionFlag.EDIT), async ({ request, params }) =>
    ledger.lockPeriod(db, org(request), params.id, requireSession(request).userId),
  );
  addRoute(app, unlockPeriodContract, entries(PermissionFlag.ADMIN), async ({ request, params }) =>
    ledger.unlockPeriod(db, org(request), params.id),
  );
  addRoute(app, listJournalsContract, entries(PermissionFlag.VIEW), async ({ request }) =>
    ledger.listJournals(db, org(request)),
  );
  addRoute(app, listEntriesContract, entries(PermissionFlag.VIEW), async ({ request, query }) =>
    ledger.listEntries(db, org(request), query),
  );
  addRoute(app, getEntryContract, entries(PermissionFlag.VIEW), async ({ request, params }) =>
    ledger.getEntry(db, org(request), params.id),
  );
  addRoute(app, verifyJournalContract, entries(PermissionFlag.VIEW), async ({ request }) =>
    ledger.verifyJournals(db, org(request)),
  );

  /** Runs once per (user, Idempotency-Key): a retry answers the first response. */
  const onceOnly = async <T>(
    request: FastifyRequest,
    endpoint: string,
    body: unknown,
    work: (tx: Db, userId: string) => Promise<T>,
  ) => {
    const { userId } = requireSession(request);
    const { response, replayed } = await once(
      db,
      { userId, key: idempotencyKey(request), endpoint: `${endpoint}.${org(request)}`, body },
      (tx) => work(tx as unknown as Db, userId),
    );
    return { response, replayed };
  };

  addRoute(app, createEntryContract, entries(PermissionFlag.CREATE), async ({ request, reply, body }) => {
    const { response, replayed } = await onceOnly(request, 'accounting.entries.create', body, (tx, userId) =>
      ledger.createManualEntry(tx, org(request), body, userId),
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return response;
  });
  addRoute(
    app,
    reverseEntryContract,
    entries(PermissionFlag.CREATE),
    async ({ request, reply, params, body }) => {
      const { response, replayed } = await onceOnly(
        request,
        `accounting.entries.reverse.${params.id}`,
        body,
        async (tx, userId) => {
          const reversal = await ledger.reverseEntry(tx, {
            organizationId: org(request),
            entryId: params.id,
            date: body.date,
            description: body.description,
            createdBy: userId,
          });
          return ledger.getEntry(tx, org(request), reversal.id);
        },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return response;
    },
  );
}

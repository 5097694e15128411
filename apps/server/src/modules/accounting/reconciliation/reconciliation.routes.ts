import {
  applyReconciliationRuleContract,
  confirmReconciliationContract,
  createReconciliationRuleContract,
  deleteReconciliationRuleContract,
  listReconciliationRulesContract,
  movementReconciliationsContract,
  PermissionFlag,
  reconciliationAccountsContract,
  reconciliationCandidatesContract,
  reconciliationSuggestionsContract,
  reconciliationWriteOffAccountsContract,
  rejectSuggestionContract,
  undoReconciliationContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Access } from '../../../platform/access.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { idempotencyKey, once } from '../../../platform/idempotency.ts';
import { addRoute } from '../../../platform/route.ts';
import type { DocumentsDeps } from '../../billing/index.ts';
import type { TreasuryViewer } from '../../treasury/index.ts';
import * as service from './reconciliation.service.ts';
import * as rules from './rules.service.ts';

const access = (flag: number): Access => ({ kind: 'org', resource: 'accounting.reconciliation', flag });

/** Money mutations run once per Idempotency-Key, in the key's transaction (a retry answers the first response). */
async function onceOnly<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  body: unknown,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const { userId } = requireSession(request);
  const key = idempotencyKey(request);
  const { response, replayed } = await once(db, { userId, key, endpoint, body }, (tx) =>
    work(tx as unknown as Db),
  );
  if (replayed) reply.header('idempotent-replayed', 'true');
  return response;
}

/** Bank reconciliation: the queue with its suggestions, matches, rejections and rules. */
export function reconciliationRoutes(app: FastifyInstance, deps: DocumentsDeps): void {
  const { db } = deps;
  const viewerOf = (request: FastifyRequest): TreasuryViewer => ({
    organizationId: requireOrg(request).id,
    userId: requireSession(request).userId,
    role: requireOrg(request).role,
  });

  addRoute(app, reconciliationSuggestionsContract, access(PermissionFlag.VIEW), async ({ request, query }) =>
    service.reconciliationQueue(db, viewerOf(request), query),
  );
  addRoute(app, reconciliationAccountsContract, access(PermissionFlag.VIEW), async ({ request }) =>
    service.reconciliationAccounts(db, viewerOf(request)),
  );
  addRoute(app, reconciliationCandidatesContract, access(PermissionFlag.VIEW), async ({ request, query }) =>
    service.searchForMovement(db, viewerOf(request), query.transactionId, query.q, query.limit),
  );
  addRoute(app, reconciliationWriteOffAccountsContract, access(PermissionFlag.VIEW), async ({ request }) =>
    service.writeOffAccounts(db, requireOrg(request).id),
  );
  addRoute(app, movementReconciliationsContract, access(PermissionFlag.VIEW), async ({ request, params }) =>
    service.matchesOfMovement(db, viewerOf(request), params.id),
  );
  addRoute(
    app,
    confirmReconciliationContract,
    access(PermissionFlag.CREATE),
    async ({ request, reply, body }) =>
      onceOnly(db, request, reply, 'accounting.reconciliation.confirm', body, (tx) =>
        service.confirmMatch(deps, tx, viewerOf(request), body),
      ),
  );
  addRoute(
    app,
    undoReconciliationContract,
    access(PermissionFlag.DELETE),
    async ({ request, reply, params }) =>
      onceOnly(db, request, reply, `accounting.reconciliation.undo.${params.id}`, {}, (tx) =>
        service.undoMatch(tx, viewerOf(request), params.id),
      ),
  );
  addRoute(app, rejectSuggestionContract, access(PermissionFlag.CREATE), async ({ request, body }) =>
    service.rejectSuggestion(db, viewerOf(request), body),
  );
  addRoute(app, listReconciliationRulesContract, access(PermissionFlag.VIEW), async ({ request }) =>
    rules.listRules(db, requireOrg(request).id),
  );
  addRoute(
    app,
    createReconciliationRuleContract,
    access(PermissionFlag.CREATE),
    async ({ request, reply, body }) =>
      onceOnly(db, request, reply, 'accounting.reconciliation.rules.create', body, (tx) =>
        rules.createRule(tx, viewerOf(request), deps, body),
      ),
  );
  addRoute(
    app,
    applyReconciliationRuleContract,
    access(PermissionFlag.CREATE),
    async ({ request, reply, params }) =>
      onceOnly(db, request, reply, `accounting.reconciliation.rules.apply.${params.id}`, {}, async (tx) => ({
        confirmed: await rules.applyRule(tx, viewerOf(request), deps, params.id),
      })),
  );
  addRoute(
    app,
    deleteReconciliationRuleContract,
    access(PermissionFlag.DELETE),
    async ({ request, params }) => rules.deleteRule(db, requireOrg(request).id, params.id),
  );
}

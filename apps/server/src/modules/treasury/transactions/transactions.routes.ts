import {
  bulkUpdateTransactionsContract,
  createTransactionContract,
  deleteTransactionContract,
  exportTransactionsContract,
  getTransactionContract,
  linkTransferContract,
  listTransactionsContract,
  PermissionFlag,
  splitTransactionContract,
  transferCandidatesContract,
  unlinkTransferContract,
  updateTransactionContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import { exportTransactions } from './export-transactions.ts';
import { splitTransaction } from './split-transaction.ts';
import * as movements from './transactions.service.ts';
import { linkTransfer, transferCandidates, unlinkTransfer } from './transfers.ts';

const SCOPED = 'only the movements of the accounts the view policy shows the member';

const inOut = (flag: number): Access => ({ kind: 'org', resource: 'treasury.inOut', flag, detail: SCOPED });

function viewerOf(request: FastifyRequest): TreasuryViewer {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
}

/** The movements of /treasury/in-out: list, export, manual entry, classification, splits and transfers. */
export function transactionsRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  addRoute(app, listTransactionsContract, inOut(PermissionFlag.VIEW), async ({ query, request }) =>
    movements.listTransactions(deps, viewerOf(request), query),
  );

  addRoute(app, exportTransactionsContract, inOut(PermissionFlag.VIEW), async ({ query, request, reply }) => {
    const { format, ...filters } = query;
    const file = await exportTransactions(
      deps,
      viewerOf(request),
      format,
      filters,
      requireSession(request).claims.lang,
    );
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store');
    // A stream payload is sent as it is: the contract's string schema never serialises it.
    return file.body as unknown as string;
  });

  addRoute(app, getTransactionContract, inOut(PermissionFlag.VIEW), async ({ params, request }) =>
    movements.getTransaction(deps, viewerOf(request), params.id),
  );

  addRoute(app, createTransactionContract, inOut(PermissionFlag.CREATE), async ({ body, request }) =>
    movements.createTransaction(deps, viewerOf(request), body),
  );

  addRoute(app, updateTransactionContract, inOut(PermissionFlag.EDIT), async ({ params, body, request }) =>
    movements.updateTransaction(deps, viewerOf(request), params.id, body),
  );

  addRoute(app, deleteTransactionContract, inOut(PermissionFlag.DELETE), async ({ params, request }) => {
    await movements.deleteTransaction(deps, viewerOf(request), params.id);
    return { deleted: true as const };
  });

  addRoute(app, bulkUpdateTransactionsContract, inOut(PermissionFlag.EDIT), async ({ body, request }) => ({
    updated: await movements.bulkUpdateTransactions(deps, viewerOf(request), body.ids, body.set),
  }));

  addRoute(
    app,
    splitTransactionContract,
    {
      kind: 'org',
      resource: 'treasury.subTransaction',
      flag: PermissionFlag.EDIT,
      detail: `${SCOPED}; refused while the subTransactionsFeature flag is off`,
    },
    async ({ params, body, request }) => splitTransaction(deps, viewerOf(request), params.id, body.parts),
  );

  addRoute(app, transferCandidatesContract, inOut(PermissionFlag.VIEW), async ({ params, request }) =>
    transferCandidates(deps, viewerOf(request), params.id),
  );

  addRoute(app, linkTransferContract, inOut(PermissionFlag.EDIT), async ({ params, body, request }) =>
    linkTransfer(deps, viewerOf(request), params.id, body.counterpartId),
  );

  addRoute(app, unlinkTransferContract, inOut(PermissionFlag.EDIT), async ({ params, request }) =>
    unlinkTransfer(deps, viewerOf(request), params.id),
  );
}

import {
  createAccountContract,
  dailyBalancesContract,
  getAccountContract,
  listAccountsContract,
  PermissionFlag,
  updateAccountContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, withDetail } from '../../../platform/access.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import type { TreasuryViewer } from './account-scope.ts';
import * as accounts from './accounts.service.ts';

const cash = (flag: number): Access => ({ kind: 'org', resource: 'treasury.cash', flag });
const SCOPED = 'members see the accounts the view policy shares with them';
const VIEW = withDetail(cash(PermissionFlag.VIEW), SCOPED);
const CREATE = withDetail(
  cash(PermissionFlag.CREATE),
  'sharing with chosen members needs treasury.cashConfigs EDIT or the owner',
);
const EDIT = withDetail(
  cash(PermissionFlag.EDIT),
  `${SCOPED}; changing who sees it needs treasury.cashConfigs EDIT or the owner`,
);

export function viewerOf(request: FastifyRequest): TreasuryViewer {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
}

/** Accounts and wallets: list with balances, one account, create, edit/archive, daily balances. */
export function accountsRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  addRoute(app, listAccountsContract, VIEW, async ({ query, request }) =>
    accounts.listAccounts(deps.db, viewerOf(request), query.includeArchived ?? false),
  );

  addRoute(app, createAccountContract, CREATE, async ({ body, request }) =>
    accounts.createAccount(deps.db, { viewer: viewerOf(request), org: requireOrg(request), body }),
  );

  addRoute(app, getAccountContract, VIEW, async ({ params, request }) =>
    accounts.getAccount(deps.db, viewerOf(request), params.id),
  );

  addRoute(app, updateAccountContract, EDIT, async ({ params, body, request }) =>
    accounts.updateAccount(deps.db, {
      viewer: viewerOf(request),
      org: requireOrg(request),
      accountId: params.id,
      body,
    }),
  );

  addRoute(app, dailyBalancesContract, VIEW, async ({ query, request }) =>
    accounts.dailyBalances(deps.db, viewerOf(request), query),
  );
}

import {
  archiveLedgerAccountContract,
  createLedgerAccountContract,
  listLedgerAccountsContract,
  PermissionFlag,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { requireOrg } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import { archiveAccount, createAccount, listAccounts } from './accounts.service.ts';

const entries = (flag: number) => ({ kind: 'org' as const, resource: 'accounting.entries' as const, flag });

/** The chart of accounts (resource accounting.entries): VIEW reads, CREATE adds, EDIT archives. */
export function chartsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;
  addRoute(app, listLedgerAccountsContract, entries(PermissionFlag.VIEW), async ({ request, query }) =>
    listAccounts(db, org(request), query),
  );
  addRoute(app, createLedgerAccountContract, entries(PermissionFlag.CREATE), async ({ request, body }) =>
    createAccount(db, org(request), body),
  );
  addRoute(
    app,
    archiveLedgerAccountContract,
    entries(PermissionFlag.EDIT),
    async ({ request, params, body }) => archiveAccount(db, org(request), params.id, body.archived),
  );
}

import {
  listPostingMappingsContract,
  PermissionFlag,
  postPendingContract,
  setPostingMappingContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { AccountingDeps } from '../accounting.routes.ts';
import { subscribePosting } from './hooks.ts';
import { listMappings, setMapping } from './mappings.service.ts';
import { postPending } from './pending.ts';

const entriesAccess = (flag: number): Access => ({ kind: 'org', resource: 'accounting.entries', flag });

/** Automatic posting: subscribes to billing's and treasury's hooks, and the mappings' routes. */
export function postingRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;
  subscribePosting();
  addRoute(app, listPostingMappingsContract, entriesAccess(PermissionFlag.VIEW), async ({ request }) =>
    listMappings(db, org(request)),
  );
  addRoute(app, setPostingMappingContract, entriesAccess(PermissionFlag.EDIT), async ({ request, body }) =>
    setMapping(db, org(request), body),
  );
  addRoute(app, postPendingContract, entriesAccess(PermissionFlag.CREATE), async ({ request }) =>
    postPending(db, org(request)),
  );
}

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
import { settlePostingQueue, sweepPostingQueue } from './queue.ts';

const SWEEP_EVERY_MS = 60_000;
/** A row this old was not drained by its request (a crash, an unreachable database). */
const SWEEP_AFTER_SECONDS = 30;

const entriesAccess = (flag: number): Access => ({ kind: 'org', resource: 'accounting.entries', flag });

/** Automatic posting: subscribes to billing's and treasury's hooks, and the mappings' routes. */
export function postingRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;
  subscribePosting();
  // What a crash left between an issue's commit and its posting is posted at start-up, then every minute.
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = (olderThanSeconds: number) =>
    sweepPostingQueue(db, olderThanSeconds, app.log).catch((error) =>
      app.log.error({ err: error }, 'the posting queue sweep failed'),
    );
  app.addHook('onReady', async () => {
    await sweep(0);
    sweeper = setInterval(() => void sweep(SWEEP_AFTER_SECONDS), SWEEP_EVERY_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // The entries of the last documents issued are written before the database closes.
    await settlePostingQueue();
  });
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

import {
  createScheduleContract,
  deleteScheduleContract,
  getScheduleContract,
  listSchedulesContract,
  PermissionFlag,
  pauseScheduleContract,
  previewScheduleContract,
  resumeScheduleContract,
  runScheduleContract,
  updateScheduleContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Access } from '../../../platform/access.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { idempotencyKey, once } from '../../../platform/idempotency.ts';
import { addRoute } from '../../../platform/route.ts';
import { runScheduleNow, type ScheduleDeps } from './schedule-runs.ts';
import * as schedules from './schedules.service.ts';

const access = (flag: number): Access => ({ kind: 'org', resource: 'billing.subscriptions', flag });

/** Recurring billing of the organization's customers (/billing/subscriptions): schedules and their runs. */
export function scheduleRoutes(app: FastifyInstance, deps: ScheduleDeps): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;

  addRoute(app, listSchedulesContract, access(PermissionFlag.VIEW), async ({ request }) =>
    schedules.listSchedules(db, org(request)),
  );
  addRoute(app, getScheduleContract, access(PermissionFlag.VIEW), async ({ request, params }) =>
    schedules.getSchedule(db, org(request), params.id),
  );
  addRoute(app, previewScheduleContract, access(PermissionFlag.VIEW), async ({ body }) =>
    schedules.previewSchedule(body),
  );
  addRoute(app, createScheduleContract, access(PermissionFlag.CREATE), async ({ request, body }) =>
    schedules.createSchedule(db, org(request), requireSession(request).userId, body),
  );
  addRoute(app, updateScheduleContract, access(PermissionFlag.EDIT), async ({ request, params, body }) =>
    schedules.updateSchedule(db, org(request), params.id, body),
  );
  addRoute(app, pauseScheduleContract, access(PermissionFlag.EDIT), async ({ request, params }) =>
    schedules.pauseSchedule(db, org(request), params.id),
  );
  addRoute(app, resumeScheduleContract, access(PermissionFlag.EDIT), async ({ request, params }) =>
    schedules.resumeSchedule(db, org(request), params.id),
  );
  addRoute(app, deleteScheduleContract, access(PermissionFlag.DELETE), async ({ request, params }) =>
    schedules.deleteSchedule(db, org(request), params.id),
  );
  // Produces (and may issue) a document: once per Idempotency-Key, like every money mutation.
  addRoute(app, runScheduleContract, access(PermissionFlag.CREATE), async ({ request, reply, params }) => {
    const { userId } = requireSession(request);
    let after: (() => Promise<void>) | null = null;
    const { response, replayed } = await once(
      db,
      { userId, key: idempotencyKey(request), endpoint: `billing.schedules.run.${params.id}`, body: params },
      async (tx) => {
        const result = await runScheduleNow(deps, tx as unknown as Db, org(request), params.id);
        after = result.after;
        return result.run;
      },
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    // The e-mail leaves once the document is committed.
    if (after) await (after as () => Promise<void>)();
    return response;
  });
}

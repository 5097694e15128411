import {
  getDashboardContract,
  getDashboardLayoutContract,
  PermissionFlag,
  saveDashboardLayoutContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, withDetail } from '../../platform/access.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import type { TreasuryViewer } from '../treasury/index.ts';
import { assembleDashboard, availableWidgets, loadLayout, saveLayout } from './dashboards.service.ts';

const VIEW: Access = withDetail(
  { kind: 'org', resource: 'dashboards.dashboards', flag: PermissionFlag.VIEW },
  "each widget also needs VIEW on its module's resource; the layout is the caller's own",
);

function viewerOf(request: FastifyRequest): TreasuryViewer {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
}

/** /api/v1/dashboards: the whole dashboard in one call, and the user's layout per organization. */
export function dashboardsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  addRoute(app, getDashboardContract, VIEW, async ({ request }) => {
    const org = requireOrg(request);
    const viewer = viewerOf(request);
    const available = await availableWidgets(db, org);
    const layout = await loadLayout(db, viewer, available);
    const data = await assembleDashboard(db, viewer, org.country, layout.widgets);
    return { layout, available, data };
  });
  addRoute(app, getDashboardLayoutContract, VIEW, async ({ request }) =>
    loadLayout(db, viewerOf(request), await availableWidgets(db, requireOrg(request))),
  );
  addRoute(app, saveDashboardLayoutContract, VIEW, async ({ request, body }) =>
    saveLayout(db, viewerOf(request), await availableWidgets(db, requireOrg(request)), body),
  );
}

import {
  auditExportContract,
  auditListContract,
  getAuditSettingsContract,
  PermissionFlag,
  saveAuditSettingsContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../platform/access.ts';
import { noteAudit } from '../../platform/audit.ts';
import { requireOrg } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as audit from './audit.service.ts';

/**
 * The audit log is for whoever holds organization.settings at ADMIN: the owner (who holds every grant)
 * and a member the owner gave it to. Locked organizations still show theirs.
 */
const AUDIT_ADMIN: Access = {
  kind: 'org',
  resource: 'organization.settings',
  flag: PermissionFlag.ADMIN,
  allowLocked: true,
};

export function auditRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  addRoute(app, auditListContract, AUDIT_ADMIN, async ({ query, request }) =>
    audit.listAudit(db, requireOrg(request).id, query),
  );

  addRoute(app, auditExportContract, AUDIT_ADMIN, async ({ query, request, reply }) => {
    const csv = await audit.exportAudit(db, requireOrg(request).id, query);
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      .header('cache-control', 'no-store');
    return csv;
  });

  addRoute(app, getAuditSettingsContract, AUDIT_ADMIN, async ({ request }) => ({
    retentionDays: await audit.getRetentionDays(db, requireOrg(request).id),
  }));

  addRoute(app, saveAuditSettingsContract, AUDIT_ADMIN, async ({ body, request }) => {
    const organizationId = requireOrg(request).id;
    const before = await audit.getRetentionDays(db, organizationId);
    const retentionDays = await audit.saveRetentionDays(db, organizationId, body.retentionDays);
    noteAudit(request, {
      entity: 'audit.settings',
      entityId: organizationId,
      changes: before === retentionDays ? null : { retentionDays: { before, after: retentionDays } },
    });
    return { retentionDays };
  });
}

import {
  downloadDataExportContract,
  getDataExportContract,
  listDataExportsContract,
  startDataExportContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../platform/access.ts';
import { noteAudit } from '../../platform/audit.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import {
  type ExportRunner,
  getExport,
  listExports,
  openArchive,
  startExport,
} from './data-export.service.ts';

/** Everything the organization holds leaves with its owner only (a member with every grant is not one). */
const OWNER: Access = {
  kind: 'owner',
  allowLocked: true,
  detail: 'the OrgId organization’s own exports only',
};

export interface DataExportRoutesDeps {
  db: Db;
  dataDir: string;
  runner: ExportRunner;
}

/** /api/v1/organization/exports (docs/data-export.md). */
export function dataExportRoutes(app: FastifyInstance, deps: DataExportRoutesDeps): void {
  const { db } = deps;

  addRoute(app, startDataExportContract, OWNER, async ({ request, reply }) => {
    const created = await startExport(db, requireOrg(request).id, requireSession(request).userId);
    // An export is a security event: recorded whatever comes of it.
    noteAudit(request, {
      security: true,
      action: 'export.request',
      entity: 'organization.exports',
      entityId: created.id,
    });
    // The job is due now: this instance starts on it after the answer (the poll would otherwise).
    reply.raw.once('finish', () => void deps.runner.kick());
    return created;
  });

  addRoute(app, listDataExportsContract, OWNER, async ({ request }) => ({
    items: await listExports(db, requireOrg(request).id),
  }));

  addRoute(app, getDataExportContract, OWNER, async ({ request, params }) =>
    getExport(db, requireOrg(request).id, params.id),
  );

  addRoute(app, downloadDataExportContract, OWNER, async ({ request, reply, params }) => {
    noteAudit(request, {
      security: true,
      action: 'export.download',
      entity: 'organization.exports',
      entityId: params.id,
    });
    const archive = await openArchive(db, deps.dataDir, requireOrg(request).id, params.id);
    reply
      .type('application/zip')
      .header('content-disposition', contentDisposition('attachment', archive.fileName))
      .header('content-length', String(archive.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return archive.stream as unknown as string;
  });
}

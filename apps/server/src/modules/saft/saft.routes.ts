import { exportSaftContract, PermissionFlag } from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import { requireOrg } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import { exportSaft, type SaftExportDeps } from './saft-export.ts';

/** The SAF-T (PT) export the accountant sends to the AT (resource accounting.saft). */
export function saftRoutes(app: FastifyInstance, deps: SaftExportDeps): void {
  addRoute(
    app,
    exportSaftContract,
    { kind: 'org', resource: 'accounting.saft', flag: PermissionFlag.VIEW },
    async ({ request, reply, query }) => {
      const file = await exportSaft(deps, requireOrg(request).id, query);
      reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store');
      // A stream payload is sent as it is: the contract's string schema never serialises it.
      return file.body as unknown as string;
    },
  );
}

import {
  answerConnectionAuthContract,
  connectionAttemptsContract,
  connectionEligibilityContract,
  connectionInstitutionInfoContract,
  createConnectionContract,
  deleteConnectionContract,
  listConnectionsContract,
  listInstitutionsContract,
  PermissionFlag,
  setupConnectionContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/access.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import * as connections from './connections.service.ts';
import { ConnectorRegistry } from './connectors/connector.ts';
import { sandboxConnector } from './connectors/sandbox.ts';

/** The connectors in service; real aggregators join the sandbox here. */
export const defaultConnectors = () => new ConnectorRegistry([sandboxConnector]);

// Bank connections are treasury cash data of the organization named by the OrgId header.
const cash = (flag: number): Access => ({ kind: 'org', resource: 'treasury.cash', flag });
const VIEW = cash(PermissionFlag.VIEW);
const CREATE = cash(PermissionFlag.CREATE);
const DELETE = cash(PermissionFlag.DELETE);

export function connectionsRoutes(
  app: FastifyInstance,
  given: Omit<connections.ConnectionsDeps, 'connectors'> & {
    realtime: RealtimeHub;
    connectors?: ConnectorRegistry;
  },
): void {
  const deps: connections.ConnectionsDeps = {
    db: given.db,
    authTimeoutSeconds: given.authTimeoutSeconds,
    connectors: given.connectors ?? defaultConnectors(),
  };
  given.realtime.addSweepTask('connection-auth-timeouts', () => connections.expireOverdueAttempts(deps));

  addRoute(app, listInstitutionsContract, VIEW, async () => deps.connectors.institutions());

  addRoute(app, listConnectionsContract, VIEW, async ({ request }) =>
    connections.listConnections(deps, requireOrg(request).id),
  );

  addRoute(app, connectionEligibilityContract, VIEW, async ({ request }) =>
    connections.eligibility(deps, requireOrg(request).id),
  );

  addRoute(app, createConnectionContract, CREATE, async ({ body, request }) =>
    connections.createConnection(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      ...body,
    }),
  );

  addRoute(app, setupConnectionContract, CREATE, async ({ params, request }) =>
    connections.setupConnection(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      connectionId: params.id,
    }),
  );

  addRoute(app, connectionAttemptsContract, VIEW, async ({ params, request }) =>
    connections.listAttempts(deps, requireOrg(request).id, params.id),
  );

  addRoute(app, connectionInstitutionInfoContract, VIEW, async ({ params, request }) =>
    connections.institutionInfo(deps, requireOrg(request).id, params.id),
  );

  addRoute(app, deleteConnectionContract, DELETE, async ({ params, request }) =>
    connections.removeConnection(deps, requireOrg(request).id, params.id),
  );

  addRoute(app, answerConnectionAuthContract, CREATE, async ({ params, body, request }) =>
    connections.answerAuthentication(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      connectionId: params.id,
      authType: params.authType,
      value: body.value,
    }),
  );
}

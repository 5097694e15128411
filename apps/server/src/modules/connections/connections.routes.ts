import {
  answerConnectionAuthContract,
  connectionAccountsContract,
  connectionAttemptsContract,
  connectionEligibilityContract,
  connectionInstitutionInfoContract,
  connectionOkContract,
  createConnectionContract,
  deleteConnectionContract,
  listConnectionsContract,
  listInstitutionsContract,
  PermissionFlag,
  renameConnectionContract,
  renewConnectionContract,
  setupConnectionContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../platform/access.ts';
import type { Config } from '../../platform/config.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { bankAggregatorPlugin } from '../plugins/plugins.reader.ts';
import * as connections from './connections.service.ts';
import * as consent from './connections-consent.service.ts';
import { type BankConnector, ConnectorRegistry } from './connectors/connector.ts';
import { enableBankingConnector } from './connectors/enable-banking.ts';
import { gocardlessConnector } from './connectors/gocardless.ts';
import { sandboxConnector } from './connectors/sandbox.ts';

/** The connectors in service: the sandbox alone. */
export const defaultConnectors = () => new ConnectorRegistry([sandboxConnector]);

/**
 * The connectors the configuration turns on: the sandbox always (demo and tests); Enable Banking when its
 * application id and key are set; GoCardless Bank Account Data (for installs that still hold its
 * secrets) when both of them are set (README "Bank connections").
 */
export function createConnectors(config: Config): ConnectorRegistry {
  const { gocardless, enableBanking } = config.connections;
  const list: BankConnector[] = [sandboxConnector];
  if (enableBanking.applicationId && enableBanking.privateKey)
    list.push(enableBankingConnector(enableBanking));
  if (gocardless.secretId && gocardless.secretKey) list.push(gocardlessConnector(gocardless));
  return new ConnectorRegistry(list);
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
/** The consent pages' language: the browser's first choice, English otherwise. */
const languageOf = (request: FastifyRequest) =>
  /^[a-z]{2}/i.exec(String(request.headers['accept-language'] ?? ''))?.[0]?.toLowerCase() ?? 'en';
const viewerOf = (request: FastifyRequest) => {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
};

// Bank connections are treasury cash data of the organization named by the OrgId header.
const cash = (flag: number): Access => ({ kind: 'org', resource: 'treasury.cash', flag });
const VIEW = cash(PermissionFlag.VIEW);
const CREATE = cash(PermissionFlag.CREATE);
const EDIT = cash(PermissionFlag.EDIT);
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

  // The organization's bank-aggregator plugin, when enabled, narrows the list to its aggregator.
  addRoute(app, listInstitutionsContract, VIEW, async ({ query, request }) => {
    const only = await bankAggregatorPlugin(deps.db, requireOrg(request).id);
    return connections.viaProvider(() => deps.connectors.institutions(query.country, only));
  });

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
      origin: originOf(request),
      language: languageOf(request),
    }),
  );

  addRoute(app, connectionOkContract, CREATE, async ({ params, body, request }) =>
    consent.confirmConsent(deps, {
      viewer: viewerOf(request),
      connectionId: params.id,
      back: {
        ...(body?.code ? { code: body.code } : {}),
        ...(body?.error ? { error: body.error } : {}),
      },
    }),
  );

  addRoute(app, renewConnectionContract, CREATE, async ({ params, request }) =>
    consent.renewConsent(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      connectionId: params.id,
      origin: originOf(request),
      language: languageOf(request),
    }),
  );

  addRoute(app, connectionAccountsContract, VIEW, async ({ params, request }) =>
    consent.connectionAccounts(deps, viewerOf(request), params.id),
  );

  addRoute(app, renameConnectionContract, EDIT, async ({ params, query, request }) =>
    consent.renameConnection(deps, requireOrg(request).id, params.id, query.name),
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

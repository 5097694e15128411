import {
  getBillingSettingsContract,
  lookupPartyContract,
  PermissionFlag,
  updateBillingSettingsContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireOrg } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import type { ViesSettings } from '../tax/vies.service.ts';
import { onTransactionsCreated } from '../treasury/index.ts';
import { getBillingSettings, saveBillingSettings } from './billing-settings.service.ts';
import { lookupParty } from './party-lookup.service.ts';
import { recognisePartiesInMovements } from './party-recognition.ts';

/** The catalogue's extras: tax-number lookup for the party form, and the billing settings. */
export function catalogueRoutes(app: FastifyInstance, deps: { db: Db; vies: ViesSettings }): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;
  onTransactionsCreated(recognisePartiesInMovements);

  addRoute(
    app,
    lookupPartyContract,
    { kind: 'org', resource: 'billing.documents', flag: PermissionFlag.CREATE },
    async ({ request, query }) => lookupParty(db, deps.vies, org(request), query),
  );
  addRoute(
    app,
    getBillingSettingsContract,
    { kind: 'org', resource: 'billing.configs', flag: PermissionFlag.VIEW },
    async ({ request }) => getBillingSettings(db, org(request)),
  );
  addRoute(
    app,
    updateBillingSettingsContract,
    { kind: 'org', resource: 'billing.configs', flag: PermissionFlag.EDIT },
    async ({ request, body }) => saveBillingSettings(db, org(request), body),
  );
}

import {
  createMerchantContract,
  deleteMerchantContract,
  listMerchantsContract,
  PermissionFlag,
  updateMerchantContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as merchants from './merchants.service.ts';

const manage = (flag: number): Access => ({ kind: 'org', resource: 'organization.merchants', flag });
/** The movements screen and the organization's settings both read the list. */
const READ: Access = {
  kind: 'org',
  resource: 'treasury.inOut',
  flag: PermissionFlag.VIEW,
  anyOf: [{ resource: 'organization.merchants', flag: PermissionFlag.VIEW }],
};

const orgOf = (request: FastifyRequest): merchants.MerchantOrg => {
  const org = requireOrg(request);
  return { id: org.id, country: org.country };
};

/** Who the organization pays and is paid by: name (unique), tax number, default category. */
export function merchantsRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  addRoute(app, listMerchantsContract, READ, async ({ request }) =>
    merchants.listMerchants(deps.db, orgOf(request)),
  );

  addRoute(app, createMerchantContract, manage(PermissionFlag.CREATE), async ({ body, request }) =>
    merchants.createMerchant(deps.db, orgOf(request), body),
  );

  addRoute(app, updateMerchantContract, manage(PermissionFlag.EDIT), async ({ params, body, request }) =>
    merchants.updateMerchant(deps.db, orgOf(request), params.id, body),
  );

  addRoute(app, deleteMerchantContract, manage(PermissionFlag.DELETE), async ({ params, request }) =>
    merchants.deleteMerchant(deps.db, orgOf(request), params.id),
  );
}

import {
  billingAddressContract,
  billingAddressesContract,
  defaultBillingAddressContract,
  updateBillingAddressContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { USER, withDetail } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as addresses from './billing-addresses.service.ts';

export function billingAddressesRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(
    app,
    billingAddressesContract,
    { kind: 'self', from: 'query', orAdmin: true },
    async ({ query, request }) => addresses.listAddresses(deps.db, requireSession(request), query.userId),
  );
  addRoute(
    app,
    billingAddressContract,
    withDetail(USER, 'own addresses; an Admin may read any'),
    async ({ params, request }) => addresses.getAddress(deps.db, requireSession(request), params.id),
  );
  addRoute(app, updateBillingAddressContract, USER, async ({ body, request }) =>
    addresses.saveAddress(deps.db, requireSession(request), body),
  );
  addRoute(app, defaultBillingAddressContract, USER, async ({ params, request }) =>
    addresses.setDefaultAddress(deps.db, requireSession(request), params.id),
  );
}

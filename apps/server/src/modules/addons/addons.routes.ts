import {
  addonPaymentListContract,
  buyAddonContract,
  buyAddonOnTrialContract,
  buyAddonsContract,
  buyPortfolioAddonsContract,
  organizationAddonCostContract,
  PermissionFlag,
  portfolioAddonsContract,
  resourceCostContract,
  userAddonCostContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, USER, withDetail } from '../../platform/access.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { idempotencyKey, once } from '../../platform/idempotency.ts';
import { addRoute } from '../../platform/route.ts';
import type { Tx } from '../../platform/tx.ts';
import type { BillingConfig } from '../payments/payments.service.ts';
import * as addons from './addons.service.ts';

const orgHeader = (request: FastifyRequest) =>
  typeof request.headers.orgid === 'string' && request.headers.orgid !== ''
    ? request.headers.orgid
    : undefined;

/** Purchases: user add-ons for the caller; an organization's need its billing.subscriptions CREATE. */
const PURCHASE: Access = withDetail(
  USER,
  'organization add-ons need billing.subscriptions CREATE in the organization named (per item)',
);

export function addonsRoutes(app: FastifyInstance, deps: { db: Db; billing: BillingConfig }): void {
  /** Every purchase runs once per Idempotency-Key; a replay answers the first response. */
  const purchase = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    body: unknown,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> => {
    const session = requireSession(request);
    const key = idempotencyKey(request);
    const { response, replayed } = await once(deps.db, { userId: session.userId, key, endpoint, body }, work);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return response;
  };

  addRoute(app, userAddonCostContract, { kind: 'self', from: 'param' }, async ({ params, query }) =>
    addons.userAddonCost(deps.db, params.id, query.key),
  );

  addRoute(
    app,
    organizationAddonCostContract,
    {
      kind: 'org',
      from: 'param',
      resource: 'billing.subscriptions',
      flag: PermissionFlag.VIEW,
      allowLocked: true,
    },
    async ({ params, query }) => addons.organizationAddonCost(deps.db, params.id, query.key),
  );

  addRoute(app, resourceCostContract, USER, async ({ query }) => addons.resourceCost(query.key));

  addRoute(app, buyAddonContract, PURCHASE, async ({ body, request, reply }) =>
    purchase(request, reply, buyAddonContract.path, body, (tx) =>
      addons.buyAddons(tx, deps.billing, requireSession(request), [body], {
        organizationHeader: orgHeader(request),
      }),
    ),
  );

  addRoute(app, buyAddonsContract, PURCHASE, async ({ body, request, reply }) =>
    purchase(request, reply, buyAddonsContract.path, body, (tx) =>
      addons.buyAddons(tx, deps.billing, requireSession(request), body.items, {
        organizationHeader: orgHeader(request),
      }),
    ),
  );

  addRoute(app, buyAddonOnTrialContract, PURCHASE, async ({ body, request, reply }) =>
    purchase(request, reply, buyAddonOnTrialContract.path, body, (tx) =>
      addons.buyAddons(tx, deps.billing, requireSession(request), [body], {
        organizationHeader: orgHeader(request),
        trialOnly: true,
      }),
    ),
  );

  addRoute(app, addonPaymentListContract, USER, async ({ request }) =>
    addons.paymentList(deps.db, requireSession(request).userId),
  );

  addRoute(
    app,
    portfolioAddonsContract,
    { kind: 'org', resource: 'portfolio.configAddons', flag: PermissionFlag.VIEW },
    async ({ query, request }) => addons.portfolioAddonOffer(deps.db, requireOrg(request).id, query.country),
  );

  addRoute(
    app,
    buyPortfolioAddonsContract,
    { kind: 'org', resource: 'portfolio.configAddons', flag: PermissionFlag.CREATE },
    async ({ query, body, request, reply }) =>
      purchase(request, reply, `${buyPortfolioAddonsContract.path}?country=${query.country}`, body, (tx) =>
        addons.buyPortfolioAddons(
          tx,
          deps.billing,
          requireSession(request),
          requireOrg(request).id,
          query.country,
          body.clients,
        ),
      ),
  );
}

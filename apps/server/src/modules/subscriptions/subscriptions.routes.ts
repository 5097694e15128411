import {
  cancelSubscriptionContract,
  changePlanContract,
  changePlanIntentContract,
  KNOWN_PLANS,
  organizationCreditsContract,
  organizationPlanContract,
  planOffer,
  plansContract,
  subscriptionContract,
  userCreditsContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import { type Access, PUBLIC, USER, withDetail } from '../../platform/access.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { idempotencyKey, once } from '../../platform/idempotency.ts';
import { addRoute } from '../../platform/route.ts';
import * as subscriptions from './subscriptions.service.ts';

/**
 * What the shell reads of the organization in use (credits, plan) is for every member, and a locked
 * organization's members must still see its subscription to pay it.
 */
const MEMBER: Access = { kind: 'member', allowLocked: true };
const ACTIVE: Access = {
  kind: 'member',
  optional: true,
  allowLocked: true,
  detail:
    "without OrgId the caller's own; members see their organization's and their own credits, " +
    "organization.settings VIEW adds its members' credits, the owner sees all",
};
/** Plan changes act on the subscription the caller owns, and on no other. */
const OWN_SUBSCRIPTION: Access = withDetail(USER, 'the subscription the caller owns');

export function subscriptionsRoutes(app: FastifyInstance, deps: subscriptions.SubscriptionDeps): void {
  addRoute(app, plansContract, PUBLIC, async () => KNOWN_PLANS.map((plan) => planOffer(plan)));

  addRoute(app, subscriptionContract, ACTIVE, async ({ request }) =>
    subscriptions.activeSubscription(deps.db, requireSession(request), request.org),
  );

  addRoute(app, userCreditsContract, USER, async ({ request }) =>
    subscriptions.userCredits(deps.db, requireSession(request).userId),
  );

  addRoute(app, organizationCreditsContract, MEMBER, async ({ request }) =>
    subscriptions.organizationCredits(deps.db, requireOrg(request).id),
  );

  addRoute(
    app,
    organizationPlanContract,
    { kind: 'member', from: 'param', allowLocked: true },
    async ({ params }) => subscriptions.organizationPlan(deps.db, params.id),
  );

  addRoute(app, changePlanIntentContract, OWN_SUBSCRIPTION, async ({ query, request }) =>
    subscriptions.changePlanIntent(deps.db, requireSession(request), query),
  );

  addRoute(app, changePlanContract, OWN_SUBSCRIPTION, async ({ body, request, reply }) => {
    const session = requireSession(request);
    const { response, replayed } = await once(
      deps.db,
      { userId: session.userId, key: idempotencyKey(request), endpoint: changePlanContract.path, body },
      (tx) => subscriptions.changePlan(tx, deps, session, body),
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return response;
  });

  addRoute(app, cancelSubscriptionContract, OWN_SUBSCRIPTION, async ({ request }) =>
    subscriptions.cancelSubscription(deps.db, deps, requireSession(request)),
  );
}

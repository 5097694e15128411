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
import { PUBLIC, USER } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { idempotencyKey, once } from '../../platform/idempotency.ts';
import { addRoute } from '../../platform/route.ts';
import * as subscriptions from './subscriptions.service.ts';

const orgHeader = (headers: Record<string, unknown>) =>
  typeof headers.orgid === 'string' && headers.orgid !== '' ? headers.orgid : undefined;

export function subscriptionsRoutes(app: FastifyInstance, deps: subscriptions.SubscriptionDeps): void {
  addRoute(app, plansContract, PUBLIC, async () => KNOWN_PLANS.map((plan) => planOffer(plan)));

  addRoute(app, subscriptionContract, USER, async ({ request }) =>
    subscriptions.activeSubscription(deps.db, requireSession(request), orgHeader(request.headers)),
  );

  addRoute(app, userCreditsContract, USER, async ({ request }) =>
    subscriptions.userCredits(deps.db, requireSession(request).userId),
  );

  addRoute(app, organizationCreditsContract, USER, async ({ request }) =>
    subscriptions.organizationCredits(deps.db, requireSession(request), orgHeader(request.headers)),
  );

  addRoute(app, organizationPlanContract, USER, async ({ params, request }) =>
    subscriptions.organizationPlan(deps.db, requireSession(request), params.id),
  );

  addRoute(app, changePlanIntentContract, USER, async ({ query, request }) =>
    subscriptions.changePlanIntent(deps.db, requireSession(request), query),
  );

  addRoute(app, changePlanContract, USER, async ({ body, request, reply }) => {
    const session = requireSession(request);
    const { response, replayed } = await once(
      deps.db,
      { userId: session.userId, key: idempotencyKey(request), endpoint: changePlanContract.path, body },
      (tx) => subscriptions.changePlan(tx, deps, session, body),
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return response;
  });

  addRoute(app, cancelSubscriptionContract, USER, async ({ request }) =>
    subscriptions.cancelSubscription(deps.db, deps, requireSession(request)),
  );
}

import {
  confirmPaymentContract,
  paymentMethodsContract,
  payPaymentContract,
  pendingPaymentsContract,
  stripeWebhookContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { ADMIN, PUBLIC, USER, withDetail } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as payments from './payments.service.ts';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function paymentsRoutes(
  app: FastifyInstance,
  deps: { db: Db; billing: payments.BillingConfig; onPaid: payments.PaidHook; stripe: Stripe | null },
): void {
  addRoute(app, paymentMethodsContract, USER, async () => payments.availableMethods(deps.billing));

  addRoute(
    app,
    pendingPaymentsContract,
    { kind: 'subscription', need: 'view' },
    async ({ params, request }) =>
      payments.listPending(deps.db, deps.billing, requireSession(request), params.id),
  );

  addRoute(
    app,
    payPaymentContract,
    { kind: 'subscription', need: 'manage' },
    async ({ params, body, request }) =>
      payments.choosePaymentMethod(deps.db, deps.billing, requireSession(request), params, body, {
        stripe: deps.stripe,
        origin: originOf(request),
      }),
  );

  addRoute(app, confirmPaymentContract, ADMIN, async ({ params, request }) =>
    payments.confirmPayment(
      deps.db,
      deps.billing,
      requireSession(request).userId,
      params.paymentId,
      deps.onPaid,
    ),
  );

  // Stripe signs the exact bytes it sends, so this scope keeps every body as the raw Buffer.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    addRoute(
      scope,
      stripeWebhookContract,
      withDetail(PUBLIC, 'bodies signed by Stripe only'),
      async ({ request }) => {
        const signature = request.headers['stripe-signature'];
        return payments.handleStripeWebhook(deps.db, deps.billing, deps.stripe, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
          signature: typeof signature === 'string' ? signature : undefined,
          onPaid: deps.onPaid,
        });
      },
    );
  });
}

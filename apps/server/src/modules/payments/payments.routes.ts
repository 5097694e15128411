import {
  confirmPaymentContract,
  paymentMethodsContract,
  payPaymentContract,
  pendingPaymentsContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ADMIN, USER } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as payments from './payments.service.ts';

export function paymentsRoutes(
  app: FastifyInstance,
  deps: { db: Db; billing: payments.BillingConfig; onPaid: payments.PaidHook },
): void {
  addRoute(app, paymentMethodsContract, USER, async () => payments.availableMethods(deps.billing));

  addRoute(app, pendingPaymentsContract, USER, async ({ params, request }) =>
    payments.listPending(deps.db, deps.billing, requireSession(request), params.id),
  );

  addRoute(app, payPaymentContract, USER, async ({ params, body, request }) =>
    payments.choosePaymentMethod(deps.db, deps.billing, requireSession(request), params, body),
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
}

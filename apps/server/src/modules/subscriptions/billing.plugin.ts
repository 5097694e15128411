import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import { startJobRunner } from '../../platform/jobs.ts';
import { addonsRoutes } from '../addons/addons.routes.ts';
import { billingAddressesRoutes } from '../billing-addresses/billing-addresses.routes.ts';
import { paymentsRoutes } from '../payments/payments.routes.ts';
import type { BillingConfig } from '../payments/payments.service.ts';
import { createStripeClient } from '../payments/stripe-gateway.ts';
import { ensureBundledExchangeRates } from '../tax/ecb-import.ts';
import { taxRoutes } from '../tax/tax.routes.ts';
import { subscriptionJobHandlers } from './renewals.ts';
import { type BillingEventSink, writeToOutbox } from './subscription-signals.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { ensureRenewalJobs, settlePayment } from './subscriptions.service.ts';

export function billingConfig(config: Config): BillingConfig {
  return { ...config.billing, stripeKey: config.app.stripeKey };
}

/**
 * The business model's server side: subscriptions, add-ons, payments, billing addresses and tax,
 * the bundled exchange-rate history, and the renewal jobs (polled every JOBS_POLL_MS).
 */
export async function registerBilling(
  app: FastifyInstance,
  deps: { db: Db; config: Config; sink?: BillingEventSink },
): Promise<void> {
  const { db } = deps;
  const billing = billingConfig(deps.config);
  const sink = deps.sink ?? writeToOutbox;
  await ensureBundledExchangeRates(db);
  await ensureRenewalJobs(db);
  subscriptionsRoutes(app, { db, billing, sink });
  paymentsRoutes(app, {
    db,
    billing,
    onPaid: settlePayment({ billing, sink }),
    stripe: createStripeClient(billing),
  });
  addonsRoutes(app, { db, billing });
  billingAddressesRoutes(app, { db });
  taxRoutes(app, { db, vies: billing });
  if (deps.config.billing.jobsPollMs > 0) {
    const runner = startJobRunner(db, subscriptionJobHandlers({ billing, sink }), {
      intervalMs: deps.config.billing.jobsPollMs,
      log: app.log,
      // Subscriptions made elsewhere (the demo seed, an import) get their renewal scheduled.
      beforePoll: () => ensureRenewalJobs(db),
    });
    app.addHook('onClose', () => runner.stop());
  }
}

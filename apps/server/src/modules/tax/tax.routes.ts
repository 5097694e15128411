import { exchangeRatesContract, monthlyExchangeRatesContract, taxRateContract } from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { USER } from '../../platform/access.ts';
import type { Config } from '../../platform/config.ts';
import { addRoute } from '../../platform/route.ts';
import { exchangeRatesOn, monthlyExchangeRates } from './exchange-rates.service.ts';
import { vatQuote } from './tax.service.ts';

export function taxRoutes(
  app: FastifyInstance,
  deps: { db: Db; vies: Pick<Config['billing'], 'viesUrl' | 'viesTimeoutMs'> },
): void {
  addRoute(app, taxRateContract, USER, async ({ query }) => {
    const decision = await vatQuote(deps.db, deps.vies, {
      countryCode: query.countryCode,
      billingCountry: query.billingCountry ?? null,
      zipcode: query.zipcode ?? null,
      vatNumber: query.vatNumber ?? null,
    });
    return { ...decision, rate: decision.rateBasisPoints / 100 };
  });

  addRoute(app, exchangeRatesContract, USER, async ({ query }) => exchangeRatesOn(deps.db, query));

  addRoute(app, monthlyExchangeRatesContract, USER, async ({ query }) =>
    monthlyExchangeRates(deps.db, query),
  );
}

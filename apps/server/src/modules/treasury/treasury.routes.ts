import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { ConnectorRegistry } from '../connections/connectors/connector.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { categoriesRoutes } from './categories/categories.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { importRoutes } from './imports/imports.routes.ts';
import { merchantsRoutes } from './merchants/merchants.routes.ts';
import { posRoutes } from './pos/pos.routes.ts';
import { rulesRoutes } from './rules/rules.routes.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';

/** What every treasury part needs: the database, the real-time hub and the configuration (DATA_DIR…). */
export interface TreasuryDeps {
  db: Db;
  realtime: RealtimeHub;
  config: Config;
  /** The bank connectors (sandbox, aggregator), shared with the connections module. */
  connectors?: ConnectorRegistry;
}

/**
 * The treasury module's routes: accounts and wallets, movements, imports, categories, merchants,
 * rules, documents and point of sale. Each part registers its own routes from its folder.
 */
export function treasuryRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  accountsRoutes(app, deps);
  categoriesRoutes(app, deps);
  merchantsRoutes(app, deps);
  transactionsRoutes(app, deps);
  rulesRoutes(app, deps);
  documentsRoutes(app, deps);
  posRoutes(app, deps);
  syncRoutes(app, { ...deps, connectors: deps.connectors ?? new ConnectorRegistry([]) });
  importRoutes(app, deps);
}

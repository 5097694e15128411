import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mail.ts';
import { chartsRoutes } from './charts/charts.routes.ts';
import { ledgerRoutes } from './ledger/ledger.routes.ts';

/** What the accounting routes need; every part receives the same object. */
export interface AccountingDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  dataDir: string;
}

/** Every accounting route: each part adds one line here calling its own `xxxRoutes(app, deps)`. */
export function accountingRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  ledgerRoutes(app, deps);
  chartsRoutes(app, deps);
}

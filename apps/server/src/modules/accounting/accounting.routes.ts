import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { SigningKey } from '../billing/index.ts';
import { chartsRoutes } from './charts/charts.routes.ts';
import { ledgerRoutes } from './ledger/ledger.routes.ts';
import { postingRoutes } from './posting/posting.routes.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { saftImportRoutes } from './saft-import/saft-import.routes.ts';
import { statementsRoutes } from './statements/statements.routes.ts';

/** What the accounting routes need; every part receives the same object. */
export interface AccountingDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  dataDir: string;
  /** The invoicing key: reconciliation issues receipts through billing's payments. */
  signingKey: SigningKey;
}

/** Every accounting route: each part adds one line here calling its own `xxxRoutes(app, deps)`. */
export function accountingRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  statementsRoutes(app, deps);
  saftImportRoutes(app, deps);
  reconciliationRoutes(app, deps);
  postingRoutes(app, deps);
  ledgerRoutes(app, deps);
  chartsRoutes(app, deps);
}

import {
  balanceSheetContract,
  exportStatementContract,
  generalLedgerContract,
  incomeStatementContract,
  PermissionFlag,
  trialBalanceContract,
  vatSummaryContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { AccountingDeps } from '../accounting.routes.ts';
import {
  balanceSheet,
  generalLedger,
  incomeStatement,
  statementScope,
  trialBalance,
  vatSummary,
} from './statements.service.ts';
import { exportStatement } from './statements-export.ts';

const view: Access = { kind: 'org', resource: 'accounting.entries', flag: PermissionFlag.VIEW };

/** The statements of /accounting/entries: trial balance, general ledger, balance sheet, income statement, VAT. */
export function statementsRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  const scopeOf = (request: FastifyRequest) => statementScope(deps.db, requireOrg(request).id);

  addRoute(app, trialBalanceContract, view, async ({ query, request }) =>
    trialBalance(deps.db, await scopeOf(request), query),
  );
  addRoute(app, generalLedgerContract, view, async ({ query, request }) =>
    generalLedger(deps.db, await scopeOf(request), query),
  );
  addRoute(app, balanceSheetContract, view, async ({ query, request }) =>
    balanceSheet(deps.db, await scopeOf(request), query),
  );
  addRoute(app, incomeStatementContract, view, async ({ query, request }) =>
    incomeStatement(deps.db, await scopeOf(request), query),
  );
  addRoute(app, vatSummaryContract, view, async ({ query, request }) =>
    vatSummary(deps.db, await scopeOf(request), query),
  );
  addRoute(app, exportStatementContract, view, async ({ query, request, reply }) => {
    const file = await exportStatement(
      deps.db,
      await scopeOf(request),
      query,
      requireSession(request).claims.lang,
    );
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store');
    // A stream payload is sent as it is: the contract's string schema never serialises it.
    return file.body as unknown as string;
  });
}

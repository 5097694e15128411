import {
  createPosBatchContract,
  importPosBatchesContract,
  listPosBatchesContract,
  matchPosSettlementContract,
  PermissionFlag,
  posSettlementCandidatesContract,
  unmatchPosSettlementContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { addRoute } from '../../../platform/route.ts';
import { viewerOf } from '../rules/treasury-viewer.ts';
import { onTransactionsCreated } from '../transactions/ingest.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as pos from './pos.service.ts';

/** A settlement report of a busy terminal over a year is a few hundred kilobytes. */
export const POS_REPORT_MAX_BYTES = 5 * 1024 * 1024;

const posAccess = (flag: number): Access => ({
  kind: 'org',
  resource: 'treasury.pos',
  flag,
  detail: 'POS wallets the caller sees',
});

export function posRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  const { db } = deps;
  // A bank credit that can only be one batch's settlement is matched as it arrives.
  onTransactionsCreated(pos.matchNewMovements);

  addRoute(app, listPosBatchesContract, posAccess(PermissionFlag.VIEW), async ({ query, request }) =>
    pos.listBatches(db, viewerOf(request), query),
  );
  addRoute(app, createPosBatchContract, posAccess(PermissionFlag.CREATE), async ({ body, request }) =>
    pos.createBatch(db, viewerOf(request), {
      ...body,
      expectedSettlementDate: body.expectedSettlementDate ?? null,
    }),
  );
  addRoute(
    app,
    posSettlementCandidatesContract,
    posAccess(PermissionFlag.VIEW),
    async ({ params, request }) => pos.settlementCandidates(db, viewerOf(request), params.id),
  );
  addRoute(
    app,
    matchPosSettlementContract,
    posAccess(PermissionFlag.EDIT),
    async ({ params, body, request }) =>
      pos.matchSettlement(db, viewerOf(request), params.id, body.transactionId),
  );
  addRoute(app, unmatchPosSettlementContract, posAccess(PermissionFlag.EDIT), async ({ params, request }) =>
    pos.unmatchSettlement(db, viewerOf(request), params.id),
  );

  // The report arrives as the raw body (CSV, in whatever type the browser names it).
  app.register(async (binary) => {
    binary.addContentTypeParser(
      /^(text\/(csv|plain)|application\/(octet-stream|csv|vnd\.ms-excel))(;.*)?$/,
      { parseAs: 'buffer', bodyLimit: POS_REPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    addRoute(
      binary,
      importPosBatchesContract,
      posAccess(PermissionFlag.CREATE),
      async ({ params, request }) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new AppError('MALFORMED_BODY', 'Send the settlement report as the request body.');
        return pos.importBatches(db, viewerOf(request), params.id, request.body);
      },
      { bodyLimit: POS_REPORT_MAX_BYTES },
    );
  });
}

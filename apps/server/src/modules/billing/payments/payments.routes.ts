import {
  cancelPaymentContract,
  currentAccountContract,
  listPaymentsContract,
  movementCandidatesContract,
  PermissionFlag,
  recordDocumentPaymentContract,
  recordPaymentContract,
  sendReminderContract,
  statementContract,
  statementPdfContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryViewer } from '../../treasury/index.ts';
import type { DocumentsDeps } from '../documents.service.ts';
import { onceOnly } from '../once-only.ts';
import * as account from './current-account.service.ts';
import * as payments from './payments.service.ts';
import { sendReminder } from './reminder.ts';
import { statementPdf } from './statement-pdf.ts';

const documentsAccess = (flag: number): Access => ({ kind: 'org', resource: 'billing.documents', flag });
const outstandingAccess = (flag: number): Access => ({
  kind: 'org',
  resource: 'billing.outstandingInvoices',
  flag,
});

/** Payments and receipts, movement linking, and the current account. */
export function paymentsRoutes(
  app: FastifyInstance,
  deps: DocumentsDeps & { mailerFor: (organizationId: string) => Promise<Mailer> },
): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;
  const viewerOf = (request: FastifyRequest): TreasuryViewer => ({
    organizationId: requireOrg(request).id,
    userId: requireSession(request).userId,
    role: requireOrg(request).role,
  });

  addRoute(
    app,
    recordDocumentPaymentContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, reply, params, body }) =>
      onceOnly(db, request, reply, `billing.documents.payments.${params.id}`, body, (tx) =>
        payments.recordDocumentPayment(deps, tx, viewerOf(request), params.id, body),
      ),
  );
  addRoute(
    app,
    recordPaymentContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, reply, body }) =>
      onceOnly(db, request, reply, 'billing.payments.record', body, (tx) =>
        payments.recordPayment(deps, tx, viewerOf(request), body),
      ),
  );
  addRoute(app, listPaymentsContract, outstandingAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    payments.listPayments(db, org(request), query),
  );
  addRoute(
    app,
    cancelPaymentContract,
    documentsAccess(PermissionFlag.DELETE),
    async ({ request, reply, params, body }) =>
      onceOnly(db, request, reply, `billing.payments.cancel.${params.id}`, body, (tx) =>
        payments.cancelPayment(tx, org(request), params.id, body.reason),
      ),
  );
  addRoute(
    app,
    movementCandidatesContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, query }) => payments.movementCandidates(db, viewerOf(request), query),
  );

  addRoute(app, currentAccountContract, outstandingAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    account.currentAccount(db, org(request), query),
  );
  addRoute(
    app,
    statementContract,
    outstandingAccess(PermissionFlag.VIEW),
    async ({ request, params, query }) => account.statement(db, org(request), params.partyId, query),
  );
  addRoute(
    app,
    statementPdfContract,
    outstandingAccess(PermissionFlag.VIEW),
    async ({ request, reply, params, query }) => {
      const { pdf, fileName } = await statementPdf(db, org(request), params.partyId, query);
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      // The bytes as they are: a Buffer bypasses the contract's serialiser.
      return pdf as unknown as string;
    },
  );
  addRoute(
    app,
    sendReminderContract,
    outstandingAccess(PermissionFlag.CREATE),
    async ({ request, params, body }) =>
      sendReminder(db, await deps.mailerFor(org(request)), org(request), params.partyId, body),
  );
}

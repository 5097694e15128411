import {
  cancelDocumentContract,
  createDocumentContract,
  createPartyContract,
  createProductContract,
  createSeriesContract,
  deleteDocumentContract,
  documentsTotalsContract,
  getDocumentContract,
  issueDocumentContract,
  listDocumentsContract,
  listPartiesContract,
  listProductsContract,
  listSeriesContract,
  PermissionFlag,
  registerSeriesContract,
  signingKeyContract,
  updateDocumentContract,
  updatePartyContract,
  updateProductContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../platform/access.ts';
import type { Config } from '../../platform/config.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import type { Mailer } from '../../platform/mail.ts';
import { addRoute } from '../../platform/route.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { conversionRoutes } from './conversion.routes.ts';
import * as documents from './documents.service.ts';
import { onceOnly } from './once-only.ts';
import * as catalogue from './parties-products.service.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { pdfRoutes } from './pdf/pdf.routes.ts';
import { sendDocument } from './pdf/printable.service.ts';
import { purchasesRoutes } from './purchases/purchases.routes.ts';
import { startScheduleRunner } from './schedules/schedule-runs.ts';
import { scheduleRoutes } from './schedules/schedules.routes.ts';
import type { SigningKey } from './signing-key.ts';

const documentsAccess = (flag: number): Access => ({ kind: 'org', resource: 'billing.documents', flag });
const configsAccess = (flag: number): Access => ({ kind: 'org', resource: 'billing.configs', flag });

/** The organizations' own invoicing: customers and suppliers, products, series, documents. */
export function billingRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    signingKey: SigningKey;
    config: Config;
    mailer: Mailer;
    /** The mailer of an organization's own mail (its SMTP plugin); the server's mailer otherwise. */
    mailerFor?: (organizationId: string) => Promise<Mailer>;
    dataDir: string;
  },
): void {
  const { db } = deps;
  const mailerFor = deps.mailerFor ?? (async () => deps.mailer);
  const documentsDeps: documents.DocumentsDeps = { db, signingKey: deps.signingKey };
  const org = (request: FastifyRequest) => requireOrg(request).id;

  addRoute(app, signingKeyContract, { kind: 'public' }, async () => ({
    publicKey: deps.signingKey.publicKeyPem,
    keyVersion: deps.signingKey.keyVersion,
    certificateNumber: deps.signingKey.certificateNumber,
    certified: deps.signingKey.certified,
  }));

  addRoute(app, listPartiesContract, documentsAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    catalogue.listParties(db, org(request), query),
  );
  addRoute(app, createPartyContract, documentsAccess(PermissionFlag.CREATE), async ({ request, body }) =>
    catalogue.createParty(db, org(request), body),
  );
  addRoute(
    app,
    updatePartyContract,
    documentsAccess(PermissionFlag.EDIT),
    async ({ request, params, body }) => catalogue.updateParty(db, org(request), params.id, body),
  );

  addRoute(app, listProductsContract, documentsAccess(PermissionFlag.VIEW), async ({ request }) =>
    catalogue.listProducts(db, org(request)),
  );
  addRoute(app, createProductContract, documentsAccess(PermissionFlag.CREATE), async ({ request, body }) =>
    catalogue.createProduct(db, org(request), body),
  );
  addRoute(
    app,
    updateProductContract,
    documentsAccess(PermissionFlag.EDIT),
    async ({ request, params, body }) => catalogue.updateProduct(db, org(request), params.id, body),
  );

  addRoute(app, listSeriesContract, documentsAccess(PermissionFlag.VIEW), async ({ request }) =>
    documents.listSeries(db, org(request)),
  );
  addRoute(app, createSeriesContract, configsAccess(PermissionFlag.CREATE), async ({ request, body }) =>
    documents.createSeries(db, org(request), body),
  );
  addRoute(
    app,
    registerSeriesContract,
    configsAccess(PermissionFlag.EDIT),
    async ({ request, params, body }) => documents.updateSeries(db, org(request), params.id, body),
  );

  addRoute(app, listDocumentsContract, documentsAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    documents.listDocuments(db, org(request), query),
  );
  addRoute(app, documentsTotalsContract, documentsAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    documents.documentsTotals(db, org(request), query),
  );
  addRoute(app, getDocumentContract, documentsAccess(PermissionFlag.VIEW), async ({ request, params }) =>
    documents.getDocument(db, org(request), params.id),
  );
  addRoute(
    app,
    createDocumentContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, reply, body }) =>
      onceOnly(
        db,
        request,
        reply,
        'billing.documents.create',
        body,
        (tx) =>
          documents.createDocument(documentsDeps, tx, org(request), requireSession(request).userId, body),
        { keyAlong: true },
      ),
  );
  addRoute(
    app,
    updateDocumentContract,
    documentsAccess(PermissionFlag.EDIT),
    async ({ request, params, body }) =>
      documents.updateDraft(db, org(request), requireSession(request).userId, params.id, body),
  );
  addRoute(app, deleteDocumentContract, documentsAccess(PermissionFlag.DELETE), async ({ request, params }) =>
    documents.deleteDraft(db, org(request), params.id),
  );
  addRoute(
    app,
    issueDocumentContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, reply, params }) =>
      onceOnly(db, request, reply, `billing.documents.issue.${params.id}`, params, (tx) =>
        documents.issueDocument(documentsDeps, tx, org(request), params.id),
      ),
  );
  addRoute(
    app,
    cancelDocumentContract,
    documentsAccess(PermissionFlag.DELETE),
    async ({ request, params, body }) => documents.cancelDocument(db, org(request), params.id, body.reason),
  );
  conversionRoutes(app, deps);
  catalogueRoutes(app, { db, vies: deps.config.billing });
  paymentsRoutes(app, { ...documentsDeps, mailerFor });
  pdfRoutes(app, { db, signingKey: deps.signingKey, mailerFor });
  purchasesRoutes(app, { db, dataDir: deps.dataDir });

  const scheduleDeps = {
    db,
    documents: documentsDeps,
    log: app.log,
    // A schedule with sendEmail mails each issued document to its customer, as the send button does.
    sendDocument: async (organizationId: string, documentId: string) => {
      await sendDocument(
        { db, signingKey: deps.signingKey, mailer: await mailerFor(organizationId) },
        organizationId,
        documentId,
        {},
      );
    },
  };
  scheduleRoutes(app, scheduleDeps);
  const pollMs = deps.config.invoicing.schedulesPollMs;
  if (pollMs > 0) {
    let runner: { stop: () => Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      runner = startScheduleRunner(scheduleDeps, pollMs);
    });
    app.addHook('onClose', async () => runner?.stop());
  }
}

import {
  attachPurchaseFileContract,
  cancelPurchaseContract,
  createPurchaseContract,
  getPurchaseContract,
  listPurchasesContract,
  PermissionFlag,
  PURCHASE_FILE_MAX_BYTES,
  purchaseFileContract,
  readPurchaseQrContract,
  updatePurchaseContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Access } from '../../../platform/access.ts';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { registerRawUploads, uploadedFile } from '../../../platform/raw-upload.ts';
import { addRoute } from '../../../platform/route.ts';
import { onceOnly } from '../once-only.ts';
import * as files from './purchase-file.service.ts';
import * as purchases from './purchases.service.ts';

const documentsAccess = (flag: number): Access => ({ kind: 'org', resource: 'billing.documents', flag });

/** A shown file runs nothing (sandbox, no script) and only the app itself may frame it. */
const INLINE_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** Supplier documents (payables): by hand or from their AT QR code, with the photo or PDF kept. */
export function purchasesRoutes(app: FastifyInstance, deps: { db: Db; dataDir: string }): void {
  const { db } = deps;
  const org = (request: FastifyRequest) => requireOrg(request).id;

  addRoute(app, readPurchaseQrContract, documentsAccess(PermissionFlag.CREATE), async ({ request, body }) =>
    purchases.readQr(db, org(request), body.qrCode),
  );
  addRoute(app, listPurchasesContract, documentsAccess(PermissionFlag.VIEW), async ({ request, query }) =>
    purchases.listPurchases(db, org(request), query),
  );
  addRoute(app, getPurchaseContract, documentsAccess(PermissionFlag.VIEW), async ({ request, params }) =>
    purchases.getPurchase(db, org(request), params.id),
  );
  addRoute(
    app,
    createPurchaseContract,
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, reply, body }) =>
      onceOnly(db, request, reply, 'billing.purchases.create', body, (tx) =>
        purchases.createPurchase(tx, org(request), requireSession(request).userId, body),
      ),
  );
  addRoute(
    app,
    updatePurchaseContract,
    documentsAccess(PermissionFlag.EDIT),
    async ({ request, params, body }) => purchases.updatePurchase(db, org(request), params.id, body),
  );
  addRoute(app, cancelPurchaseContract, documentsAccess(PermissionFlag.EDIT), async ({ request, params }) =>
    purchases.cancelPurchase(db, org(request), params.id),
  );
  addRoute(
    app,
    purchaseFileContract,
    documentsAccess(PermissionFlag.VIEW),
    async ({ request, reply, params }) => {
      const file = await files.openFile(deps, org(request), params.id);
      reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', INLINE_POLICY)
        .header('x-frame-options', 'SAMEORIGIN');
      // The bytes as they are: a stream bypasses the contract's serialiser.
      return file.stream as unknown as string;
    },
  );

  registerRawUploads(
    app,
    {
      contentTypes: /^(application\/(octet-stream|pdf)|image\/[\w.+-]+)$/,
      maxBytes: PURCHASE_FILE_MAX_BYTES,
    },
    (binary) =>
      addRoute(
        binary,
        attachPurchaseFileContract,
        documentsAccess(PermissionFlag.CREATE),
        async ({ params, request }) => {
          const { name, bytes } = uploadedFile(request);
          return files.attachFile(deps, org(request), params.id, name, bytes);
        },
        { bodyLimit: PURCHASE_FILE_MAX_BYTES },
      ),
  );
}

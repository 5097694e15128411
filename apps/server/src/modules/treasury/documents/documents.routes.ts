import {
  addTransactionDocumentContract,
  deleteTransactionDocumentContract,
  listTransactionDocumentsContract,
  PermissionFlag,
  TRANSACTION_DOCUMENT_MAX_BYTES,
  transactionDocumentContentContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import { registerRawUploads, uploadedFile } from '../../../platform/raw-upload.ts';
import { addRoute } from '../../../platform/route.ts';
import { viewerOf } from '../rules/treasury-viewer.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as documents from './documents.service.ts';
import { sweepOrphanFiles } from './sweep-orphan-files.ts';

/** How often each instance removes the files of movements deleted with their documents. */
const ORPHAN_SWEEP_MS = 6 * 3600 * 1000;

const digitalDocs = (flag: number): Access => ({
  kind: 'org',
  resource: 'treasury.digitalDocs',
  flag,
  detail: 'documents of movements on the accounts the caller sees',
});

/**
 * An inline file is shown by the browser on the app's origin: it runs nothing (sandbox, no script) and
 * only the app itself may frame it (the preview pane).
 */
const INLINE_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function documentsRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  const service = { db: deps.db, dataDir: deps.config.dataDir };
  // A movement deleted (or its account) takes its document rows by cascade, not its files: swept here,
  // alongside the job poller (off when JOBS_POLL_MS is 0, as in the tests).
  if (deps.config.billing.jobsPollMs > 0) {
    const timer = setInterval(() => {
      sweepOrphanFiles(deps.db, deps.config.dataDir).catch((error) =>
        app.log.error({ err: error }, 'sweeping orphan document files failed'),
      );
    }, ORPHAN_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  addRoute(
    app,
    listTransactionDocumentsContract,
    digitalDocs(PermissionFlag.VIEW),
    async ({ params, request }) => documents.listDocuments(service, viewerOf(request), params.id),
  );

  addRoute(
    app,
    transactionDocumentContentContract,
    digitalDocs(PermissionFlag.VIEW),
    async ({ params, request, reply }) => {
      const { document, stream } = await documents.openDocument(service, viewerOf(request), params.id);
      reply
        .type(document.contentType)
        .header('content-length', String(document.size))
        .header(
          'content-disposition',
          contentDisposition(document.previewable ? 'inline' : 'attachment', document.fileName),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (document.previewable) {
        reply.header('content-security-policy', INLINE_POLICY).header('x-frame-options', 'SAMEORIGIN');
      }
      // The bytes as they are: a stream bypasses the contract's serialiser.
      return stream as unknown as string;
    },
  );

  addRoute(
    app,
    deleteTransactionDocumentContract,
    digitalDocs(PermissionFlag.DELETE),
    async ({ params, request }) => {
      await documents.deleteDocument(service, viewerOf(request), params.id);
      return { deleted: true as const };
    },
  );

  registerRawUploads(
    app,
    {
      contentTypes: /^(application\/(octet-stream|pdf|msword|vnd\.[\w.+-]+|zip)|image\/[\w.+-]+)$/,
      maxBytes: TRANSACTION_DOCUMENT_MAX_BYTES,
    },
    (binary) =>
      addRoute(
        binary,
        addTransactionDocumentContract,
        digitalDocs(PermissionFlag.CREATE),
        async ({ params, request }) => {
          const { name, bytes } = uploadedFile(request);
          return documents.addDocument(service, viewerOf(request), params.id, name, bytes);
        },
        { bodyLimit: TRANSACTION_DOCUMENT_MAX_BYTES },
      ),
  );
}

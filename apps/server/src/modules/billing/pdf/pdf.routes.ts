import { documentPdfContract, PermissionFlag, sendDocumentContract } from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import { requireOrg } from '../../../platform/guard.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { addRoute } from '../../../platform/route.ts';
import type { PrintDeps } from './printable.service.ts';
import * as printable from './printable.service.ts';

const documentsAccess = (flag: number): Access => ({ kind: 'org', resource: 'billing.documents', flag });

/** A PDF shown inline runs nothing and only the app may frame it (the printable page). */
const INLINE_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The printed document: its PDF, and e-mailing it to the customer. */
export function pdfRoutes(
  app: FastifyInstance,
  deps: PrintDeps & { mailerFor: (organizationId: string) => Promise<Mailer> },
): void {
  const org = (request: FastifyRequest) => requireOrg(request).id;

  addRoute(
    app,
    documentPdfContract,
    documentsAccess(PermissionFlag.VIEW),
    async ({ request, reply, params }) => {
      const { pdf, fileName } = await printable.documentPdf(deps, org(request), params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', fileName))
        .header('content-security-policy', INLINE_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'private, no-store');
      // The bytes as they are: a Buffer bypasses the contract's serialiser.
      return pdf as unknown as string;
    },
  );

  addRoute(
    app,
    sendDocumentContract,
    // Whoever may issue documents may send them to the customer.
    documentsAccess(PermissionFlag.CREATE),
    async ({ request, params, body }) =>
      printable.sendDocument(
        { ...deps, mailer: await deps.mailerFor(org(request)) },
        org(request),
        params.id,
        body,
      ),
  );
}

import {
  ATTACHMENT_MAX_BYTES,
  addTicketAttachmentContract,
  createSalesRequestContract,
  createTicketContract,
  listSalesRequestsContract,
  listTicketsContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN, USER } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, loadOrgContext, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as sales from './sales.service.ts';

/** The caller, with the organization of the OrgId header when sent (it must be one of theirs). */
async function caller(deps: sales.SalesDeps, request: FastifyRequest) {
  const session = requireSession(request);
  const orgId = request.headers.orgid as string | undefined;
  let organizationId: string | null = null;
  if (orgId) {
    if (!isUuid(orgId) || !(await loadOrgContext(deps.db, session.userId, orgId))) {
      throw new AppError('FORBIDDEN', 'You have no access to this organization.');
    }
    organizationId = orgId;
  }
  return { userId: session.userId, email: session.claims.uem, name: session.claims.uname, organizationId };
}

/** The `X-File-Name` header, percent-encoded by the client; a broken encoding is the client's error. */
function fileNameHeader(value: string | string[] | undefined): string {
  try {
    return decodeURIComponent(String(value ?? ''));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The file name is not valid percent-encoding.', [
      {
        path: 'headers.x-file-name',
        messageKey: 'VALIDATION.INVALID',
        message: 'Not valid percent-encoding.',
      },
    ]);
  }
}

export function salesRoutes(app: FastifyInstance, deps: sales.SalesDeps): void {
  // The request's own logger: the line carries its requestId.
  const log = (request: FastifyRequest) => (error: unknown) =>
    request.log.error({ err: error }, 'mail to sales failed');

  addRoute(app, createSalesRequestContract, USER, async ({ body, request }) => ({
    id: await sales.createSalesRequest(deps, await caller(deps, request), body, log(request)),
  }));
  addRoute(app, listSalesRequestsContract, ADMIN, async ({ query }) =>
    sales.listSalesRequests(deps, query.limit),
  );
  addRoute(app, createTicketContract, USER, async ({ body, request }) =>
    sales.createTicket(deps, await caller(deps, request), body, log(request)),
  );
  addRoute(app, listTicketsContract, USER, async ({ request }) =>
    sales.listTickets(deps, requireSession(request).userId),
  );

  // Attachments arrive as raw bytes; the parser is scoped to this plugin.
  app.register(async (binary) => {
    binary.addContentTypeParser(
      /^(application\/(octet-stream|pdf|vnd\.openxmlformats[\w.-]*)|image\/[\w.+-]+)$/,
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    addRoute(
      binary,
      addTicketAttachmentContract,
      USER,
      async ({ params, request }) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError('MALFORMED_BODY', 'Send the file as the request body.');
        const name = fileNameHeader(request.headers['x-file-name']);
        return sales.addAttachment(deps, requireSession(request).userId, params.id, name, request.body);
      },
      { bodyLimit: ATTACHMENT_MAX_BYTES },
    );
  });
}

import {
  ATTACHMENT_MAX_BYTES,
  addTicketAttachmentContract,
  createSalesRequestContract,
  createTicketContract,
  listSalesRequestsContract,
  listTicketsContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, ADMIN, USER, withDetail } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { registerRawUploads, uploadedFile } from '../../platform/raw-upload.ts';
import { addRoute } from '../../platform/route.ts';
import { clientKey, RULES, type Throttle } from '../../platform/throttle.ts';
import * as sales from './sales.service.ts';

/**
 * Contact requests and tickets may come from within an organization (OrgId), which must then be one
 * of the caller's; a locked one too, since asking for help is what a locked customer may need.
 */
const FROM_MEMBER: Access = { kind: 'member', optional: true, allowLocked: true };

/** The caller, with the organization of the OrgId header when sent (the guard checked membership). */
function caller(request: FastifyRequest) {
  const session = requireSession(request);
  return {
    userId: session.userId,
    email: session.claims.uem,
    name: session.claims.uname,
    organizationId: request.org?.id ?? null,
  };
}

/** Contact requests and tickets mail the sales team: limited per user and per client address. */
async function limitContact(throttle: Throttle, request: FastifyRequest) {
  const contact = throttle.limiter(RULES.contact);
  await contact.hit(`user:${requireSession(request).userId}`);
  await contact.hit(`client:${clientKey(request.ip)}`);
}

export function salesRoutes(app: FastifyInstance, deps: sales.SalesDeps & { throttle: Throttle }): void {
  // The request's own logger: the line carries its requestId.
  const log = (request: FastifyRequest) => (error: unknown) =>
    request.log.error({ err: error }, 'mail to sales failed');

  addRoute(app, createSalesRequestContract, FROM_MEMBER, async ({ body, request }) => {
    const who = caller(request);
    await limitContact(deps.throttle, request);
    return { id: await sales.createSalesRequest(deps, who, body, log(request)) };
  });
  addRoute(app, listSalesRequestsContract, ADMIN, async ({ query }) =>
    sales.listSalesRequests(deps, query.limit),
  );
  addRoute(app, createTicketContract, FROM_MEMBER, async ({ body, request }) => {
    const who = caller(request);
    await limitContact(deps.throttle, request);
    return sales.createTicket(deps, who, body, log(request));
  });
  addRoute(app, listTicketsContract, USER, async ({ request }) =>
    sales.listTickets(deps, requireSession(request).userId),
  );

  registerRawUploads(
    app,
    {
      contentTypes: /^(application\/(octet-stream|pdf|vnd\.openxmlformats[\w.-]*)|image\/[\w.+-]+)$/,
      maxBytes: ATTACHMENT_MAX_BYTES,
    },
    (binary) =>
      addRoute(
        binary,
        addTicketAttachmentContract,
        withDetail(USER, "the caller's own tickets"),
        async ({ params, request }) => {
          const { name, bytes } = uploadedFile(request);
          return sales.addAttachment(deps, requireSession(request).userId, params.id, name, bytes);
        },
        { bodyLimit: ATTACHMENT_MAX_BYTES },
      ),
  );
}

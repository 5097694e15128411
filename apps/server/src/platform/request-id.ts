import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may look like: 1–128 letters, digits and `._:-` (UUIDs, ULIDs, most proxies'
 * ids). Anything else — too long, spaces, quotes, control characters — could forge or break log
 * lines, and is replaced by a fresh id.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/** Fastify's `genReqId`: the caller's X-Request-Id when well-formed, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return isWellFormedRequestId(given) ? given : randomUUID();
}

/** Echoes the request id in every answer, so a client (and the web's error toast) can quote it. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

import type { ApiContract } from '@fluxo/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from './access.ts';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteContext<C extends ApiContract> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a route from its domain contract: the contract's schemas validate the request and the
 * response, and the access rule is enforced by the guard before the handler runs.
 */
export function addRoute<C extends ApiContract>(
  app: FastifyInstance,
  contract: C,
  access: Access,
  handler: (context: RouteContext<C>) => Promise<z.input<C['response']>>,
  options: { bodyLimit?: number } = {},
): void {
  const status = contract.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response },
    },
    config: { access },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Infer<C['params']>,
        query: request.query as Infer<C['query']>,
        body: request.body as Infer<C['body']>,
        request,
        reply,
      });
      reply.status(status);
      return result;
    },
  });
}

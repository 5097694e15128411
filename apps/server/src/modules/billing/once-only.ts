import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../platform/guard.ts';
import { idempotencyKey, once } from '../../platform/idempotency.ts';

/**
 * Money mutations run once per Idempotency-Key: the work runs in the key's transaction, and a retry
 * with the same key answers the first response (header `idempotent-replayed`).
 */
export async function onceOnly<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  body: unknown,
  work: (tx: Db) => Promise<T>,
  /** The work sends the key's row along with its first write (platform/idempotency.ts keyAlong). */
  options: { keyAlong?: boolean } = {},
): Promise<T> {
  const { userId } = requireSession(request);
  const key = idempotencyKey(request);
  const { response, replayed } = await once(
    db,
    { userId, key, endpoint, body },
    (tx) => work(tx as unknown as Db),
    options,
  );
  if (replayed) reply.header('idempotent-replayed', 'true');
  return response;
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Config } from '../platform/config.ts';
import type { ServerSecrets } from '../platform/secrets.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';
import { vapidSubject, webPushSender } from './push.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export type { RealtimeHub } from './hub.ts';

/** The real-time channel: the hub on the app's HTTP server, web push, and their routes. */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { config: Config; database: Database; secrets: ServerSecrets },
): Promise<RealtimeHub> {
  const hub = await createRealtimeHub({
    app,
    config: deps.config,
    database: deps.database,
    jwtKeys: deps.secrets,
    pushSender: webPushSender(deps.secrets.vapid, vapidSubject(deps.config.mailFrom)),
  });
  realtimeRoutes(app, { db: deps.database.db });
  return hub;
}

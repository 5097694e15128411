import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { releaseHeld } from '../realtime/outbox.ts';

/**
 * Graceful shutdown, in this order (`app.close()` runs Fastify's preClose hooks in registration order,
 * then closes the HTTP server, then its onClose hooks):
 * 1. the drain hook below (registered before the real-time hub's): /readyz turns 503, the listening
 *    socket closes (new connections are refused), and the requests in flight run to their end — each
 *    answered with `Connection: close`, so no keep-alive connection lingers;
 * 2. the real-time hub disconnects its sockets (clients reconnect to another instance and replay what
 *    they have not acknowledged) and flushes the acknowledgements it holds;
 * 3. onClose: the job runner finishes the job it holds and claims no more; the LISTEN connection closes;
 * 4. outbox rows written here, claimed for sending from memory and not yet sent are handed back
 *    (`releaseHeld`), for any instance to claim; then the database closes and the process exits 0.
 * If all of it takes longer than SHUTDOWN_TIMEOUT_MS the process exits 1 anyway: a job's transaction
 * then dies with its connection, which leaves the job pending for another instance (docs/jobs.md).
 */
export function registerDrain(app: FastifyInstance): { stopping: () => boolean } {
  let inFlight = 0;
  let stopping = false;
  let drained: (() => void) | null = null;

  const open = new WeakSet<object>();
  const settle = (request: { raw: object }) => {
    if (!open.delete(request.raw)) return;
    inFlight--;
    if (inFlight === 0) drained?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    open.add(request.raw);
    // Whichever comes first: the answer sent, the client gone, or the connection closed under it.
    reply.raw.once('close', () => settle(request));
  });
  app.addHook('onResponse', async (request) => settle(request));
  app.addHook('onRequestAbort', async (request) => settle(request));
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    stopping = true;
    // Stops listening now; Fastify's own close of the server, later, waits for the last connection.
    if (app.server.listening) app.server.close();
    if (inFlight > 0) {
      app.log.info({ inFlight }, 'shutdown: waiting for requests in flight');
      await new Promise<void>((resolve) => {
        drained = resolve;
      });
    }
    // Keep-alive connections now idle would otherwise hold the server open until they time out.
    app.server.closeIdleConnections();
  });
  return { stopping: () => stopping };
}

/**
 * On SIGTERM or SIGINT: closes the app (see registerDrain), hands back unsent outbox rows, closes the
 * database and exits 0 — or 1 once `timeoutMs` has passed, or at a second signal.
 */
export function installShutdown(deps: {
  app: FastifyInstance;
  database: Database;
  timeoutMs: number;
  log?: FastifyBaseLogger;
  exit?: (code: number) => void;
}): void {
  const { app, database, timeoutMs } = deps;
  const log = deps.log ?? app.log;
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      log.warn({ signal }, 'shutdown: second signal, exiting now');
      exit(1);
      return;
    }
    shuttingDown = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, 'shutdown: started');
    const force = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown: not finished within SHUTDOWN_TIMEOUT_MS, exiting anyway');
      exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await app.close();
      const released = await releaseHeld(database.db).catch((error) => {
        log.error({ err: error }, 'shutdown: handing back unsent real-time messages failed');
        return 0;
      });
      if (released > 0) log.info({ released }, 'shutdown: unsent real-time messages handed back');
      await database.close();
      log.info({ ms: Date.now() - started }, 'shutdown: complete');
      clearTimeout(force);
      exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown: failed');
      clearTimeout(force);
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

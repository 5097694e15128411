import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.ts';

const RETRY_MS = 1_000;

export interface ListenHandlers {
  /** A notification on the channel, with its payload. */
  notify(payload: string): void;
  /** The channel is being listened to (at start and after every reconnection). */
  connected?(): void;
  /** The listening connection dropped: notifications may be missed until `connected` runs again. */
  disconnected?(): void;
}

/**
 * LISTEN on a channel: PostgreSQL on a connection of its own (re-opened when it drops), or PGlite's
 * in-process LISTEN. Resolves once listening (or once the first attempt failed and a retry is
 * scheduled); the returned function stops listening.
 */
export async function listen(
  database: Database,
  channel: string,
  log: FastifyBaseLogger,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(channel, (payload) => handlers.notify(payload));
    handlers.connected?.();
    return unlisten;
  }

  const options = (client as pg.Pool).options;
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const reconnect = () => {
    if (current) handlers.disconnected?.();
    current = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
    retry.unref();
  };
  const connect = async () => {
    const listener = new pg.Client(options);
    listener.on('notification', (message) => handlers.notify(message.payload ?? ''));
    listener.on('error', (error) => {
      log.warn({ err: error, channel }, 'LISTEN connection failed; reconnecting');
      reconnect();
    });
    listener.on('end', reconnect);
    try {
      await listener.connect();
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await listener.end();
        return;
      }
      current = listener;
      handlers.connected?.();
    } catch (error) {
      log.warn({ err: error, channel }, 'LISTEN connection could not open; retrying');
      listener.end().catch(() => {});
      reconnect();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const listener = current;
    current = null;
    await listener?.end().catch(() => {});
  };
}

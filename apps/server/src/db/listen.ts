import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.ts';

const RETRY_MS = 1_000;
/** How the LISTEN connection shows in `pg_stat_activity`. */
export const LISTEN_APPLICATION_NAME = 'fluxo-listen';

export interface Subscription {
  /** A notification on the channel, with its payload. */
  notify(payload: string): void;
  /** The channel is being listened to (at subscription and after every reconnection). */
  connected?(): void;
  /** The listening connection dropped: notifications may be missed until `connected` runs again. */
  disconnected?(): void;
}

export interface Listener {
  /** Listens on `channel` for `subscription`; resolves once listening (or once a retry is scheduled). */
  subscribe(channel: string, subscription: Subscription): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per instance for every channel: PostgreSQL delivers a connection's notifications
 * in commit order, so what one transaction notifies on two channels (a session revoked, then the
 * FORCE_LOGOUT message about it) is seen here in that order. PostgreSQL: a connection of its own,
 * re-opened when it drops; PGlite: its in-process LISTEN.
 */
export function openListener(database: Database, log: FastifyBaseLogger): Listener {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const channels = new Map<string, Set<Subscription>>();
  const forEach = (fn: (s: Subscription) => void) => {
    for (const subscriptions of channels.values()) for (const s of subscriptions) fn(s);
  };

  if (database.kind === 'pglite') {
    const unlistens: (() => Promise<void>)[] = [];
    return {
      async subscribe(channel, subscription) {
        const unlisten = await (client as PGlite).listen(channel, (payload) => subscription.notify(payload));
        unlistens.push(unlisten);
        subscription.connected?.();
        return () => void unlisten().catch(() => {});
      },
      async close() {
        await Promise.allSettled(unlistens.map((unlisten) => unlisten()));
      },
    };
  }

  const options = (client as pg.Pool).options;
  let stopped = false;
  let current: pg.Client | null = null;
  let started = false;
  let connecting: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  const reconnect = () => {
    if (current) forEach((s) => s.disconnected?.());
    current = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, RETRY_MS);
    retry.unref();
  };
  const connect = async () => {
    const listener = new pg.Client({ ...options, application_name: LISTEN_APPLICATION_NAME });
    listener.on('notification', (message) => {
      for (const s of channels.get(message.channel) ?? []) s.notify(message.payload ?? '');
    });
    listener.on('error', (error) => {
      log.warn({ err: error }, 'LISTEN connection failed; reconnecting');
      reconnect();
    });
    listener.on('end', reconnect);
    try {
      await listener.connect();
      for (const channel of channels.keys()) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await listener.end();
        return;
      }
      current = listener;
      forEach((s) => s.connected?.());
    } catch (error) {
      log.warn({ err: error }, 'LISTEN connection could not open; retrying');
      listener.end().catch(() => {});
      reconnect();
    }
  };

  return {
    async subscribe(channel, subscription) {
      let subscriptions = channels.get(channel);
      const fresh = !subscriptions;
      if (!subscriptions) {
        subscriptions = new Set();
        channels.set(channel, subscriptions);
      }
      subscriptions.add(subscription);
      if (!started) {
        // The first subscription opens the connection, which listens on every channel known by then
        // and tells each subscription it is connected.
        started = true;
        connecting = connect();
        await connecting;
      } else {
        await connecting;
        // (LISTEN twice, or `connected` twice, is harmless.)
        if (current) {
          if (fresh) await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          subscription.connected?.();
        }
      }
      return () => subscriptions.delete(subscription);
    },
    async close() {
      stopped = true;
      clearTimeout(retry);
      const listener = current;
      current = null;
      await listener?.end().catch(() => {});
    },
  };
}

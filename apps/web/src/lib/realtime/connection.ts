import {
  parseRealtimeMessage,
  REALTIME_ACK_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
  retryDelay,
  shouldRetry,
} from '@fluxo/domain/realtime/events';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { createSeenIds, type SeenIds } from './seen-ids.ts';

/** How long the client waits for the server to confirm an acknowledgement before logging it as failed. */
export const ACK_TIMEOUT_MS = 10_000;

export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeLogger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export interface RealtimeConnectionOptions {
  /** The gateway (configuration.gatewayUrl); empty or null: logged, no connection. */
  gatewayUrl: string | null | undefined;
  userId: string;
  /** Read at every attempt, so a reconnection carries the freshest token. */
  getToken: () => string | null;
  /**
   * Asked for a new token when the server refuses the current one: it has expired (the server also
   * closes a socket at its token's expiry) or its session has ended. Resolves once the new token is
   * stored; rejects when there is none to be had, the session being over.
   */
  refreshToken?: () => Promise<unknown>;
  onMessage: (message: RealtimeMessage) => void;
  createSocket: SocketFactory;
  log?: RealtimeLogger;
  random?: () => number;
  /** Remembers seen ids across reconnections (and across connections of the same user). */
  seenIds?: SeenIds;
}

export interface RealtimeConnection {
  /** Drops the socket and connects again at once (a fresh token), with a fresh attempt count. */
  reconnect(): void;
  close(): void;
  readonly state: 'idle' | 'connecting' | 'connected' | 'waiting' | 'refreshing' | 'gave-up' | 'closed';
}

/** Handshake refusals that no retry with the same token can overcome. */
const TOKEN_REFUSALS = new Set(['TOKEN_EXPIRED', 'UNAUTHENTICATED']);

function refusedToken(error: unknown): boolean {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' && TOKEN_REFUSALS.has(code);
}

const consoleLogger: RealtimeLogger = {
  info: (message, detail) => console.info(`[realtime] ${message}`, detail ?? ''),
  warn: (message, detail) => console.warn(`[realtime] ${message}`, detail ?? ''),
  error: (message, detail) => console.error(`[realtime] ${message}`, detail ?? ''),
};

/**
 * The client side of the real-time channel (spec §4): connects to the gateway with the user's id and
 * token; on failure logs and retries in the background (attempt n waits retryDelay(n): 1 s doubling,
 * capped at 30 s, plus ≤ 500 ms jitter), gives up after 10 failed attempts (logged). Every message is
 * acknowledged (a failed acknowledgement is logged), duplicates are dropped by messageId, and what
 * remains is checked against the event map before it reaches `onMessage`. A refused token is not
 * retried: the connection goes on with a newer token, asking `refreshToken` for one if need be.
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const log = options.log ?? consoleLogger;
  const random = options.random ?? Math.random;
  const seen = options.seenIds ?? createSeenIds();
  let socket: Socket | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let state: RealtimeConnection['state'] = 'idle';
  /** The last token a refresh was asked for, so that one refused token costs one refresh at most. */
  let refreshedFor: string | null = null;

  const gateway = options.gatewayUrl?.trim();
  if (!gateway) {
    log.error('No gateway address configured: the real-time channel is off.');
    state = 'closed';
    return {
      reconnect() {},
      close() {},
      get state() {
        return state;
      },
    };
  }

  function acknowledge(current: Socket, messageId: string): void {
    current
      .timeout(ACK_TIMEOUT_MS)
      .emit(REALTIME_ACK_EVENT, { messageId }, (error: unknown, answer: unknown) => {
        if (error) log.warn(`Acknowledgement of ${messageId} failed`, error);
        else if (!(answer as { ok?: boolean } | undefined)?.ok)
          log.warn(`Acknowledgement of ${messageId} was refused`, answer);
      });
  }

  function receive(current: Socket, raw: unknown): void {
    const messageId = (raw as { messageId?: unknown } | null)?.messageId;
    if (typeof messageId !== 'string' || messageId === '') {
      log.warn('Message without an id dropped', raw);
      return;
    }
    // Acknowledged every time, duplicates too: a duplicate means the server missed the first one.
    acknowledge(current, messageId);
    if (!seen.firstSighting(messageId)) return;
    const parsed = parseRealtimeMessage(raw);
    if (!parsed.success) {
      log.warn(`Message ${messageId} dropped: ${parsed.error}`);
      return;
    }
    try {
      options.onMessage(parsed.message);
    } catch (error) {
      log.error(`Handler of ${parsed.message.type} failed`, error);
    }
  }

  function dispose(): void {
    if (!socket) return;
    const old = socket;
    socket = null;
    old.removeAllListeners();
    old.disconnect();
  }

  function failed(reason: unknown): void {
    dispose();
    failures++;
    if (!shouldRetry(failures)) {
      state = 'gave-up';
      log.error(`Real-time connection failed ${failures} times; giving up.`, reason);
      return;
    }
    const delay = retryDelay(failures, random);
    state = 'waiting';
    log.warn(`Real-time connection failed (attempt ${failures}); retrying in ${delay} ms.`, reason);
    retryTimer = setTimeout(connect, delay);
  }

  function tokenRefused(used: string, reason: unknown): void {
    const latest = options.getToken();
    if (latest && latest !== used) {
      // Renewed meanwhile (another tab, an organization switch): no reason to wait.
      connect();
      return;
    }
    if (!options.refreshToken || refreshedFor === used) {
      failed(reason);
      return;
    }
    dispose();
    refreshedFor = used;
    state = 'refreshing';
    log.info('The server refused the token; asking for a new one.', reason);
    options.refreshToken().then(
      () => {
        if (state === 'refreshing') connect();
      },
      (error: unknown) => {
        if (state !== 'refreshing') return;
        state = 'gave-up';
        log.warn('No new token to be had: the real-time channel waits for a new session.', error);
      },
    );
  }

  function connect(): void {
    clearTimeout(retryTimer);
    dispose();
    const token = options.getToken();
    if (!token) {
      failed(new Error('No token'));
      return;
    }
    state = 'connecting';
    const current = options.createSocket(gateway as string, {
      path: REALTIME_PATH,
      query: { userId: options.userId },
      auth: { token },
      // The policy above decides when to try again, not the library.
      reconnection: false,
      transports: ['websocket', 'polling'],
    });
    socket = current;
    current.on('connect', () => {
      failures = 0;
      refreshedFor = null;
      state = 'connected';
    });
    current.on('connect_error', (error: Error) => {
      if (socket !== current) return;
      if (refusedToken(error)) tokenRefused(token, error);
      else failed(error);
    });
    current.on('disconnect', (reason: string) => {
      if (socket !== current) return;
      // A dropped connection starts a new round of attempts.
      failures = 0;
      failed(new Error(`Disconnected: ${reason}`));
    });
    current.on(REALTIME_MESSAGE_EVENT, (raw: unknown) => receive(current, raw));
  }

  connect();

  return {
    reconnect() {
      failures = 0;
      connect();
    },
    close() {
      clearTimeout(retryTimer);
      dispose();
      state = 'closed';
    },
    get state() {
      return state;
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import {
  REALTIME_ACK_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
} from '@fluxo/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { type Database, type Db, rows, uuidList } from '../db/client.ts';
import type { Config } from '../platform/config.ts';
import { AppError } from '../platform/errors.ts';
import { isUuid, sessionFromToken } from '../platform/guard.ts';
import { bearer, type JwtKeys } from '../platform/tokens.ts';
import { heldForCommit, registerDispatcher, sendCommittedUnheard } from './held-batches.ts';
import {
  acknowledge,
  acknowledgeStaleLogouts,
  claimDuePushes,
  claimStale,
  claimUndispatched,
  OUTBOX_CHANNEL,
  type OutboxRow,
  pruneAcknowledged,
  takePending,
} from './outbox.ts';
import { type PushSender, sendPushes } from './push.ts';

const DISPATCH_BATCH = 250;
const REDELIVER_BATCH = 1_000;
const REPLAY_BATCH = 500;
const ACK_BATCH = 2_000;
const PUSH_BATCH = 100;
const PRUNE_BATCH = 5_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Time a forced-out client has to receive FORCE_LOGOUT before its socket is closed. */
const LOGOUT_GRACE_MS = 2_000;
/** How long the Redis clients may take to close before they are dropped. */
const REDIS_CLOSE_GRACE_MS = 2_000;
/** The longest delay setTimeout accepts; a token living longer is re-armed when this fires. */
const MAX_TIMER_MS = 2_147_483_647;

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one session: what signing out or revoking that session closes, on every instance. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

interface SocketData {
  userId: string;
  sessionId: string;
  /** When the handshake's token expires (ms since the epoch): the socket is closed then. */
  tokenExpiresAt: number;
}
interface ServerToClient {
  [REALTIME_MESSAGE_EVENT]: (message: RealtimeMessage) => void;
}
interface ClientToServer {
  /** The messageId (or `{ messageId }`); the optional callback learns whether it was recorded. */
  [REALTIME_ACK_EVENT]: (payload: unknown, reply?: (answer: { ok: boolean }) => void) => void;
}
type HubServer = Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
type HubSocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;

export interface RealtimeStats {
  /** Sockets connected to this instance now. */
  connections: number;
  /** Messages this instance claimed and emitted to their recipient's room. */
  dispatched: number;
  /** Pending messages sent to a socket as it connected. */
  replayed: number;
  /** Messages sent again because they stayed unacknowledged. */
  redelivered: number;
  acknowledged: number;
  pushesSent: number;
  pushesFailed: number;
}

export interface RealtimeHub {
  readonly io: HubServer;
  readonly stats: RealtimeStats;
  /** Wakes the dispatcher: the outbox has new rows. */
  kick(): void;
  /** One pass of the periodic sweep (runs by itself every REALTIME_SWEEP_MS). */
  sweep(): Promise<void>;
  /** Adds work to every sweep, such as a module's durable timers. */
  addSweepTask(name: string, task: () => Promise<unknown>): void;
  /**
   * Closes every socket of these sessions, on whatever instance it is (the Redis adapter carries the
   * order): call it once a session has ended — signed out, revoked — so no socket outlives it.
   */
  endSessions(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

export interface HubDeps {
  app: FastifyInstance;
  config: Config;
  database: Database;
  jwtKeys: JwtKeys;
  pushSender: PushSender;
}

/** The error a refused handshake sends to the client (`connect_error`), with the API's error code. */
function handshakeError(error: unknown): Error {
  const appError = error instanceof AppError ? error : new AppError('INTERNAL', 'The connection failed.');
  const refused = new Error(appError.message) as Error & { data?: unknown };
  refused.data = { code: appError.code, statusCode: appError.statusCode };
  return refused;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The token of a handshake: socket.io's `auth.token`, the SignalR-style `access_token`, or a bearer header. */
function handshakeToken({ query, auth, headers }: HubSocket['handshake']): string | null {
  return (
    (typeof auth?.token === 'string' && auth.token) ||
    first(query.access_token as string | string[] | undefined) ||
    bearer(headers.authorization)
  );
}

/**
 * The real-time hub: Socket.IO on Fastify's HTTP server at /signalr/notifications, fed by the outbox.
 * See README.md beside this file for how delivery works across instances and crashes.
 */
export async function createRealtimeHub({
  app,
  config,
  database,
  jwtKeys,
  pushSender,
}: HubDeps): Promise<RealtimeHub> {
  const db: Db = database.db;
  const log = app.log.child({ module: 'realtime' });
  const stats: RealtimeStats = {
    connections: 0,
    dispatched: 0,
    replayed: 0,
    redelivered: 0,
    acknowledged: 0,
    pushesSent: 0,
    pushesFailed: 0,
  };
  let closed = false;

  const io: HubServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // The token travels in the handshake, never in cookies, so any origin may connect.
    cors: { origin: true, credentials: false },
    maxHttpBufferSize: 16 * 1024,
  });

  let redis: { pub: ReturnType<typeof createClient>; sub: ReturnType<typeof createClient> } | null = null;
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => log.error({ err: error }, 'redis (publish) error'));
    sub.on('error', (error) => log.error({ err: error }, 'redis (subscribe) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: 'fluxo-realtime' }));
    redis = { pub, sub };
  }

  const emitToUser = (row: OutboxRow) =>
    io.to(userRoom(row.userId)).emit(REALTIME_MESSAGE_EVENT, row.message);

  /** Closes those of `sockets` whose session no longer stands (revoked, expired, user disabled). */
  const closeEndedSockets = async (sockets: { data: SocketData; disconnect(close: boolean): void }[]) => {
    const sessionIds = [...new Set(sockets.map((s) => s.data.sessionId))];
    if (sessionIds.length === 0) return;
    const live = await rows<{ id: string }>(
      db,
      sql`SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id IN ${uuidList(sessionIds)}
            AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.disabled`,
    );
    const liveIds = new Set(live.map((r) => r.id));
    for (const socket of sockets) {
      if (!liveIds.has(socket.data.sessionId)) socket.disconnect(true);
    }
  };

  // ── Ended sessions: once a last message (FORCE_LOGOUT) had time to arrive, close their sockets. ──
  const logoutTimers = new Set<NodeJS.Timeout>();
  const closeEndedLater = (room: string, where: 'everywhere' | 'here') => {
    const timer = setTimeout(async () => {
      logoutTimers.delete(timer);
      try {
        const target = where === 'here' ? io.local.in(room) : io.in(room);
        await closeEndedSockets(await target.fetchSockets());
      } catch (error) {
        log.error({ err: error, room }, 'closing the sockets of ended sessions failed');
      }
    }, LOGOUT_GRACE_MS);
    timer.unref();
    logoutTimers.add(timer);
  };
  const closeEndedSessions = (userId: string) => closeEndedLater(userRoom(userId), 'everywhere');

  // Any other ending (a session revoked or cut short in the database, a user disabled or deleted): the
  // database notifies every instance (LiveSessions), and each closes its own sockets concerned.
  const stopFollowingSessions = app.liveSessions.onEnded((payload) => {
    const id = payload.slice(2);
    const room = payload.startsWith('s:') ? sessionRoom(id) : payload.startsWith('u:') ? userRoom(id) : null;
    if (closed || !room || !io.of('/').adapter.rooms.get(room)?.size) return;
    closeEndedLater(room, 'here');
  });

  const dispatch = (batch: readonly OutboxRow[]) => {
    for (const row of batch) {
      emitToUser(row);
      if (row.message.type === 'FORCE_LOGOUT') closeEndedSessions(row.userId);
    }
    stats.dispatched += batch.length;
  };

  // ── Dispatcher: claims undispatched rows and emits them; kicks during a run make it run again. ──
  let dispatching: Promise<void> | null = null;
  let again = false;
  const kick = () => {
    if (closed || !config.realtime.dispatch) return;
    if (dispatching) {
      again = true;
      return;
    }
    dispatching = (async () => {
      try {
        do {
          again = false;
          // Small batches, the next claimed while this one is emitted: the first messages of a large
          // fan-out leave early, and the database works while the sockets are written.
          let claiming = claimUndispatched(db, DISPATCH_BATCH);
          for (;;) {
            const batch = await claiming;
            const more = batch.length === DISPATCH_BATCH && !closed;
            if (more) claiming = claimUndispatched(db, DISPATCH_BATCH);
            dispatch(batch);
            if (!more) break;
          }
        } while (again && !closed);
      } catch (error) {
        // The rows stay undispatched; the next kick or sweep takes them.
        if (!closed) log.error({ err: error }, 'real-time dispatch failed');
      } finally {
        dispatching = null;
      }
    })();
  };

  // ── Acknowledgements: written in batches (one statement per batch, one batch in flight). ──
  interface PendingAck {
    userId: string;
    messageId: string;
    reply?: (answer: { ok: boolean }) => void;
  }
  let ackQueue: PendingAck[] = [];
  let acking: Promise<void> | null = null;
  const flushAcks = async () => {
    try {
      while (ackQueue.length > 0) {
        const batch = ackQueue.slice(0, ACK_BATCH);
        ackQueue = ackQueue.slice(ACK_BATCH);
        let done: Set<string> | null = null;
        try {
          done = await acknowledge(
            db,
            batch.map(({ userId, messageId }) => ({ userId, messageId })),
          );
          stats.acknowledged += done.size;
        } catch (error) {
          log.error({ err: error, count: batch.length }, 'recording acknowledgements failed');
        }
        for (const ack of batch) ack.reply?.({ ok: done?.has(ack.messageId) ?? false });
      }
    } finally {
      acking = null;
    }
  };
  const queueAck = (ack: PendingAck) => {
    ackQueue.push(ack);
    if (!acking) acking = new Promise<void>((resolve) => setImmediate(resolve)).then(flushAcks);
  };

  // ── Handshake: userId + a live session token that is that user's. ──
  io.use(async (socket, next) => {
    try {
      const token = handshakeToken(socket.handshake);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Sign in first: the connection needs a token.');
      const session = await sessionFromToken(db, jwtKeys, token, app.liveSessions);
      const userId = first(socket.handshake.query.userId as string | string[] | undefined);
      if (!userId || userId !== session.userId) {
        throw new AppError('FORBIDDEN', 'The token does not belong to this user.');
      }
      socket.data = {
        userId,
        sessionId: session.sessionId,
        tokenExpiresAt: session.claims.exp * 1000,
      } satisfies SocketData;
      next();
    } catch (error) {
      next(handshakeError(error));
    }
  });

  const localUsers = new Map<string, number>();

  /**
   * Sends the user's pending messages in order. The first read happens before the socket joins its room,
   * the second after: a message committed in between is in the second read, and every later one comes
   * live through the room. A message in flight may come both ways; the client drops it by messageId.
   */
  const replay = async (socket: HubSocket) => {
    const { userId, sessionId } = socket.data;
    // A session that ended between the handshake and the socket joining its session room sent its
    // closing order before the socket could hear it: checked again now that it would.
    await sessionFromToken(db, jwtKeys, handshakeToken(socket.handshake) ?? '');
    await acknowledgeStaleLogouts(db, userId, sessionId);
    let lastSeq = 0;
    const readAll = async () => {
      for (;;) {
        const batch = await takePending(db, userId, lastSeq, REPLAY_BATCH);
        for (const row of batch) {
          socket.emit(REALTIME_MESSAGE_EVENT, row.message);
          lastSeq = row.seq;
        }
        stats.replayed += batch.length;
        if (batch.length < REPLAY_BATCH || !socket.connected) return;
      }
    };
    await readAll();
    if (!socket.connected) return;
    socket.join(userRoom(userId));
    await readAll();
  };

  /** Closes the socket when its token expires; the client connects again with a fresh token. */
  const closeAtExpiry = (socket: HubSocket): (() => void) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const remaining = socket.data.tokenExpiresAt - Date.now();
      timer = setTimeout(
        () => (remaining > MAX_TIMER_MS ? arm() : socket.disconnect(true)),
        Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
      );
      timer.unref();
    };
    arm();
    return () => clearTimeout(timer);
  };

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    stats.connections++;
    localUsers.set(userId, (localUsers.get(userId) ?? 0) + 1);
    socket.join(sessionRoom(sessionId));
    const stopExpiryTimer = closeAtExpiry(socket);

    socket.on(REALTIME_ACK_EVENT, (payload, reply) => {
      const messageId =
        typeof payload === 'string' ? payload : (payload as { messageId?: unknown } | null)?.messageId;
      const answer = typeof reply === 'function' ? reply : undefined;
      if (!isUuid(messageId)) {
        answer?.({ ok: false });
        return;
      }
      queueAck({ userId, messageId, reply: answer });
    });

    socket.on('disconnect', () => {
      stopExpiryTimer();
      stats.connections--;
      const left = (localUsers.get(userId) ?? 1) - 1;
      if (left > 0) localUsers.set(userId, left);
      else localUsers.delete(userId);
    });

    replay(socket).catch((error) => {
      if (!(error instanceof AppError) || error.statusCode >= 500) {
        log.error(
          { err: error, userId },
          'sending pending messages failed; closing the socket so it reconnects',
        );
      }
      socket.disconnect(true);
    });
  });

  // ── Sweep: undispatched rows, stale deliveries, due pushes, module timers, pruning. ──
  const tasks = new Map<string, () => Promise<unknown>>();
  let sweeping: Promise<void> | null = null;
  let lastPrune = 0;
  const sweepOnce = async () => {
    const step = async (name: string, work: () => Promise<unknown>) => {
      if (closed) return;
      try {
        await work();
      } catch (error) {
        if (!closed) log.error({ err: error, step: name }, 'real-time sweep step failed');
      }
    };
    await step('redeliver', async () => {
      const stale = await claimStale(
        db,
        [...localUsers.keys()],
        config.realtime.redeliverSeconds,
        REDELIVER_BATCH,
      );
      for (const row of stale) emitToUser(row);
      stats.redelivered += stale.length;
    });
    if (!config.realtime.dispatch) return;
    await step('dispatch', async () => {
      kick();
      await dispatching;
    });
    for (const [name, task] of tasks) await step(name, task);
    await step('push', async () => {
      const due = await claimDuePushes(db, config.realtime.pushDelaySeconds, PUSH_BATCH);
      const result = await sendPushes(db, pushSender, log, due);
      stats.pushesSent += result.sent;
      stats.pushesFailed += result.failed;
    });
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await step('prune', async () => {
        while ((await pruneAcknowledged(db, config.realtime.retentionHours, PRUNE_BATCH)) === PRUNE_BATCH) {
          if (closed) return;
        }
      });
    }
  };
  const sweep = () => {
    if (!sweeping) {
      sweeping = sweepOnce().finally(() => {
        sweeping = null;
      });
    }
    return sweeping;
  };

  // NOTIFY comes at the commit of every transaction that wrote to the outbox, on any instance. One naming
  // a batch carries the commit of rows written (and claimed) in this process: they go out from memory.
  // One naming another process's batch needs nothing here; an empty one means rows written where no
  // dispatcher ran, to be claimed.
  const unregisterDispatcher = config.realtime.dispatch ? registerDispatcher() : () => {};
  const onOutboxNotification = (batchId: string) => {
    if (!batchId) return kick();
    if (!closed && config.realtime.dispatch) heldForCommit.committed(batchId, dispatch);
  };
  // Back after an outage (or at the start): what was written meanwhile, here or elsewhere, goes out.
  const catchUp = () => {
    kick();
    if (closed || !config.realtime.dispatch) return;
    sendCommittedUnheard(db, dispatch).catch((error) => {
      if (!closed) log.error({ err: error }, 'sending batches committed while not listening failed');
    });
  };
  const stopListening = await app.notifications.subscribe(OUTBOX_CHANNEL, {
    notify: onOutboxNotification,
    connected: catchUp,
  });
  const sweepTimer = setInterval(() => void sweep(), config.realtime.sweepMs);
  sweepTimer.unref();

  const hub: RealtimeHub = {
    io,
    stats,
    kick,
    sweep,
    addSweepTask(name, task) {
      tasks.set(name, task);
    },
    endSessions(sessionIds) {
      if (closed || sessionIds.length === 0) return;
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      if (closed) return;
      closed = true;
      unregisterDispatcher();
      stopFollowingSessions();
      clearInterval(sweepTimer);
      for (const timer of logoutTimers) clearTimeout(timer);
      stopListening();
      io.local.disconnectSockets(true);
      await Promise.allSettled([dispatching, sweeping, acking]);
      await io.of('/').adapter.close();
      io.engine.close();
      if (redis) {
        // A client still reconnecting after a Redis outage may never settle its close (seen in the ops
        // test): give them a moment to flush, then drop them. What they had not sent is in the outbox.
        const { pub, sub } = redis;
        await Promise.race([
          Promise.allSettled([pub.close(), sub.close()]),
          sleep(REDIS_CLOSE_GRACE_MS, undefined, { ref: false }),
        ]);
        for (const client of [pub, sub]) if (client.isOpen) client.destroy();
      }
    },
  };
  // Sockets are closed before Fastify closes its server, which would otherwise wait for them.
  app.addHook('preClose', async () => {
    await hub.close();
  });
  return hub;
}

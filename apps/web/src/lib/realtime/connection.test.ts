import { REALTIME_ACK_EVENT, REALTIME_PATH, REALTIME_RETRY } from '@fluxo/domain/realtime/events';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeConnection, type RealtimeLogger, type SocketFactory } from './connection.ts';
import { createSeenIds } from './seen-ids.ts';

/** A stand-in socket: records what the client does and lets the test play the server. */
class FakeSocket {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  emitted: { event: string; payload: unknown; ack?: (error: unknown, answer: unknown) => void }[] = [];
  disconnected = false;
  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: unknown, answer: unknown) => void) =>
        this.emitted.push({ event, payload, ack }),
    };
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

function setup(
  options: { gatewayUrl?: string | null; token?: string | null; refreshToken?: () => Promise<unknown> } = {},
) {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url, socketOptions) => {
    const socket = new FakeSocket(url, socketOptions as Record<string, unknown>);
    sockets.push(socket);
    return socket as unknown as Socket;
  };
  const log: RealtimeLogger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const onMessage = vi.fn();
  let token: string | null = options.token === undefined ? 'token-1' : options.token;
  const connection = createRealtimeConnection({
    gatewayUrl: options.gatewayUrl === undefined ? 'http://gateway.test' : options.gatewayUrl,
    userId: 'user-1',
    getToken: () => token,
    onMessage,
    createSocket: factory,
    log,
    random: () => 0.5,
    seenIds: createSeenIds(3),
    ...(options.refreshToken ? { refreshToken: options.refreshToken } : {}),
  });
  return { connection, sockets, log, onMessage, setToken: (next: string) => (token = next) };
}

/** A handshake refusal as socket.io hands it over: the server's error code in `data`. */
const refusal = (code: string) => Object.assign(new Error(code), { data: { code, statusCode: 401 } });

const message = (messageId: string, type = 'REFRESH_MENU', data: unknown = {}) => ({
  messageId,
  type,
  data,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('real-time connection policy (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the gateway on the hub path with the user id and the token', () => {
    const { sockets } = setup();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('http://gateway.test');
    expect(sockets[0]!.options).toMatchObject({
      path: REALTIME_PATH,
      query: { userId: 'user-1' },
      auth: { token: 'token-1' },
      reconnection: false,
    });
  });

  it('without a gateway address logs and does not connect', () => {
    const { sockets, log, connection } = setup({ gatewayUrl: '' });
    expect(sockets).toHaveLength(0);
    expect(log.error).toHaveBeenCalledOnce();
    expect(connection.state).toBe('closed');
  });

  it('retries after 1 s, 2 s, 4 s … capped at 30 s plus jitter, and gives up after 10 attempts', () => {
    const { sockets, log, connection } = setup();
    const expected = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000].map((d) => d + 250);
    for (const [index, delay] of expected.entries()) {
      sockets[index]!.fire('connect_error', new Error('refused'));
      expect(connection.state).toBe('waiting');
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(index + 2);
    }
    expect(log.warn).toHaveBeenCalledTimes(9);
    // The 10th failure is the last.
    sockets[9]!.fire('connect_error', new Error('refused'));
    expect(connection.state).toBe('gave-up');
    expect(log.error).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10 * REALTIME_RETRY.maxDelayMs);
    expect(sockets).toHaveLength(REALTIME_RETRY.maxAttempts);
  });

  it('adds at most 500 ms of jitter', () => {
    const sockets: FakeSocket[] = [];
    createRealtimeConnection({
      gatewayUrl: 'http://gateway.test',
      userId: 'u',
      getToken: () => 't',
      onMessage: () => undefined,
      createSocket: (url, options) => {
        const socket = new FakeSocket(url, options as Record<string, unknown>);
        sockets.push(socket);
        return socket as unknown as Socket;
      },
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      random: () => 0.999999,
    });
    sockets[0]!.fire('connect_error', new Error('x'));
    vi.advanceTimersByTime(1499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('a successful connection resets the count; a dropped one retries in the background', () => {
    const { sockets } = setup();
    sockets[0]!.fire('connect_error', new Error('x'));
    vi.advanceTimersByTime(1250);
    sockets[1]!.fire('connect');
    sockets[1]!.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(1249);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects with the fresh token on demand', () => {
    const { sockets, connection, setToken } = setup();
    sockets[0]!.fire('connect');
    setToken('token-2');
    connection.reconnect();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.options).toMatchObject({ auth: { token: 'token-2' } });
  });

  it('closed by the server at the token’s expiry, connects again with the token renewed meanwhile', () => {
    const { sockets, setToken } = setup();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('disconnect', 'io server disconnect');
    setToken('token-2');
    vi.advanceTimersByTime(1250);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.options).toMatchObject({ auth: { token: 'token-2' } });
  });

  it('an expired token is refreshed once, then the connection is made with the fresh one', async () => {
    let setToken: (next: string) => void = () => {};
    const refreshToken = vi.fn(async () => setToken('token-2'));
    const context = setup({ refreshToken });
    setToken = context.setToken;
    const { sockets, connection, log } = context;
    sockets[0]!.fire('connect');
    sockets[0]!.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(1250);
    // The same token again: the server refuses it as expired.
    sockets[1]!.fire('connect_error', refusal('TOKEN_EXPIRED'));
    expect(connection.state).toBe('refreshing');
    expect(refreshToken).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    expect(sockets[2]!.options).toMatchObject({ auth: { token: 'token-2' } });
    sockets[2]!.fire('connect');
    expect(connection.state).toBe('connected');
    expect(log.warn).toHaveBeenCalledTimes(1); // the disconnection; the refusal cost no attempt
  });

  it('does not retry a refused token when no new one can be had, and resumes with the next session token', async () => {
    const refreshToken = vi.fn(async () => {
      throw new Error('401 TOKEN_EXPIRED');
    });
    const { sockets, connection, setToken } = setup({ refreshToken });
    sockets[0]!.fire('connect_error', refusal('UNAUTHENTICATED'));
    await vi.waitFor(() => expect(connection.state).toBe('gave-up'));
    vi.advanceTimersByTime(10 * REALTIME_RETRY.maxDelayMs);
    expect(sockets).toHaveLength(1);
    expect(refreshToken).toHaveBeenCalledOnce();
    setToken('token-2');
    connection.reconnect();
    expect(sockets[1]!.options).toMatchObject({ auth: { token: 'token-2' } });
  });

  it('other refusals keep the retry policy, without asking for a token', () => {
    const refreshToken = vi.fn(async () => undefined);
    const { sockets, connection } = setup({ refreshToken });
    sockets[0]!.fire('connect_error', refusal('FORBIDDEN'));
    expect(connection.state).toBe('waiting');
    vi.advanceTimersByTime(1250);
    sockets[1]!.fire('connect_error', new Error('xhr poll error'));
    expect(connection.state).toBe('waiting');
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('acknowledges every message, hands each id over once, and logs a failed acknowledgement', () => {
    const { sockets, onMessage, log } = setup();
    const socket = sockets[0]!;
    socket.fire('connect');
    socket.fire('notification', message('m1'));
    socket.fire('notification', message('m1'));
    socket.fire('notification', message('m2'));
    expect(onMessage.mock.calls.map(([m]) => m.messageId)).toEqual(['m1', 'm2']);
    expect(socket.emitted.map((e) => [e.event, e.payload])).toEqual([
      [REALTIME_ACK_EVENT, { messageId: 'm1' }],
      [REALTIME_ACK_EVENT, { messageId: 'm1' }],
      [REALTIME_ACK_EVENT, { messageId: 'm2' }],
    ]);
    socket.emitted[0]!.ack!(null, { ok: true });
    expect(log.warn).not.toHaveBeenCalled();
    socket.emitted[1]!.ack!(new Error('timeout'), undefined);
    socket.emitted[2]!.ack!(null, { ok: false });
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('drops duplicates across reconnections, remembering a bounded number of ids', () => {
    const { sockets, onMessage, connection } = setup();
    sockets[0]!.fire('notification', message('a'));
    connection.reconnect();
    sockets[1]!.fire('notification', message('a'));
    expect(onMessage).toHaveBeenCalledTimes(1);
    // Capacity 3: b, c, d push "a" out, so a fourth sighting of it is new again.
    for (const id of ['b', 'c', 'd']) sockets[1]!.fire('notification', message(id));
    sockets[1]!.fire('notification', message('a'));
    expect(onMessage).toHaveBeenCalledTimes(5);
  });

  it('drops (and logs) a message whose data does not match its type', () => {
    const { sockets, onMessage, log } = setup();
    sockets[0]!.fire('notification', message('bad', 'ADD_SUBMENU', { nope: true }));
    sockets[0]!.fire('notification', message('unknown', 'NOT_AN_EVENT'));
    expect(onMessage).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(2);
    // Still acknowledged: the server must not send it forever.
    expect(sockets[0]!.emitted).toHaveLength(2);
  });
});

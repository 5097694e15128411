import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { decodeClaims } from '../test/harness.ts';
import {
  connect,
  eventually,
  type Instance,
  refusal,
  type SharedDatabase,
  sharedDatabase,
  sleep,
  startInstance,
  type TestClient,
} from '../test/realtime-kit.ts';
import { enqueue, enqueueMany } from './outbox.ts';

let shared: SharedDatabase;
let server: Instance;
let demo: { token: string; userId: string };
let cash: { token: string; userId: string };
let admin: { token: string; userId: string };

beforeAll(async () => {
  shared = await sharedDatabase();
  server = await startInstance(shared.database, shared.dataDir, {
    REALTIME_SWEEP_MS: '100',
    REALTIME_REDELIVER_SECONDS: '1',
    REALTIME_RETENTION_HOURS: '0',
  });
  demo = await server.signin('demo@fluxo.example');
  cash = await server.signin('cash@fluxo.example');
  admin = await server.signin('admin@fluxo.example');
});
afterAll(async () => {
  await server?.close();
  await shared?.close();
});

const notify = (body: Record<string, unknown>, token = admin.token) =>
  server.call({ method: 'POST', url: '/api/v1/admin/notifications', token, payload: body });

async function messageRow(id: string) {
  const [row] = await rows<{ acknowledged: boolean; dispatched: boolean }>(
    shared.database.db,
    sql`SELECT acknowledged_at IS NOT NULL AS acknowledged,
      dispatched_at IS NOT NULL AS dispatched FROM realtime_messages WHERE id = ${id}`,
  );
  return row;
}

describe('handshake', () => {
  it('refuses a connection without a token', async () => {
    expect(await refusal(server.url, { userId: demo.userId })).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a forged or malformed token', async () => {
    const [header, payload] = demo.token.split('.');
    expect(
      await refusal(server.url, { userId: demo.userId, token: `${header}.${payload}.forged` }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await refusal(server.url, { userId: demo.userId, token: 'not-a-jwt' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses an expired token', async () => {
    const { exp: _exp, iat: _iat, jti, ...claims } = decodeClaims(demo.token);
    const key = server.secrets.signingKey();
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
      .setJti(jti as string)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key.secret);
    expect(await refusal(server.url, { userId: demo.userId, token: expired })).toMatchObject({
      code: 'TOKEN_EXPIRED',
    });
  });

  it("refuses a token that is not the user's", async () => {
    expect(await refusal(server.url, { userId: cash.userId, token: demo.token })).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(server.url, { token: demo.token })).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses the token of a session that was signed out', async () => {
    const session = await server.signin('pos@fluxo.example');
    await server.call({ method: 'POST', url: '/api/v1/auth/signout', token: session.token });
    expect(await refusal(server.url, { userId: session.userId, token: session.token })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('accepts the token in the auth payload or as the access_token query', async () => {
    expect(await refusal(server.url, { userId: demo.userId, token: demo.token })).toBeNull();
    expect(
      await refusal(server.url, { userId: demo.userId, token: demo.token, tokenIn: 'query' }),
    ).toBeNull();
  });
});

/** The same session's token, re-signed to expire in `seconds` (a short-lived token without waiting an hour). */
async function expiringIn(token: string, seconds: number): Promise<string> {
  const { exp: _exp, iat: _iat, jti, ...claims } = decodeClaims(token);
  const now = Math.floor(Date.now() / 1000);
  const key = server.secrets.signingKey();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setJti(jti as string)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(key.secret);
}

/** Resolves with the reason the socket was closed for. */
const closing = (client: TestClient) =>
  new Promise<string>((resolve) => client.socket.once('disconnect', resolve));

describe('a socket lives no longer than its session', () => {
  it('sign-out closes every socket of that session, and only those', async () => {
    const session = await server.signin('pos@fluxo.example');
    const other = await server.signin('pos@fluxo.example');
    const tab = await connect(server.url, session);
    const secondTab = await connect(server.url, session);
    const otherSession = await connect(server.url, other);
    try {
      const tabClosed = closing(tab);
      const secondTabClosed = closing(secondTab);
      const signedOut = await server.call({
        method: 'POST',
        url: '/api/v1/auth/signout',
        token: session.token,
      });
      expect(signedOut.statusCode).toBe(200);
      expect(await tabClosed).toBe('io server disconnect');
      expect(await secondTabClosed).toBe('io server disconnect');
      await sleep(200);
      expect(otherSession.socket.connected).toBe(true);
      expect(await refusal(server.url, session)).toMatchObject({ code: 'UNAUTHENTICATED' });
    } finally {
      tab.close();
      secondTab.close();
      otherSession.close();
    }
  });

  it('a session revoked in the database, or a user disabled, closes its sockets (through the database notification)', async () => {
    const revoked = await server.signin('pos@fluxo.example');
    const kept = await server.signin('pos@fluxo.example');
    const revokedTab = await connect(server.url, revoked);
    const keptTab = await connect(server.url, kept);
    const cashTab = await connect(server.url, cash);
    try {
      // As an operator or another instance would: no route involved, only the database's notification.
      const revokedClosed = closing(revokedTab);
      await shared.database.db.execute(
        sql`UPDATE sessions SET revoked_at = now() WHERE id = ${decodeClaims(revoked.token).jti as string}`,
      );
      expect(await revokedClosed).toBe('io server disconnect');
      await sleep(200);
      expect(keptTab.socket.connected).toBe(true);

      // A refresh extends a session (the trigger fires too): its socket stays.
      const refreshed = await server.call({ method: 'GET', url: '/api/v1/token/refresh', token: kept.token });
      expect(refreshed.statusCode).toBe(200);
      await sleep(200);
      expect(keptTab.socket.connected).toBe(true);

      const keptClosed = closing(keptTab);
      await shared.database.db.execute(sql`UPDATE users SET disabled = true WHERE id = ${kept.userId}`);
      expect(await keptClosed).toBe('io server disconnect');
      expect(cashTab.socket.connected).toBe(true);
    } finally {
      await shared.database.db.execute(sql`UPDATE users SET disabled = false WHERE id = ${kept.userId}`);
      revokedTab.close();
      keptTab.close();
      cashTab.close();
    }
  });

  it('closes the socket when its token expires; a refreshed token connects again', async () => {
    const session = await server.signin('pos@fluxo.example');
    const shortLived = await expiringIn(session.token, 2);
    const client = await connect(server.url, { userId: session.userId, token: shortLived });
    const connectedAt = Date.now();
    try {
      expect(await closing(client)).toBe('io server disconnect');
      const lifetime = Date.now() - connectedAt;
      // Closed at the token's exp (whole seconds: up to 2 s after connecting), not before.
      expect(lifetime).toBeGreaterThan(900);
      expect(lifetime).toBeLessThan(2_600);
      expect(await refusal(server.url, { userId: session.userId, token: shortLived })).toMatchObject({
        code: 'TOKEN_EXPIRED',
      });
      // What the web client does next: a fresh token for the same session, and a new connection.
      const refreshed = await server.call({
        method: 'GET',
        url: '/api/v1/token/refresh',
        token: session.token,
      });
      expect(refreshed.statusCode).toBe(200);
      const fresh = await connect(server.url, {
        userId: session.userId,
        token: (refreshed.json() as { auth_token: string }).auth_token,
      });
      expect(fresh.socket.connected).toBe(true);
      fresh.close();
    } finally {
      client.close();
    }
  });
});

describe('delivery and acknowledgement', () => {
  it('delivers { messageId, type, data, createdAt } as `notification` and records the acknowledgement', async () => {
    const client = await connect(server.url, { ...demo, autoAck: false });
    try {
      const sent = await notify({
        userId: demo.userId,
        type: 'UPDATE_STATEMENT',
        data: { StatementId: 'st-1' },
      });
      expect(sent.statusCode).toBe(201);
      const { messageIds } = sent.json() as { messageIds: string[] };
      expect(messageIds).toHaveLength(1);
      const [message] = await client.waitFor(1);
      expect(Object.keys(message!).sort()).toEqual(['createdAt', 'data', 'messageId', 'type']);
      expect(message).toMatchObject({
        messageId: messageIds[0],
        type: 'UPDATE_STATEMENT',
        data: { StatementId: 'st-1' },
      });
      expect(Number.isNaN(Date.parse(message!.createdAt))).toBe(false);
      expect(await messageRow(message!.messageId)).toEqual({ acknowledged: false, dispatched: true });
      expect(await client.ack(message!.messageId)).toEqual({ ok: true });
      expect(await messageRow(message!.messageId)).toMatchObject({ acknowledged: true });
    } finally {
      client.close();
    }
  });

  it("does not let a user acknowledge another user's message", async () => {
    const sent = await notify({ userId: demo.userId, type: 'REFRESH_ALERTS', data: {} });
    const [messageId] = (sent.json() as { messageIds: string[] }).messageIds;
    const intruder = await connect(server.url, cash);
    try {
      expect(await intruder.ack(messageId!)).toEqual({ ok: false });
      expect(await intruder.ack('not-a-uuid')).toEqual({ ok: false });
      expect(await messageRow(messageId!)).toMatchObject({ acknowledged: false });
    } finally {
      intruder.close();
    }
    // The recipient gets it on connection and acknowledges it.
    const client = await connect(server.url, demo);
    try {
      await client.waitFor(1);
      await eventually(async () => (await messageRow(messageId!))?.acknowledged);
    } finally {
      client.close();
    }
  });

  it('sends an organization event to every member, once each', async () => {
    const [organizationId] = (
      await rows<{ id: string }>(
        shared.database.db,
        sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
      )
    ).map((r) => r.id);
    const owner = await connect(server.url, demo);
    const member = await connect(server.url, cash);
    try {
      const sent = await notify({
        organizationId,
        type: 'REFRESH_MENU',
        data: { OrganizationId: organizationId },
      });
      expect(sent.json().recipients).toBe(3); // demo (owner), pos and cash (members)
      const [toOwner] = await owner.waitFor(1);
      const [toMember] = await member.waitFor(1);
      expect(toOwner?.type).toBe('REFRESH_MENU');
      expect(toMember?.type).toBe('REFRESH_MENU');
      expect(toOwner?.messageId).not.toBe(toMember?.messageId);
    } finally {
      owner.close();
      member.close();
    }
  });

  it('delivers pending messages on reconnection, in order, and never resends acknowledged ones', async () => {
    const first = await connect(server.url, demo);
    await notify({ userId: demo.userId, type: 'CLIENT_ADDED', data: { ClientId: 'c-1' } });
    await notify({ userId: demo.userId, type: 'CLIENT_ADDED', data: { ClientId: 'c-2' } });
    // Both acknowledged (and whatever an earlier test left pending), then the client goes away.
    // (Distinct ids: a message committed while the socket joins may come twice. Closed whatever
    // happens: a socket left open would acknowledge the next tests' messages.)
    try {
      await eventually(
        () =>
          new Set(first.received.filter((m) => m.type === 'CLIENT_ADDED').map((m) => m.messageId)).size ===
            2 && first.received.every((m) => first.acked.has(m.messageId)),
      );
    } finally {
      first.close();
    }

    const offline: string[] = [];
    for (let i = 3; i <= 7; i++) {
      const sent = await notify({ userId: demo.userId, type: 'CLIENT_ADDED', data: { ClientId: `c-${i}` } });
      offline.push(...(sent.json() as { messageIds: string[] }).messageIds);
    }
    // Dispatched to nobody (no socket is connected), so they come by the replay alone.
    await eventually(async () => {
      for (const id of offline) if (!(await messageRow(id))?.dispatched) return false;
      return true;
    });
    const second = await connect(server.url, demo);
    try {
      await second.waitFor(5);
      await sleep(200);
      expect(second.received.map((m) => (m.data as { ClientId?: string }).ClientId)).toEqual([
        'c-3',
        'c-4',
        'c-5',
        'c-6',
        'c-7',
      ]);
      await eventually(async () => (await messageRow(second.received[4]!.messageId))?.acknowledged);
    } finally {
      second.close();
    }
    const third = await connect(server.url, demo);
    try {
      await sleep(300);
      expect(third.received).toEqual([]);
    } finally {
      third.close();
    }
  });

  it('sends a delivered but unacknowledged message again: on reconnection, and after the redelivery delay', async () => {
    const client = await connect(server.url, { ...demo, autoAck: false });
    const sent = await notify({
      userId: demo.userId,
      type: 'UPDATE_TRANSACTION',
      data: { TransactionId: 't-1' },
    });
    const [messageId] = (sent.json() as { messageIds: string[] }).messageIds;
    const copies = () => client.received.filter((m) => m.messageId === messageId).length;
    try {
      await eventually(() => copies() >= 1);
      // Still connected, not acknowledged: sent again after REALTIME_REDELIVER_SECONDS (1 s here).
      await eventually(() => copies() >= 2, 4_000);
    } finally {
      client.close();
    }
    const back = await connect(server.url, demo);
    try {
      await eventually(() => back.received.some((m) => m.messageId === messageId));
      await eventually(async () => (await messageRow(messageId!))?.acknowledged);
    } finally {
      back.close();
    }
  });

  it('prunes acknowledged messages after the retention period (0 h here)', async () => {
    const sent = await notify({ userId: demo.userId, type: 'REFRESH_CHAT', data: {} });
    const [messageId] = (sent.json() as { messageIds: string[] }).messageIds;
    const client = await connect(server.url, demo);
    try {
      await client.waitFor(1);
      await eventually(async () => (await messageRow(messageId!))?.acknowledged);
    } finally {
      client.close();
    }
    // The first sweep of an instance prunes; a fresh instance on the same database shows it.
    const other = await startInstance(shared.database, shared.dataDir, { REALTIME_RETENTION_HOURS: '0' });
    try {
      await other.realtime.sweep();
      expect(await messageRow(messageId!)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('messages written in a transaction', () => {
  it('exist only if the transaction commits', async () => {
    const client = await connect(server.url, demo);
    try {
      await shared.database.db
        .transaction(async (tx) => {
          await enqueue(tx, { userId: demo.userId, type: 'REFRESH_PAGE', data: {} });
          throw new Error('rolled back');
        })
        .catch(() => {});
      await shared.database.db.transaction(async (tx) => {
        await enqueue(tx, { userId: demo.userId, type: 'REFRESH_TOKEN', data: {} });
      });
      await client.waitFor(1);
      await sleep(300);
      // (A message committed while the socket connects may come twice; clients drop it by messageId.)
      const distinct = new Map(client.received.map((m) => [m.messageId, m.type]));
      expect([...distinct.values()]).toEqual(['REFRESH_TOKEN']);
    } finally {
      client.close();
    }
  });

  it('written where a dispatcher runs, are claimed as they are written and sent from memory at the commit', async () => {
    const client = await connect(server.url, demo);
    try {
      const dispatchedBefore = server.realtime.stats.dispatched;
      const [written] = await shared.database.db.transaction(async (tx) => {
        const messages = await enqueue(tx, { userId: demo.userId, type: 'REFRESH_ALERTS', data: {} });
        const [row] = await rows<{ dispatched: boolean }>(
          tx,
          sql`SELECT dispatched_at IS NOT NULL AS dispatched FROM realtime_messages WHERE id = ${messages[0]!.messageId}`,
        );
        expect(row?.dispatched).toBe(true);
        // Not before the commit.
        await sleep(100);
        expect(client.received.some((m) => m.messageId === messages[0]!.messageId)).toBe(false);
        return messages;
      });
      await eventually(() => client.received.some((m) => m.messageId === written!.messageId));
      expect(server.realtime.stats.dispatched).toBe(dispatchedBefore + 1);
      await eventually(async () => (await messageRow(written!.messageId))?.acknowledged);
    } finally {
      client.close();
    }
  });

  it('written several at once (enqueueMany), arrive each once and in order after the commit', async () => {
    const client = await connect(server.url, demo);
    try {
      const written = await shared.database.db.transaction((tx) =>
        enqueueMany(tx, { userId: demo.userId }, [
          { type: 'UPDATE_TRANSACTION', data: { TransactionId: 'a' } },
          { type: 'UPDATE_TRANSACTION', data: { TransactionId: 'b' } },
          { type: 'REFRESH_ALERTS', data: {} },
        ]),
      );
      expect(written).toHaveLength(3);
      const ids = written.map((message) => message.messageId);
      // Delivery is at least once (a message pending at connection time may also be dispatched): the
      // client keeps the first copy of each, as the web app does.
      await eventually(() => ids.every((id) => client.distinct.some((m) => m.messageId === id)));
      const received = client.distinct.filter((m) => ids.includes(m.messageId));
      expect(received.map((m) => m.messageId)).toEqual(ids);
      expect(received.map((m) => [m.type, m.data])).toEqual([
        ['UPDATE_TRANSACTION', { TransactionId: 'a' }],
        ['UPDATE_TRANSACTION', { TransactionId: 'b' }],
        ['REFRESH_ALERTS', {}],
      ]);
      expect(await enqueueMany(shared.database.db, { userId: demo.userId }, [])).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('are written only for users that exist, and go with their user', async () => {
    expect(
      await enqueue(shared.database.db, {
        userId: '00000000-0000-4000-8000-000000000000',
        type: 'REFRESH_PAGE',
        data: {},
      }),
    ).toEqual([]);
    const [user] = await rows<{ id: string }>(
      shared.database.db,
      sql`INSERT INTO users (email, name, password_hash, profile, country, language, confirmed, active)
          VALUES ('leaving@fluxo.example', 'Leaving', 'x', 2, 'PT', 'pt', true, true) RETURNING id`,
    );
    const written = await enqueue(shared.database.db, { userId: user!.id, type: 'REFRESH_PAGE', data: {} });
    expect(written).toHaveLength(1);
    await shared.database.db.execute(sql`DELETE FROM users WHERE id = ${user!.id}`);
    expect(await messageRow(written[0]!.messageId)).toBeUndefined();
  });

  it('refuses data that does not match the event map', async () => {
    await expect(
      enqueue(shared.database.db, {
        userId: demo.userId,
        type: 'UPDATE_STATEMENT',
        data: { Statement: 'typo' } as never,
      }),
    ).rejects.toThrow(/UPDATE_STATEMENT has invalid data/);
  });
});

describe('admin notifications', () => {
  it('are for Admins only', async () => {
    const response = await notify({ userId: demo.userId, type: 'REFRESH_PAGE', data: {} }, demo.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ADMIN_ONLY');
    const anonymous = await server.call({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: { userId: demo.userId, type: 'REFRESH_PAGE', data: {} },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('check the payload against the event type and the recipient', async () => {
    const wrongData = await notify({
      userId: demo.userId,
      type: 'ORGANIZATION_UNLOCKED',
      data: { Org: 'x' },
    });
    expect(wrongData.statusCode).toBe(400);
    expect(wrongData.json().code).toBe('VALIDATION_FAILED');
    expect((await notify({ userId: demo.userId, type: 'NOT_AN_EVENT', data: {} })).statusCode).toBe(400);
    expect((await notify({ type: 'REFRESH_PAGE', data: {} })).statusCode).toBe(400);
    expect(
      (
        await notify({
          userId: demo.userId,
          organizationId: demo.userId,
          type: 'REFRESH_PAGE',
          data: {},
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await notify({
      userId: '00000000-0000-4000-8000-000000000000',
      type: 'REFRESH_PAGE',
      data: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('force a logout: the sessions end, the client is told and then disconnected, and a new session is not', async () => {
    const victim = await server.signin('accountant@fluxo.example');
    const client = await connect(server.url, victim);
    const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    const sent = await notify({ userId: victim.userId, type: 'FORCE_LOGOUT', data: { Reason: 'Admin' } });
    expect(sent.statusCode).toBe(201);
    const [message] = await client.waitFor(1);
    expect(message).toMatchObject({ type: 'FORCE_LOGOUT', data: { Reason: 'Admin' } });
    const refused = await server.call({ method: 'GET', url: '/api/v1/token/refresh', token: victim.token });
    expect(refused.statusCode).toBe(401);
    expect(await disconnected).toBe('io server disconnect');

    // Unacknowledged FORCE_LOGOUT messages belong to the ended session: a new one does not get them.
    const unacknowledged = await server.signin('accountant@fluxo.example');
    await notify({ userId: victim.userId, type: 'FORCE_LOGOUT', data: {} });
    const next = await server.signin('accountant@fluxo.example');
    const fresh = await connect(server.url, next);
    try {
      await sleep(400);
      expect(fresh.received).toEqual([]);
    } finally {
      fresh.close();
    }
    expect(await refusal(server.url, unacknowledged)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

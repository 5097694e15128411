import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { LISTEN_APPLICATION_NAME } from '../db/listen.ts';
import {
  connect,
  eventually,
  type Instance,
  type SharedDatabase,
  sharedDatabase,
  startInstance,
  type TestClient,
} from '../test/realtime-kit.ts';
import { enqueue, OUTBOX_CHANNEL } from './outbox.ts';

// Restarts and crashes: instances come and go on one database; the outbox must lose nothing.

let shared: SharedDatabase;
let userId: string;
let adminToken: string;

const seqOf = (client: TestClient) =>
  client.received.map((m) => Number((m.data as { StatementId: string }).StatementId));

beforeAll(async () => {
  shared = await sharedDatabase();
  const [demo] = await rows<{ id: string }>(
    shared.database.db,
    sql`SELECT id FROM users WHERE email = 'demo@fluxo.example'`,
  );
  userId = demo!.id;
});
afterAll(async () => {
  await shared?.close();
});

async function pendingCount() {
  const [row] = await rows<{ count: number | string }>(
    shared.database.db,
    sql`SELECT count(*)::int AS count FROM realtime_messages WHERE user_id = ${userId} AND acknowledged_at IS NULL`,
  );
  return Number(row?.count ?? 0);
}

async function send(server: Instance, n: number) {
  const response = await server.call({
    method: 'POST',
    url: '/api/v1/admin/notifications',
    token: adminToken,
    payload: { userId, type: 'UPDATE_STATEMENT', data: { StatementId: String(n) } },
  });
  expect(response.statusCode).toBe(201);
}

describe('a server closed and restarted mid-stream', () => {
  it('loses nothing, keeps the order, and never resends what was acknowledged', async () => {
    const first = await startInstance(shared.database, shared.dataDir, { REALTIME_SWEEP_MS: '100' });
    adminToken = (await first.signin('admin@fluxo.example')).token;
    const user = await first.signin('demo@fluxo.example');
    const before = await connect(first.url, user);

    // 1–20 through the first instance while the client receives and acknowledges; it stops right
    // after the 20th commit, with deliveries and acknowledgements still in flight.
    for (let n = 1; n <= 20; n++) await send(first, n);
    await first.close();
    before.close();

    // 21–45 are written while no server runs (another writer, a job…).
    for (let n = 21; n <= 45; n++) {
      await shared.database.db.transaction((tx) =>
        enqueue(tx, { userId, type: 'UPDATE_STATEMENT', data: { StatementId: String(n) } }),
      );
    }

    // A new instance on the same database; 46–60 go through it.
    const second = await startInstance(shared.database, shared.dataDir, { REALTIME_SWEEP_MS: '100' });
    try {
      const after = await connect(second.url, user);
      try {
        for (let n = 46; n <= 60; n++) await send(second, n);
        const seen = new Set([...seqOf(before), ...seqOf(after)]);
        await eventually(() => {
          for (const n of seqOf(after)) seen.add(n);
          return seen.size === 60;
        }, 10_000);
        expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

        // What the first client had acknowledged never comes back.
        const acknowledgedBefore = before.acked;
        expect(after.received.filter((m) => acknowledgedBefore.has(m.messageId))).toEqual([]);
        // The replay and the live stream come in order (a message in flight while the socket joins
        // may come twice; the client keeps the first).
        const order = [...new Set(seqOf(after))];
        expect(order).toEqual([...order].sort((a, b) => a - b));
        await eventually(async () => (await pendingCount()) === 0);
      } finally {
        after.close();
      }
    } finally {
      await second.close();
    }
  });
});

describe('a crash between the write and the delivery', () => {
  it('delivers rows never dispatched and rows claimed by an instance that died before emitting', async () => {
    const ids: string[] = [];
    for (let n = 101; n <= 110; n++) {
      const [message] = await enqueue(shared.database.db, {
        userId,
        type: 'UPDATE_STATEMENT',
        data: { StatementId: String(n) },
      });
      ids.push(message!.messageId);
    }
    // Half of them were claimed by an instance that crashed right after claiming.
    await shared.database.db.execute(
      sql`UPDATE realtime_messages SET dispatched_at = now()
          WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids.slice(0, 5))}::jsonb)::uuid)`,
    );

    const server = await startInstance(shared.database, shared.dataDir, {
      REALTIME_SWEEP_MS: '100',
      REALTIME_REDELIVER_SECONDS: '1',
    });
    try {
      const user = await server.signin('demo@fluxo.example');
      const client = await connect(server.url, user);
      try {
        await client.waitFor(10);
        expect(seqOf(client).slice(0, 10)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);

        // With the client connected, rows another process wrote (claimed as it wrote them) and never
        // emitted, because it died between its commit and the emit, still arrive: what such a process
        // leaves behind is a claimed row and a NOTIFY naming a batch nobody here holds.
        const [orphan] = await rows<{ id: string }>(
          shared.database.db,
          sql`WITH written AS (
                INSERT INTO realtime_messages (user_id, type, data, dispatched_at)
                VALUES (${userId}, 'UPDATE_STATEMENT', '{"StatementId":"111"}', now())
                RETURNING id)
              SELECT id, pg_notify(${OUTBOX_CHANNEL}, 'batch-of-a-process-that-died') FROM written`,
        );
        await eventually(() => client.received.some((m) => m.messageId === orphan!.id), 5_000);
        await eventually(async () => (await pendingCount()) === 0);
      } finally {
        client.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('a LISTEN connection lost for a moment (PostgreSQL)', () => {
  it('sends what this instance wrote and committed meanwhile as soon as it listens again, not at the redelivery', async () => {
    if (shared.database.kind !== 'postgres') return; // PGlite's LISTEN is in process: it cannot drop.
    const server = await startInstance(shared.database, shared.dataDir, { REALTIME_SWEEP_MS: '100' });
    try {
      const user = await server.signin('demo@fluxo.example');
      const client = await connect(server.url, user);
      try {
        const listeners = sql`SELECT pid FROM pg_stat_activity
            WHERE application_name = ${LISTEN_APPLICATION_NAME} AND datname = current_database()`;
        await rows(shared.database.db, sql`SELECT pg_terminate_backend(pid) FROM (${listeners}) l`);
        await eventually(async () => (await rows(shared.database.db, listeners)).length === 0, 1_000);
        // Written here and committed while nobody listens (the instance re-opens its connection 1 s on).
        const [message] = await enqueue(shared.database.db, {
          userId,
          type: 'UPDATE_STATEMENT',
          data: { StatementId: '201' },
        });
        await eventually(async () => (await rows(shared.database.db, listeners)).length === 1, 5_000);
        // The redelivery would take 30 s (REALTIME_REDELIVER_SECONDS).
        await eventually(() => client.received.some((m) => m.messageId === message!.messageId), 3_000);
      } finally {
        client.close();
      }
    } finally {
      await server.close();
    }
  });
});

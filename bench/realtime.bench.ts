// Real-time channel: 1,000 socket.io clients on one server instance, a burst of organization-wide events
// (one outbox row per member), each message acknowledged by its client.
// Target (issue 4): ≥ 5,000 messages/s delivered and acknowledged, p99 delivery latency < 100 ms, on 2 cores.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  REALTIME_ACK_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
} from '@fluxo/domain';
import { and, eq, like } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { httpSignin, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { benchOn, printTable, startPostgres, startServer } from './lib.ts';

const CLIENTS = 1_000;
/** Organization-wide events per burst; each makes one message per client. */
const FLOOD_EVENTS = Number(process.env.RT_BENCH_FLOOD_EVENTS ?? 20);
const PACED_EVENTS = Number(process.env.RT_BENCH_PACED_EVENTS ?? 30);
const PACED_INTERVAL_MS = Number(process.env.RT_BENCH_PACED_INTERVAL_MS ?? 150);
const PASSWORD = 'bench-realtime-password';
const TARGET_RATE = 5_000;
const TARGET_P99_MS = 100;

/** Writes the bench users and one organization holding them all, before the server starts. */
async function seed(target: { dataDir: string; databaseUrl: string | null }): Promise<string> {
  // The bench users' password is hashed cheaply (the hash carries its own cost parameters). Set only
  // around this import: the API bench's servers must keep the production cost.
  const previous = process.env.SCRYPT_N;
  process.env.SCRYPT_N = '1024';
  const { hashPassword } = await import('../apps/server/src/platform/passwords.ts');
  if (previous === undefined) delete process.env.SCRYPT_N;
  else process.env.SCRYPT_N = previous;
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { organizationMembers, organizations, users } = await import('../apps/server/src/db/schema.ts');
  const database = await openDatabase({ ...target, inMemoryDatabase: false });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    // Idempotent, for a DATABASE_URL that already holds a previous run.
    await database.db
      .insert(users)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          email: `rt-bench-${i}@fluxo.example`,
          name: `Bench ${i}`,
          passwordHash,
          profile: 2,
          country: 'PT',
          language: 'pt',
          confirmed: true,
          active: true,
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const created = await database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, 'rt-bench-%@fluxo.example'));
    await database.db
      .insert(organizations)
      .values({ name: 'Real-time Bench, Lda', vatNumber: '999999990', country: 'PT', currency: 'EUR' })
      .onConflictDoNothing();
    const [organization] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.country, 'PT'), eq(organizations.vatNumber, '999999990')));
    await database.db
      .insert(organizationMembers)
      .values(
        created.map((u) => ({
          organizationId: organization!.id,
          userId: u.id,
          role: 'member',
          permissions: {},
        })),
      )
      .onConflictDoNothing();
    return organization!.id;
  } finally {
    await database.close();
  }
}

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function measure(label: string, server: ServerProcess, organizationId: string) {
  const signin = await httpSignin(server.url);
  const admin = await signin('admin@fluxo.example', 'fluxo-demo');
  const sessions: { token: string; userId: string }[] = [];
  await pool(
    Array.from({ length: CLIENTS }, (_, i) => i),
    16,
    async (i) => {
      sessions.push(await signin(`rt-bench-${i}@fluxo.example`, PASSWORD));
    },
  );

  await new Promise((r) => setTimeout(r, 1_000));
  const rssBefore = rssBytes(server.pid);

  // Counters of the burst under way; each socket records into whichever is current.
  let tally = { latencies: [] as number[], acknowledged: 0, failed: 0, lastAckAt: 0 };
  const sockets: Socket[] = [];
  await pool(sessions, 50, async (session) => {
    const socket = io(server.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      query: { userId: session.userId },
      auth: { token: session.token },
    });
    socket.on(REALTIME_MESSAGE_EVENT, (message: RealtimeMessage) => {
      const counts = tally;
      counts.latencies.push(Date.now() - Date.parse(message.createdAt));
      socket.emit(REALTIME_ACK_EVENT, message.messageId, (answer: { ok: boolean }) => {
        if (answer.ok) counts.acknowledged++;
        else counts.failed++;
        counts.lastAckAt = performance.now();
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    sockets.push(socket);
  });
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = rssBytes(server.pid);

  const notify = async () => {
    const response = await fetch(`${server.url}/api/v1/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        organizationId,
        type: 'REFRESH_ALERTS',
        data: { OrganizationId: organizationId },
      }),
    });
    if (response.status !== 201) throw new Error(`notify: ${response.status} ${await response.text()}`);
  };

  /** `events` organization-wide events: back to back (interval 0), or one every `intervalMs`. */
  const burst = async (mode: string, events: number, intervalMs: number) => {
    tally = { latencies: [], acknowledged: 0, failed: 0, lastAckAt: 0 };
    const counts = tally;
    const expected = events * sockets.length;
    const started = performance.now();
    const sent: Promise<void>[] = [];
    for (let i = 0; i < events; i++) {
      if (intervalMs === 0) await notify();
      else {
        sent.push(notify());
        const wait = started + (i + 1) * intervalMs - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }
    await Promise.all(sent);
    const deadline = Date.now() + 60_000;
    while (counts.acknowledged + counts.failed < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (counts.lastAckAt - started) / 1000;
    counts.latencies.sort((a, b) => a - b);
    return {
      database: label,
      burst: mode,
      messages: expected,
      'delivered+acked': counts.acknowledged,
      'msgs/s': Math.round(counts.acknowledged / seconds),
      'p50 ms': percentile(counts.latencies, 0.5),
      'p99 ms': percentile(counts.latencies, 0.99),
      'max ms': counts.latencies.at(-1) ?? 0,
      'server KiB/conn': Math.round((rssAfter - rssBefore) / sockets.length / 1024),
    };
  };

  const flood = await burst(`${FLOOD_EVENTS} events back to back`, FLOOD_EVENTS, 0);
  await new Promise((r) => setTimeout(r, 1_000));
  const paced = await burst(
    `${PACED_EVENTS} events, 1 per ${PACED_INTERVAL_MS} ms (${Math.round((sockets.length * 1000) / PACED_INTERVAL_MS)} msg/s offered)`,
    PACED_EVENTS,
    PACED_INTERVAL_MS,
  );
  for (const socket of sockets) socket.close();
  console.log(
    `${label}: ${sockets.length} clients connected; server RSS ${Math.round(rssBefore / 1048576)} MiB before, ${Math.round(rssAfter / 1048576)} MiB after`,
  );
  return [flood, paced];
}

async function run(
  label: string,
  env: Record<string, string>,
  target: { dataDir: string; databaseUrl: string | null },
) {
  const organizationId = await seed(target);
  const server = await startServer({ ...env, LOG_LEVEL: 'warn' });
  try {
    return await measure(label, server, organizationId);
  } finally {
    await server.stop();
  }
}

export async function realtimeBench(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  if (benchOn('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-rt-bench-'));
    try {
      rows.push(
        ...(await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { dataDir, databaseUrl: null })),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!benchOn('postgres')) {
    report(rows);
    return;
  }
  const external = process.env.DATABASE_URL;
  const cluster = external ? null : await startPostgres();
  const url = external ?? cluster?.url;
  if (url) {
    try {
      rows.push(
        ...(await run(
          'PostgreSQL',
          { DATABASE_URL: url, PG_POOL_SIZE: '16' },
          { dataDir: tmpdir(), databaseUrl: url },
        )),
      );
    } finally {
      await cluster?.stop();
    }
  } else {
    console.log('No PostgreSQL (initdb not found and DATABASE_URL unset): PostgreSQL figures skipped.');
  }
  report(rows);
}

/**
 * The table, then the target of issue 4 against the paced burst: a sustained rate above the 5,000 msg/s
 * asked for. (The back-to-back flood offers more than any instance delivers, so its latency is the queue's
 * drain time; it shows the peak rate.)
 */
function report(rows: Record<string, string | number>[]) {
  printTable(
    `Real-time: ${CLIENTS} socket.io clients on one instance; each event is one message per client, acknowledged (latency: outbox write → client)`,
    rows,
  );
  for (const row of rows) {
    if (!String(row.burst).includes('offered')) continue;
    const met = Number(row['msgs/s']) >= TARGET_RATE && Number(row['p99 ms']) < TARGET_P99_MS;
    console.log(
      `${row.database}: ${row['msgs/s']} msg/s delivered and acknowledged, p99 ${row['p99 ms']} ms — target (≥ ${TARGET_RATE} msg/s, p99 < ${TARGET_P99_MS} ms) ${met ? 'met' : 'NOT met'}`,
    );
  }
}

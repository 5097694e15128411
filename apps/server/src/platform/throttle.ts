import { sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { createClient } from 'redis';
import { type Db, rows } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Counters that slow down guessing and flooding without locking anyone out (issue 18), shared by every
 * instance: in PostgreSQL/PGlite (the `signin_attempts` table, one upsert per event) or, when REDIS_URL
 * is set, in Redis. A rule lets `free` events through back to back; from then on each event earns a
 * wait that doubles (`baseSeconds`, 2×, 4×… up to `maxSeconds`) during which `check` answers 429 with
 * Retry-After. Counting starts over `windowSeconds` after the window's first event, once no wait is in
 * force. Refused requests are not counted: a client that waits out each wait is slowed, never shut out.
 */
export interface Rule {
  /** Keeps each rule's counters apart (the stored key is `name:key`). */
  name: string;
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  windowSeconds: number;
}

export interface Count {
  /** Events in the current window. */
  count: number;
  /** Seconds until the next event is accepted; 0 when it would be now. */
  retryAfterSeconds: number;
}

/** The wait the `count`-th event of a window earns. */
export function waitAfter(rule: Rule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (count - rule.free));
}

export interface ThrottleStore {
  /** Counts one event for `key` and sets the wait it earns; atomic across instances. */
  add(key: string, rule: Rule): Promise<Count>;
  read(key: string, rule: Rule): Promise<Count>;
  clear(key: string): Promise<void>;
  /** True for the first call per key in `seconds` (one slot per key and period). */
  once(key: string, seconds: number): Promise<boolean>;
  /** Forgets counters whose window and wait are both over. */
  prune(): Promise<void>;
  close(): Promise<void>;
}

/** 429 TOO_MANY_ATTEMPTS with Retry-After (whole seconds, at least 1). */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('TOO_MANY_ATTEMPTS', `Too many attempts. Try again in ${seconds} s.`, undefined, {
    retryAfterSeconds: seconds,
  });
}

/**
 * The waits this instance has seen decided, until they end: a client refused once is refused again
 * without asking the store, so a flood's refusals cost no database work. Only waits are kept (never
 * counts), and a wait cannot end early, so the copy is never more lenient than the store. Bounded: past
 * MAX entries the oldest go (the store still has them).
 */
export class KnownWaits {
  static readonly MAX = 50_000;
  private readonly known = new Map<string, { until: number; count: number }>();

  get(key: string): Count | null {
    const entry = this.known.get(key);
    if (!entry) return null;
    const left = (entry.until - Date.now()) / 1000;
    if (left > 0) return { count: entry.count, retryAfterSeconds: left };
    this.known.delete(key);
    return null;
  }

  set(key: string, { count, retryAfterSeconds }: Count): void {
    if (retryAfterSeconds <= 0) return;
    this.known.delete(key);
    this.known.set(key, { until: Date.now() + retryAfterSeconds * 1000, count });
    if (this.known.size > KnownWaits.MAX) this.known.delete(this.known.keys().next().value!);
  }

  delete(key: string): void {
    this.known.delete(key);
  }
}

/** One rule's counters: `check` before the work, `fail` when it failed, `succeed` when it succeeded. */
export class Limiter {
  constructor(
    private readonly store: ThrottleStore,
    readonly rule: Rule,
    private readonly waits: KnownWaits = new KnownWaits(),
  ) {}

  private full(key: string) {
    return `${this.rule.name}:${key}`;
  }

  /** Throws 429 with Retry-After while a wait is in force for `key`. */
  async check(key: string): Promise<void> {
    const { retryAfterSeconds } = await this.read(key);
    if (retryAfterSeconds > 0) throw tooManyAttempts(retryAfterSeconds);
  }

  /** The wait this instance already knows for `key` (no store access), or null. */
  known(key: string): Count | null {
    return this.waits.get(this.full(key));
  }

  async read(key: string): Promise<Count> {
    const full = this.full(key);
    const known = this.waits.get(full);
    if (known) return known;
    const count = await this.store.read(full, this.rule);
    this.waits.set(full, count);
    return count;
  }

  async fail(key: string): Promise<Count> {
    const full = this.full(key);
    const count = await this.store.add(full, this.rule);
    this.waits.set(full, count);
    return count;
  }

  async succeed(key: string): Promise<void> {
    const full = this.full(key);
    this.waits.delete(full);
    await this.store.clear(full);
  }

  /** For work that is limited whatever its outcome (sign-ups, mails): check, then count. */
  async hit(key: string): Promise<void> {
    await this.check(key);
    await this.fail(key);
  }
}

const HOUR = 3600;

/** Every rule in one place (README "Throttling" lists them); other modules reuse them by name. */
export const RULES = {
  /** Failed sign-ins (and second-step codes) from one client, whatever the account. */
  signinClient: { name: 'signin-client', free: 20, baseSeconds: 1, maxSeconds: 900, windowSeconds: HOUR },
  /** Failed sign-ins from one client for one account: a typing owner gets five tries, then 1 s, 2 s… */
  signinClientAccount: {
    name: 'signin-client-account',
    free: 5,
    baseSeconds: 1,
    maxSeconds: 900,
    windowSeconds: HOUR,
  },
  /**
   * Failed sign-ins for one account from every client. Never refuses (that would let anyone lock the
   * owner out): past ACCOUNT_UNDER_ATTACK failures each sign-in for the account is delayed and the
   * owner is told by e-mail. `free`/`baseSeconds` only matter to `check`, which is not called on it.
   */
  signinAccount: {
    name: 'signin-account',
    free: Number.MAX_SAFE_INTEGER,
    baseSeconds: 0,
    maxSeconds: 0,
    windowSeconds: HOUR,
  },
  /** Wrong validation codes from one client. */
  codeClient: { name: 'code-client', free: 10, baseSeconds: 1, maxSeconds: 900, windowSeconds: HOUR },
  /** Sign-ups from one client (each one hashes a password and sends a mail). */
  signupClient: { name: 'signup-client', free: 20, baseSeconds: 60, maxSeconds: HOUR, windowSeconds: HOUR },
  /** Validation-code mails asked for by one client. */
  resendClient: { name: 'resend-client', free: 10, baseSeconds: 60, maxSeconds: HOUR, windowSeconds: HOUR },
  /** Contact requests and support tickets (each mails the sales team), per user and per client. */
  contact: { name: 'contact', free: 10, baseSeconds: 60, maxSeconds: HOUR, windowSeconds: HOUR },
} satisfies Record<string, Rule>;

/** Account failures (all clients, one window) from which sign-ins are delayed and the owner is told. */
export const ACCOUNT_UNDER_ATTACK = 10;
/** The delay every sign-in for an account under attack waits (the owner's included; never a refusal). */
export const ACCOUNT_DELAY_MS = 1000;
/** At most one "someone is guessing your password" mail per account in this period. */
export const GUESSING_NOTICE_SECONDS = 24 * HOUR;

/**
 * The key a client's counters go under: its address as Fastify computed it (`request.ip`: the socket's,
 * or the first untrusted X-Forwarded-For hop when TRUST_PROXY says so). IPv4-mapped IPv6 is the IPv4
 * address; other IPv6 addresses count by their /64, the block one subscriber is usually given.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (!v6.isIPv4MappedAddress()) {
      return `${v6.parts
        .slice(0, 4)
        .map((part) => part.toString(16))
        .join(':')}::/64`;
    }
    address = v6.toIPv4Address();
  }
  return address.toString();
}

class PostgresStore implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async add(key: string, rule: Rule): Promise<Count> {
    const window = sql`make_interval(secs => ${rule.windowSeconds}::float8)`;
    const over = sql`(t.window_start < now() - ${window} AND (t.blocked_until IS NULL OR t.blocked_until <= now()))`;
    const count = sql`(CASE WHEN ${over} THEN 1 ELSE t.failures + 1 END)`;
    const firstWait = waitAfter(rule, 1);
    const [row] = await rows<{ failures: number; wait: number | string }>(
      this.db,
      sql`INSERT INTO signin_attempts AS t (key, failures, window_start, blocked_until)
          VALUES (${key}, 1, now(),
                  ${firstWait > 0 ? sql`now() + make_interval(secs => ${firstWait}::float8)` : sql`NULL`})
          ON CONFLICT (key) DO UPDATE SET
            failures = ${count},
            window_start = CASE WHEN ${over} THEN now() ELSE t.window_start END,
            blocked_until = CASE WHEN ${count} >= ${rule.free}::float8
              THEN now() + make_interval(secs => least(${rule.maxSeconds}::float8,
                     ${rule.baseSeconds}::float8 * power(2::float8, ${count} - ${rule.free}::float8)))
              ELSE NULL END
          RETURNING failures,
            coalesce(greatest(extract(epoch FROM blocked_until - now()), 0), 0)::float8 AS wait`,
    );
    return { count: Number(row!.failures), retryAfterSeconds: Number(row!.wait) };
  }

  async read(key: string, rule: Rule): Promise<Count> {
    const [row] = await rows<{ failures: number; over: boolean; wait: number | string }>(
      this.db,
      sql`SELECT failures,
            window_start < now() - make_interval(secs => ${rule.windowSeconds}::float8) AS over,
            coalesce(greatest(extract(epoch FROM blocked_until - now()), 0), 0)::float8 AS wait
          FROM signin_attempts WHERE key = ${key}`,
    );
    if (!row) return { count: 0, retryAfterSeconds: 0 };
    const wait = Number(row.wait);
    return { count: row.over && wait === 0 ? 0 : Number(row.failures), retryAfterSeconds: wait };
  }

  async clear(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM signin_attempts WHERE key = ${key}`);
  }

  async once(key: string, seconds: number): Promise<boolean> {
    const taken = await rows<{ key: string }>(
      this.db,
      sql`INSERT INTO signin_attempts (key, failures, window_start, blocked_until)
          VALUES (${key}, 0, now(), now() + make_interval(secs => ${seconds}::float8))
          ON CONFLICT (key) DO UPDATE SET window_start = now(), blocked_until = EXCLUDED.blocked_until
          WHERE signin_attempts.blocked_until IS NULL OR signin_attempts.blocked_until <= now()
          RETURNING key`,
    );
    return taken.length > 0;
  }

  async prune(): Promise<void> {
    // No rule's window is longer than a day.
    await this.db.execute(
      sql`DELETE FROM signin_attempts
          WHERE window_start < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`,
    );
  }

  async close(): Promise<void> {}
}

// KEYS[1] counter, KEYS[2] wait marker; ARGV window ms, free, base ms, max ms. The counter lives for the
// window from its first event, and at least as long as the wait, so the next event doubles it.
const ADD_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local free = tonumber(ARGV[2])
local wait = 0
if n >= free then
  wait = math.ceil(math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (n - free)))
  if wait > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', wait)
    if redis.call('PTTL', KEYS[1]) < wait then redis.call('PEXPIRE', KEYS[1], wait) end
  end
end
return {n, wait}`;

type Redis = ReturnType<typeof createClient>;

class RedisStore implements ThrottleStore {
  constructor(private readonly client: Redis) {}

  private keys(key: string) {
    return [`fluxo:throttle:${key}`, `fluxo:throttle:${key}:wait`] as const;
  }

  async add(key: string, rule: Rule): Promise<Count> {
    const [count, wait] = (await this.client.eval(ADD_SCRIPT, {
      keys: [...this.keys(key)],
      arguments: [
        String(rule.windowSeconds * 1000),
        String(rule.free),
        String(rule.baseSeconds * 1000),
        String(rule.maxSeconds * 1000),
      ],
    })) as [number, number];
    return { count: Number(count), retryAfterSeconds: Number(wait) / 1000 };
  }

  async read(key: string): Promise<Count> {
    const [counter, marker] = this.keys(key);
    const [count, wait] = await Promise.all([this.client.get(counter), this.client.pTTL(marker)]);
    return { count: Number(count ?? 0), retryAfterSeconds: wait > 0 ? wait / 1000 : 0 };
  }

  async clear(key: string): Promise<void> {
    await this.client.del([...this.keys(key)]);
  }

  async once(key: string, seconds: number): Promise<boolean> {
    return (await this.client.set(`fluxo:throttle:${key}`, '1', { NX: true, EX: seconds })) === 'OK';
  }

  /** Redis forgets by itself (every key has an expiry). */
  async prune(): Promise<void> {}

  /** Closes without a QUIT round trip: after an outage the client may still be reconnecting, and QUIT
   * would wait for a connection that is never made (the server's shutdown hung on it). */
  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** The counters of every rule, in the store the configuration chose. */
export class Throttle {
  private readonly pruner: NodeJS.Timeout;
  private readonly waits = new KnownWaits();

  constructor(readonly store: ThrottleStore) {
    this.pruner = setInterval(() => void this.store.prune().catch(() => {}), 10 * 60_000);
    this.pruner.unref();
  }

  limiter(rule: Rule): Limiter {
    return new Limiter(this.store, rule, this.waits);
  }

  once(key: string, seconds: number): Promise<boolean> {
    return this.store.once(key, seconds);
  }

  async close(): Promise<void> {
    clearInterval(this.pruner);
    await this.store.close();
  }
}

/** PostgreSQL/PGlite by default; Redis when `redisUrl` is set. */
export async function createThrottle(options: {
  db: Db;
  redisUrl: string | null;
  onError?: (error: unknown) => void;
}): Promise<Throttle> {
  if (!options.redisUrl) return new Throttle(new PostgresStore(options.db));
  const client = createClient({ url: options.redisUrl });
  client.on('error', (error) => options.onError?.(error));
  await client.connect();
  return new Throttle(new RedisStore(client));
}

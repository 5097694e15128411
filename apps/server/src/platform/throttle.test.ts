import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { startRedis } from '../test/realtime-kit.ts';
import { clientKey, createThrottle, type Rule, type Throttle, waitAfter } from './throttle.ts';

describe('waitAfter', () => {
  it('lets `free` events through, then doubles the wait up to the cap', () => {
    fc.assert(
      fc.property(
        fc.record({
          free: fc.integer({ min: 0, max: 30 }),
          baseSeconds: fc.integer({ min: 1, max: 60 }),
          maxSeconds: fc.integer({ min: 60, max: 7200 }),
        }),
        fc.integer({ min: 1, max: 200 }),
        (limits, count) => {
          const rule: Rule = { name: 'p', windowSeconds: 3600, ...limits };
          const wait = waitAfter(rule, count);
          if (count < rule.free) expect(wait).toBe(0);
          else expect(wait).toBe(Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (count - rule.free)));
          expect(waitAfter(rule, count + 1)).toBeGreaterThanOrEqual(wait);
          expect(wait).toBeLessThanOrEqual(rule.maxSeconds);
        },
      ),
      { seed: 18 },
    );
  });
});

describe('clientKey', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, other IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

// The same behaviour from both stores: PostgreSQL/PGlite always, Redis when redis-server is installed.
const dataDir = mkdtempSync(path.join(tmpdir(), 'fluxo-throttle-'));
let database: Database;
const redis = await startRedis();
if (!redis) console.warn('throttle: redis-server not installed; the Redis store is not tested');
const stores: Record<string, Throttle> = {};

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir, inMemoryDatabase: true });
  stores.database = await createThrottle({ db: database.db, redisUrl: null });
  if (redis) stores.redis = await createThrottle({ db: database.db, redisUrl: redis.url });
});
afterAll(async () => {
  await Promise.all(Object.values(stores).map((store) => store.close()));
  await database?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(['database', ...(redis ? ['redis'] : [])])('the %s store', (kind) => {
  const store = () => stores[kind]!;

  it('counts events and sets doubling waits, capped', async () => {
    const limiter = store().limiter({
      name: 'doubling',
      free: 2,
      baseSeconds: 1,
      maxSeconds: 4,
      windowSeconds: 3600,
    });
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await limiter.fail('k'));
    expect(seen.map((c) => c.count)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((c) => Math.round(c.retryAfterSeconds))).toEqual([0, 1, 2, 4, 4]);
    const now = await limiter.read('k');
    expect(now.count).toBe(5);
    expect(now.retryAfterSeconds).toBeGreaterThan(3);
    await expect(limiter.check('k')).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 4,
    });
    // Other keys and other rules are apart.
    await expect(limiter.check('other')).resolves.toBeUndefined();
    expect(
      (
        await store()
          .limiter({ name: 'elsewhere', free: 2, baseSeconds: 1, maxSeconds: 4, windowSeconds: 60 })
          .read('k')
      ).count,
    ).toBe(0);
    await limiter.succeed('k');
    expect(await limiter.read('k')).toEqual({ count: 0, retryAfterSeconds: 0 });
  });

  it('starts counting over once the window has passed', async () => {
    const limiter = store().limiter({
      name: 'window',
      free: 100,
      baseSeconds: 1,
      maxSeconds: 1,
      windowSeconds: 1,
    });
    await limiter.fail('k');
    expect((await limiter.fail('k')).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await limiter.read('k')).count).toBe(0);
    expect((await limiter.fail('k')).count).toBe(1);
  });

  it('hit checks, then counts: the wait refuses the next call, not this one', async () => {
    const limiter = store().limiter({
      name: 'hits',
      free: 2,
      baseSeconds: 60,
      maxSeconds: 60,
      windowSeconds: 3600,
    });
    await limiter.hit('k');
    await limiter.hit('k');
    await expect(limiter.hit('k')).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await limiter.read('k')).count).toBe(2);
  });

  it('gives one slot per key and period', async () => {
    expect(await store().once('slot', 60)).toBe(true);
    expect(await store().once('slot', 60)).toBe(false);
    expect(await store().once('other-slot', 60)).toBe(true);
  });

  it('counts concurrent events exactly once each', async () => {
    const limiter = store().limiter({
      name: 'race',
      free: 1000,
      baseSeconds: 1,
      maxSeconds: 1,
      windowSeconds: 3600,
    });
    const counts = await Promise.all(Array.from({ length: 40 }, () => limiter.fail('k')));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestApp } from '../test/harness.ts';
import { eventually } from '../test/realtime-kit.ts';
import { LiveSessions } from './live-sessions.ts';

const HOUR = 3_600_000;

describe('LiveSessions', () => {
  it('caches nothing until it listens, and forgets everything when it stops listening', () => {
    const live = new LiveSessions();
    live.remember(live.generation, 's1', 'u1', Date.now() + HOUR);
    expect(live.isLive('s1', 'u1')).toBe(false);
    live.listening();
    live.remember(live.generation, 's1', 'u1', Date.now() + HOUR);
    expect(live.isLive('s1', 'u1')).toBe(true);
    live.deaf();
    expect(live.isLive('s1', 'u1')).toBe(false);
    expect(live.size).toBe(0);
  });

  it('does not cache a check that raced with an ending', () => {
    const live = new LiveSessions();
    live.listening();
    const generation = live.generation; // the database said "alive" from here…
    live.ended('s:s1'); // …and the session was revoked before the answer came back
    live.remember(generation, 's1', 'u1', Date.now() + HOUR);
    expect(live.isLive('s1', 'u1')).toBe(false);
  });

  it('trusts an entry only for its user, before its expiry and within the time to live', () => {
    const live = new LiveSessions({ ttlMs: 1_000 });
    live.listening();
    const now = 1_000_000;
    live.remember(live.generation, 's1', 'u1', now + 500, now);
    expect(live.isLive('s1', 'u2', now)).toBe(false);
    live.remember(live.generation, 's1', 'u1', now + 500, now);
    expect(live.isLive('s1', 'u1', now + 499)).toBe(true);
    expect(live.isLive('s1', 'u1', now + 500)).toBe(false);
    live.remember(live.generation, 's2', 'u1', now + HOUR, now);
    expect(live.isLive('s2', 'u1', now + 999)).toBe(true);
    expect(live.isLive('s2', 'u1', now + 1_000)).toBe(false);
  });

  it('keeps at most maxEntries sessions, dropping the oldest', () => {
    const live = new LiveSessions({ maxEntries: 2 });
    live.listening();
    for (const id of ['a', 'b', 'c']) live.remember(live.generation, id, 'u', Date.now() + HOUR);
    expect(live.size).toBe(2);
    expect(live.isLive('a', 'u')).toBe(false);
    expect(live.isLive('c', 'u')).toBe(true);
  });

  it('never reports a session alive after its ending, its user’s ending or deafness (property)', () => {
    const sessionIds = ['s1', 's2', 's3'];
    const owner: Record<string, string> = { s1: 'u1', s2: 'u1', s3: 'u2' };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('check' as const), session: fc.constantFrom(...sessionIds) }),
      fc.record({ kind: fc.constant('end' as const), session: fc.constantFrom(...sessionIds) }),
      fc.record({ kind: fc.constant('endUser' as const), user: fc.constantFrom('u1', 'u2') }),
      fc.record({ kind: fc.constant('deaf' as const) }),
      fc.record({ kind: fc.constant('listening' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const live = new LiveSessions();
        const ended = new Set<string>(); // the database's truth
        for (const step of ops) {
          if (step.kind === 'check') {
            // A request: trusts the cache, or asks the database and remembers the answer.
            const cached = live.isLive(step.session, owner[step.session]!);
            if (cached) expect(ended.has(step.session)).toBe(false);
            else if (!ended.has(step.session)) {
              live.remember(live.generation, step.session, owner[step.session]!, Date.now() + HOUR);
            }
          } else if (step.kind === 'end') {
            ended.add(step.session);
            live.ended(`s:${step.session}`);
          } else if (step.kind === 'endUser') {
            for (const id of sessionIds) if (owner[id] === step.user) ended.add(id);
            live.ended(`u:${step.user}`);
          } else if (step.kind === 'deaf') live.deaf();
          else live.listening();
        }
      }),
    );
  });
});

describe('the guard’s live-session cache against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops a session revoked behind its back (as another instance would) and answers 401', async () => {
    const token = await t.signin('demo@fluxo.example');
    const { jti, sub } = decodeClaims(token) as { jti: string; sub: string };
    expect((await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).statusCode).toBe(200);
    expect(t.liveSessions.isLive(jti, sub)).toBe(true);

    await t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${jti}`);
    expect(await eventually(() => !t.liveSessions.isLive(jti, sub), 2_000)).toBe(true);
    const after = await t.call({ method: 'GET', url: '/api/v1/organizations/all', token });
    expect(after.statusCode).toBe(401);
  });

  it('drops every session of a user who is disabled', async () => {
    const token = await t.signin('accountant@fluxo.example');
    const { jti, sub } = decodeClaims(token) as { jti: string; sub: string };
    expect((await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).statusCode).toBe(200);
    expect(t.liveSessions.isLive(jti, sub)).toBe(true);

    await t.database.db.execute(sql`UPDATE users SET disabled = true WHERE id = ${sub}`);
    expect(await eventually(() => !t.liveSessions.isLive(jti, sub), 2_000)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).statusCode).toBe(401);
    await t.database.db.execute(sql`UPDATE users SET disabled = false WHERE id = ${sub}`);
  });

  it('ends the session at once on sign-out', async () => {
    const token = await t.signin('demo@fluxo.example');
    expect((await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/signout', token })).statusCode).toBeLessThan(
      300,
    );
    expect((await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).statusCode).toBe(401);
  });
});

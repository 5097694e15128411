import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELAY_MS, ACCOUNT_UNDER_ATTACK, RULES } from '../../platform/throttle.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Sign-in throttling without lockout (issue 18): counters per client address and per (client,
// account), exponential waits with 429 + Retry-After, a delay and a mail for an account under attack.
// Each test plays its own client addresses (inject's remoteAddress), so the tests do not share counters.

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([
    createTestApp({ env: { SIGNUPS_PER_CLIENT_PER_HOUR: '3' } }),
    // One proxy in front: the socket is the proxy, the last X-Forwarded-For hop the client.
    createTestApp({ env: { TRUST_PROXY: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

function signin(
  app: TestApp,
  from: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.call({
    method: 'POST',
    url: '/api/v1/auth/signin',
    remoteAddress: from,
    headers,
    payload: { email, password: app.encrypt(password) },
  });
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    code: 'TOO_MANY_ATTEMPTS',
    messageKey: 'ERRORS.TOO_MANY_ATTEMPTS',
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('sign-in throttling', () => {
  it('50 wrong passwords from one client, then the right password from another: signed in', async () => {
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 50; i++) {
      last = await signin(t, '10.1.0.1', 'demo@fluxo.example', `wrong-${i}`);
      statuses.push(last.statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    // Five tries for this account, then waits (1 s, 2 s…): the rest are refused before any hashing.
    expect(statuses.slice(0, RULES.signinClientAccount.free)).toEqual(Array(5).fill(401));
    // (A slow machine may see a wait of 1 s, 2 s… run out during the loop: one more try after each.)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(RULES.signinClientAccount.free + 4);
    expectThrottled(last!);
    // The failing client is refused even with the right password…
    expectThrottled(await signin(t, '10.1.0.1', 'demo@fluxo.example', 'fluxo-demo'));
    // …while the owner, from a client that has not been failing, signs in.
    const owner = await signin(t, '10.1.0.2', 'demo@fluxo.example', 'fluxo-demo');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().auth_token).toEqual(expect.any(String));
  });

  it('counts a client over every account it tries, unknown e-mails included', async () => {
    for (let i = 0; i < RULES.signinClient.free; i++) {
      expect((await signin(t, '10.1.1.1', `nobody${i}@example.pt`, 'guess')).statusCode).toBe(401);
    }
    expectThrottled(await signin(t, '10.1.1.1', 'nobody-else@example.pt', 'guess'));
    expectThrottled(await signin(t, '10.1.1.1', 'trial@fluxo.example', 'fluxo-demo'));
    expect((await signin(t, '10.1.1.2', 'trial@fluxo.example', 'fluxo-demo')).statusCode).toBe(200);
  });

  it('lets a client that waited out its wait try again, and doubles the next wait', async () => {
    const from = '10.1.2.1';
    for (let i = 0; i < RULES.signinClientAccount.free; i++) await signin(t, from, 'pos@fluxo.example', 'x');
    const first = await signin(t, from, 'pos@fluxo.example', 'x');
    expectThrottled(first);
    expect(Number(first.headers['retry-after'])).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signin(t, from, 'pos@fluxo.example', 'x')).statusCode).toBe(401);
    expect(Number((await signin(t, from, 'pos@fluxo.example', 'x')).headers['retry-after'])).toBe(2);
  });

  it('delays (never refuses) an account failing from everywhere, and mails its owner once', async () => {
    const email = 'cash@fluxo.example';
    // Four clients, each under its own limits: together past the account's threshold.
    for (let client = 1; client <= 4; client++) {
      for (let i = 0; i < 3; i++) {
        expect((await signin(t, `10.1.3.${client}`, email, `guess-${i}`)).statusCode).toBe(401);
      }
    }
    expect(3 * 4).toBeGreaterThanOrEqual(ACCOUNT_UNDER_ATTACK);
    // The mail goes out after the answer (the answer must not tell that the account exists).
    await vi.waitFor(async () => expect((await t.outbox()).filter((m) => m.to === email)).toHaveLength(1));
    const warnings = (await t.outbox()).filter((m) => m.to === email);
    // The demo member's language is Portuguese.
    expect(warnings[0]!.subject).toBe('Alguém está a tentar entrar na sua conta Fluxo');
    expect(warnings[0]!.text).toContain(email);
    const started = Date.now();
    const owner = await signin(t, '10.1.3.9', email, 'fluxo-demo');
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_DELAY_MS - 50);
    // More guessing: still one mail.
    await signin(t, '10.1.3.10', email, 'another-guess');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.outbox()).filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    for (let i = 0; i < RULES.signinClientAccount.free; i++) {
      const response = await signin(t, '10.1.4.1', 'trial@fluxo.example', 'x', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    // A new forged address does not make a new client.
    expectThrottled(
      await signin(t, '10.1.4.1', 'trial@fluxo.example', 'fluxo-demo', {
        'x-forwarded-for': '198.51.100.99',
      }),
    );
  });

  it('honours the first untrusted X-Forwarded-For hop with TRUST_PROXY', async () => {
    const proxy = '10.1.5.1';
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < RULES.signinClientAccount.free; i++) {
      expect((await signin(proxied, proxy, 'demo@fluxo.example', 'x', attacker)).statusCode).toBe(401);
    }
    expectThrottled(await signin(proxied, proxy, 'demo@fluxo.example', 'fluxo-demo', attacker));
    // A hop the client wrote itself (left of the one the proxy appended) changes nothing.
    expectThrottled(
      await signin(proxied, proxy, 'demo@fluxo.example', 'fluxo-demo', {
        'x-forwarded-for': '192.0.2.1, 203.0.113.7',
      }),
    );
    // Another client behind the same proxy signs in.
    const other = await signin(proxied, proxy, 'demo@fluxo.example', 'fluxo-demo', {
      'x-forwarded-for': '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the other unauthenticated routes', () => {
  it('counts wrong validation codes per client', async () => {
    const wrong = (from: string) =>
      t.call({
        method: 'GET',
        url: '/api/v1/account/validate?code=000000&email=nobody@example.pt',
        remoteAddress: from,
      });
    for (let i = 0; i < RULES.codeClient.free; i++) {
      expect((await wrong('10.1.6.1')).json().code).toBe('INVALID_VALIDATION_CODE');
    }
    expectThrottled(await wrong('10.1.6.1'));
    expect((await wrong('10.1.6.2')).json().code).toBe('INVALID_VALIDATION_CODE');
  });

  it('limits sign-ups per client (SIGNUPS_PER_CLIENT_PER_HOUR)', async () => {
    const signup = (from: string, email: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/signup',
        remoteAddress: from,
        payload: {
          name: 'Flood',
          email,
          password: t.encrypt('a-long-password'),
          profile: 2,
          country: 'PT',
          language: 'gb',
        },
      });
    for (let i = 0; i < 3; i++)
      expect((await signup('10.1.7.1', `flood${i}@example.pt`)).statusCode).toBe(201);
    expectThrottled(await signup('10.1.7.1', 'flood9@example.pt'));
    expect((await signup('10.1.7.2', 'flood9@example.pt')).statusCode).toBe(201);
  });

  it('limits validation-code mails per client', async () => {
    const resend = (from: string, email: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/account/validate/resend/code',
        remoteAddress: from,
        payload: { email },
      });
    for (let i = 0; i < RULES.resendClient.free; i++) {
      expect((await resend('10.1.8.1', `resend${i}@example.pt`)).statusCode).toBe(200);
    }
    expectThrottled(await resend('10.1.8.1', 'resend-more@example.pt'));
    expect((await resend('10.1.8.2', 'resend-more@example.pt')).statusCode).toBe(200);
  });

  it('limits contact requests per user', async () => {
    const token = await t.signin('trial@fluxo.example');
    const contact = (from: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/sales/requests',
        token,
        remoteAddress: from,
        payload: { title: 'More', message: 'Please.', motive: 'addon-limit', source: 'no-credits' },
      });
    for (let i = 0; i < RULES.contact.free; i++) expect((await contact(`10.1.9.${i}`)).statusCode).toBe(201);
    // A new address does not help: the user's own counter holds.
    expectThrottled(await contact('10.1.9.200'));
  });
});

import { CLAIM_NAMES, RESOURCES } from '@fluxo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in with an encrypted password', () => {
  it('returns a token carrying every claim of the spec', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'demo@fluxo.example', password: t.encrypt('fluxo-demo') },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['auth_token', 'id']);
    const claims = decodeClaims(body.auth_token);
    for (const name of CLAIM_NAMES) expect(claims, name).toHaveProperty(name);
    expect(claims.sub).toBe(body.id);
    expect(claims.uem).toBe('demo@fluxo.example');
    expect(claims.pid).toBe(2);
    expect(claims.uacti).toBe(true);
    expect(claims.aco).toBe(true);
    expect(claims.role).toBe('user');
    const permissions = claims.permissions as Record<string, string[]>;
    expect(Object.keys(permissions)).toHaveLength(2);
    expect(Object.keys(permissions)).toContain(claims.defaultOrg);
    const own = permissions[claims.defaultOrg as string]!;
    expect(own).toHaveLength(RESOURCES.length);
    expect(own).toContain('treasury.cash.15');
  });

  it('refuses a password sent in clear text', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: {
        email: 'demo@fluxo.example',
        password: Buffer.from('fluxo-demo-in-clear').toString('base64'),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_PASSWORD_ENCRYPTION');
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'cash@fluxo.example', password: t.encrypt('not-the-password') },
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'nobody@fluxo.example', password: t.encrypt('not-the-password') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Each answer names its own request; nothing else may tell them apart.
    const { requestId: wrongRequest, ...wrongBody } = wrong.json();
    const { requestId: unknownRequest, ...unknownBody } = unknown.json();
    expect(wrongRequest).not.toEqual(unknownRequest);
    expect(wrongBody).toEqual(unknownBody);
  });
  // Throttling (per client, never locking the owner out): auth.throttle.test.ts.
});

describe('session', () => {
  it('refreshes the token and ends it on sign-out', async () => {
    const token = await t.signin('trial@fluxo.example');
    expect(decodeClaims(token).tri).toBe(true);
    const refreshed = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().auth_token as string;
    expect(decodeClaims(next).sub).toBe(decodeClaims(token).sub);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/signout', token: next })).statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token: next });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/token/refresh' })).statusCode).toBe(401);
    const forged = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token: 'a.b.c' });
    expect(forged.statusCode).toBe(401);
  });
});

describe('sign-up', () => {
  it('creates an account and mails a validation code', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Nova Pessoa',
        email: 'Nova@Example.PT',
        password: t.encrypt('a-long-password'),
        profile: 2,
        country: 'pt',
        language: 'pt',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe('nova@example.pt');
    const mail = (await t.outbox()).find((m) => m.to === 'nova@example.pt');
    expect(mail?.subject).toMatch(/^O seu código de validação Fluxo: \d{6}$/);
    expect(mail?.text).toMatch(/código de validação Fluxo é \d{6}/);
  });

  it('refuses a taken e-mail, an Admin profile, a short password and bad fields with stable codes', async () => {
    const base = {
      name: 'X',
      email: 'demo@fluxo.example',
      password: t.encrypt('a-long-password'),
      profile: 2,
      country: 'PT',
      language: 'gb',
    };
    const taken = await t.call({ method: 'POST', url: '/api/v1/auth/signup', payload: base });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const admin = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...base, email: 'a@b.pt', profile: 0 },
    });
    expect(admin.statusCode).toBe(400);
    const short = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...base, email: 'b@b.pt', password: t.encrypt('short') },
    });
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ messageKey: 'VALIDATION.PASSWORD_RULES' }],
    });
    const malformed = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...base, email: 'not an email' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messageKey: 'ERRORS.VALIDATION_FAILED',
    });
    expect(malformed.json().details[0]).toMatchObject({ path: 'body.email', messageKey: 'VALIDATION.EMAIL' });
    const wrongType = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...base, profile: '2' },
    });
    expect(wrongType.statusCode).toBe(400);
    const missing = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'c@b.pt' },
    });
    expect(missing.statusCode).toBe(400);
    const huge = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { ...base, name: 'x'.repeat(400_000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('BODY_TOO_LARGE');
    const notJson = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('MALFORMED_BODY');
  });
});

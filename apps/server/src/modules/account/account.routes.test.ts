import { ZCustomer, ZExternalOrganization } from '@fluxo/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings, users } from '../../db/schema.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';
import { DEMO_ACCOUNTS } from '../demo/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const idOf = (token: string) => decodeClaims(token).sub as string;

async function signup(email: string, language = 'gb') {
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      name: 'New Person',
      email,
      password: t.encrypt('a-long-password'),
      profile: 2,
      country: 'PT',
      language,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function confirmed(userId: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return user!.confirmed;
}

/** Ends the resend wait of an e-mail, as if a minute had passed. */
async function endResendWait(email: string) {
  await t.database.db.execute(
    sql`UPDATE signin_attempts SET blocked_until = now() - interval '1 second' WHERE key = ${`resend-code:${email}`}`,
  );
}

describe('account validation', () => {
  it('confirms a signed-out account with the mailed code and its e-mail', async () => {
    const id = await signup('val.out@example.pt');
    const code = await t.validationCode('val.out@example.pt');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call({
      method: 'GET',
      url: `/api/v1/account/validate?code=${wrong}&email=val.out@example.pt`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_VALIDATION_CODE');
    const ok = await t.call({
      method: 'GET',
      url: `/api/v1/account/validate?code=${code}&email=VAL.OUT@example.pt`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ validated: true });
    expect(await confirmed(id)).toBe(true);
    // Used once: the same code no longer works, and says nothing about the account.
    const again = await t.call({
      method: 'GET',
      url: `/api/v1/account/validate?code=${code}&email=val.out@example.pt`,
    });
    expect(again.json().code).toBe('INVALID_VALIDATION_CODE');
  });

  it('confirms the signed-in caller, then answers ALREADY_VALIDATED', async () => {
    const id = await signup('val.in@example.pt');
    const token = await t.signin('val.in@example.pt', 'a-long-password');
    expect(decodeClaims(token).aco).toBe(false);
    const code = await t.validationCode('val.in@example.pt');
    const ok = await t.call({ method: 'GET', url: `/api/v1/account/validate?code=${code}`, token });
    expect(ok.json()).toEqual({ validated: true });
    expect(await confirmed(id)).toBe(true);
    const refreshed = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token });
    expect(decodeClaims(refreshed.json().auth_token).aco).toBe(true);
    const again = await t.call({ method: 'GET', url: `/api/v1/account/validate?code=${code}`, token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_VALIDATED');
  });

  it('refuses a malformed code, and a code with neither session nor e-mail', async () => {
    const malformed = await t.call({ method: 'GET', url: '/api/v1/account/validate?code=12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'querystring.code' }],
    });
    const nobody = await t.call({ method: 'GET', url: '/api/v1/account/validate?code=123456' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('INVALID_VALIDATION_CODE');
  });
});

describe('resending the validation code', () => {
  it('mails a new code that works, at most once a minute', async () => {
    await signup('resend.me@example.pt', 'fr');
    const before = (await t.outbox()).filter((m) => m.to === 'resend.me@example.pt').length;
    const first = await t.call({
      method: 'POST',
      url: '/api/v1/account/validate/resend/code',
      payload: { email: 'resend.me@example.pt' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sent: true });
    const mails = (await t.outbox()).filter((m) => m.to === 'resend.me@example.pt');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toMatch(/^Votre code de validation Fluxo : \d{6}$/);

    const second = await t.call({
      method: 'POST',
      url: '/api/v1/account/validate/resend/code',
      payload: { email: 'resend.me@example.pt' },
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('TOO_MANY_ATTEMPTS');

    await endResendWait('resend.me@example.pt');
    const third = await t.call({
      method: 'POST',
      url: '/api/v1/account/validate/resend/code',
      payload: { email: 'resend.me@example.pt' },
    });
    expect(third.json()).toEqual({ sent: true });
    const code = await t.validationCode('resend.me@example.pt');
    const ok = await t.call({
      method: 'GET',
      url: `/api/v1/account/validate?code=${code}&email=resend.me@example.pt`,
    });
    expect(ok.json()).toEqual({ validated: true });
  });

  it('answers unknown and already-validated e-mails exactly as pending ones, mailing nothing', async () => {
    const mailsBefore = (await t.outbox()).length;
    const answers = [];
    for (const email of ['nobody.here@example.pt', DEMO_ACCOUNTS.cash]) {
      const first = await t.call({
        method: 'POST',
        url: '/api/v1/account/validate/resend/code',
        payload: { email },
      });
      const second = await t.call({
        method: 'POST',
        url: '/api/v1/account/validate/resend/code',
        payload: { email },
      });
      // Each answer names its own request; nothing else may tell the e-mails apart.
      const { requestId, ...refusal } = second.json();
      expect(requestId).toEqual(expect.any(String));
      answers.push([first.statusCode, first.json(), second.statusCode, refusal]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.slice(0, 3)).toEqual([200, { sent: true }, 429]);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it('sends to the signed-in caller, and refuses a validated one', async () => {
    await signup('resend.in@example.pt');
    const token = await t.signin('resend.in@example.pt', 'a-long-password');
    const sent = await t.call({ method: 'POST', url: '/api/v1/account/validate/resend/code', token });
    expect(sent.json()).toEqual({ sent: true });
    const limited = await t.call({
      method: 'POST',
      url: '/api/v1/account/validate/resend/code',
      token,
      payload: {},
    });
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');

    const demo = await t.signin(DEMO_ACCOUNTS.demo);
    const done = await t.call({ method: 'POST', url: '/api/v1/account/validate/resend/code', token: demo });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('ALREADY_VALIDATED');
  });

  it('needs an e-mail when signed out, and refuses unknown fields', async () => {
    const none = await t.call({ method: 'POST', url: '/api/v1/account/validate/resend/code', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.email' }] });
    const extra = await t.call({
      method: 'POST',
      url: '/api/v1/account/validate/resend/code',
      payload: { email: 'a@b.pt', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body' }] });
    expect(extra.json().details[0].message).toContain('admin');
  });
});

describe('phone check', () => {
  it('reads international and national numbers with libphonenumber', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    const check = async (path: string) => {
      const response = await t.call({ method: 'GET', url: `/api/v1/account/validate/phone/${path}`, token });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await check('%2B351912345678')).toEqual({ valid: true, e164: '+351912345678', country: 'PT' });
    expect(await check('+351%20213%20456%20789')).toEqual({
      valid: true,
      e164: '+351213456789',
      country: 'PT',
    });
    // National numbers are read in the caller's country (PT), or in the one asked for.
    expect(await check('912345678')).toEqual({ valid: true, e164: '+351912345678', country: 'PT' });
    expect(await check('923456789?country=ao')).toEqual({
      valid: true,
      e164: '+244923456789',
      country: 'AO',
    });
    expect(await check('%2B44%2020%207946%200958')).toEqual({
      valid: true,
      e164: '+442079460958',
      country: 'GB',
    });
    expect((await check('%2B351123')).valid).toBe(false);
    expect(await check('not-a-phone')).toEqual({ valid: false, e164: null, country: null });
  });

  it('needs a signed-in caller and a sane country', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/api/v1/account/validate/phone/912345678' });
    expect(anonymous.statusCode).toBe(401);
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    const bad = await t.call({
      method: 'GET',
      url: '/api/v1/account/validate/phone/912345678?country=PRT',
      token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('onboarding', () => {
  it('stores the profile and intro page, activates the account and answers a fresh token', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.inactive);
    expect(decodeClaims(token).uacti).toBe(false);
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/account/onboarding',
      token,
      payload: {
        phone: '912 345 678',
        vatNumber: 'PT 500 697 256',
        currency: 'usd',
        introPage: 'dashboards',
        acceptTerms: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.id).toBe(idOf(token));
    const claims = decodeClaims(body.auth_token);
    expect(claims).toMatchObject({ uacti: true, ucon: '+351912345678', vat: '500697256', currency: 'USD' });
    // Same session: the new token is live and the old session was not replaced.
    expect(decodeClaims(body.auth_token).jti).toBe(decodeClaims(token).jti);
    const intro = await t.call({
      method: 'GET',
      url: '/api/v1/account/settings/value?s=intro_page',
      token: body.auth_token,
    });
    expect(intro.json()).toEqual({ name: 'intro_page', value: 'dashboards' });
  });

  it('refuses a bad phone, tax number or currency with the field named, changing nothing', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.trial);
    const attempt = (payload: object) =>
      t.call({
        method: 'POST',
        url: '/api/v1/account/onboarding',
        token,
        payload: { acceptTerms: true, ...payload },
      });
    const phone = await attempt({ phone: '+351 123' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.phone', messageKey: 'VALIDATION.PHONE' }],
    });
    const vat = await attempt({ vatNumber: '500697257' });
    expect(vat.json()).toMatchObject({
      details: [{ path: 'body.vatNumber', messageKey: 'VALIDATION.TAX_NUMBER' }],
    });
    const currency = await attempt({ currency: 'XYZ' });
    expect(currency.json()).toMatchObject({
      details: [{ path: 'body.currency', messageKey: 'VALIDATION.CURRENCY' }],
    });
    const terms = await t.call({ method: 'POST', url: '/api/v1/account/onboarding', token, payload: {} });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().details[0].path).toBe('body.acceptTerms');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.trial));
    expect(user).toMatchObject({ phone: null, vatNumber: null, currency: 'EUR' });
  });

  it('needs a signed-in caller', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/account/onboarding',
      payload: { acceptTerms: true },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('language', () => {
  it('changes the interface language, which the next token carries', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.pos);
    const response = await t.call({ method: 'PATCH', url: '/api/v1/account/lang?language=fr', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'fr' });
    const refreshed = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token });
    expect(decodeClaims(refreshed.json().auth_token).lang).toBe('fr');
  });

  it('refuses a language the interface does not have, and anonymous callers', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.pos);
    const de = await t.call({ method: 'PATCH', url: '/api/v1/account/lang?language=de', token });
    expect(de.statusCode).toBe(400);
    expect(de.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'querystring.language' }],
    });
    const anonymous = await t.call({ method: 'PATCH', url: '/api/v1/account/lang?language=pt' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('reads, changes and removes known settings', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.cash);
    const empty = await t.call({ method: 'GET', url: '/api/v1/account/settings', token });
    expect(empty.json()).toEqual({});
    const unset = await t.call({ method: 'GET', url: '/api/v1/account/settings/value?s=theme', token });
    expect(unset.json()).toEqual({ name: 'theme', value: null });

    const patched = await t.call({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      token,
      payload: {
        theme: 'dark',
        date_format: 'DD/MM/YYYY',
        notifications_email: false,
        tours_completed: { dashboards: true, 'treasury.wallets': false },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({
      theme: 'dark',
      date_format: 'DD/MM/YYYY',
      notifications_email: false,
      tours_completed: { dashboards: true, 'treasury.wallets': false },
    });
    const tours = await t.call({
      method: 'GET',
      url: '/api/v1/account/settings/value?s=tours_completed',
      token,
    });
    expect(tours.json()).toEqual({
      name: 'tours_completed',
      value: { dashboards: true, 'treasury.wallets': false },
    });

    const removed = await t.call({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      token,
      payload: { theme: null, number_format: 'space_comma' },
    });
    expect(removed.json()).toEqual({
      date_format: 'DD/MM/YYYY',
      number_format: 'space_comma',
      notifications_email: false,
      tours_completed: { dashboards: true, 'treasury.wallets': false },
    });
    const all = await t.call({ method: 'GET', url: '/api/v1/account/settings', token });
    expect(all.json()).toEqual(removed.json());
  });

  it('keeps each user to their own settings, and skips stored values that no longer fit', async () => {
    const mine = await t.signin(DEMO_ACCOUNTS.accountant);
    await t.call({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      token: mine,
      payload: { theme: 'light' },
    });
    await t.database.db.insert(userSettings).values([
      { userId: idOf(mine), name: 'date_format', value: 'not a format' },
      { userId: idOf(mine), name: 'retired_setting', value: 1 },
    ]);
    const read = await t.call({ method: 'GET', url: '/api/v1/account/settings', token: mine });
    expect(read.json()).toEqual({ theme: 'light' });
    const stale = await t.call({
      method: 'GET',
      url: '/api/v1/account/settings/value?s=date_format',
      token: mine,
    });
    expect(stale.json()).toEqual({ name: 'date_format', value: null });
    const other = await t.signin(DEMO_ACCOUNTS.locked);
    const theirs = await t.call({
      method: 'GET',
      url: '/api/v1/account/settings/value?s=theme',
      token: other,
    });
    expect(theirs.json()).toEqual({ name: 'theme', value: null });
  });

  it('refuses unknown settings, bad values and anonymous callers with stable codes', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.cash);
    const unknown = await t.call({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      token,
      payload: { favourite_colour: 'blue' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body' }] });
    expect(unknown.json().details[0].message).toContain('favourite_colour');
    for (const payload of [
      { theme: 'neon' },
      { intro_page: 'chat' },
      { notifications_email: 'yes' },
      { tours_completed: { 'bad id!': true } },
      { tours_completed: { dashboards: 'done' } },
    ]) {
      const bad = await t.call({ method: 'PATCH', url: '/api/v1/account/settings', token, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    const badName = await t.call({
      method: 'GET',
      url: '/api/v1/account/settings/value?s=password_hash',
      token,
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().details[0].path).toBe('querystring.s');
    for (const [method, url] of [
      ['GET', '/api/v1/account/settings'],
      ['PATCH', '/api/v1/account/settings'],
      ['GET', '/api/v1/account/settings/value?s=theme'],
    ] as const) {
      const anonymous = await t.call({ method, url, payload: method === 'PATCH' ? {} : undefined });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });
});

describe('customers', () => {
  it('answers the caller their own customer record, by both paths', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    const id = idOf(token);
    const own = await t.call({ method: 'GET', url: `/api/v1/customers/${id}`, token });
    expect(own.statusCode).toBe(200);
    const customer = ZCustomer.parse(own.json());
    expect(customer).toEqual({
      id,
      userId: id,
      name: 'Ana Demo',
      email: DEMO_ACCOUNTS.demo,
      type: 'SAAS',
      subscriptionPlan: 'premium',
      isTrial: false,
      subscriptionStatus: 1,
      country: 'PT',
      currency: 'EUR',
    });
    const byUser = await t.call({ method: 'GET', url: `/api/v1/customers/byUserId/${id}`, token });
    expect(byUser.json()).toEqual(own.json());
  });

  it('shows trial, founder, locked and subscription-less customers as they are', async () => {
    const record = async (email: string) => {
      const token = await t.signin(email);
      return (await t.call({ method: 'GET', url: `/api/v1/customers/${idOf(token)}`, token })).json();
    };
    expect(await record(DEMO_ACCOUNTS.trial)).toMatchObject({ subscriptionPlan: 'essential', isTrial: true });
    expect(await record(DEMO_ACCOUNTS.accountant)).toMatchObject({ subscriptionPlan: 'premium_founder' });
    expect(await record(DEMO_ACCOUNTS.locked)).toMatchObject({ subscriptionStatus: 5 });
    expect(await record(DEMO_ACCOUNTS.aoOwner)).toMatchObject({ country: 'AO', currency: 'AOA' });
    expect(await record(DEMO_ACCOUNTS.pos)).toMatchObject({
      subscriptionPlan: null,
      isTrial: false,
      subscriptionStatus: null,
    });
  });

  it("refuses another user's record, unless the caller is an Admin", async () => {
    const demo = await t.signin(DEMO_ACCOUNTS.demo);
    const cash = await t.signin(DEMO_ACCOUNTS.cash);
    for (const url of [`/api/v1/customers/${idOf(demo)}`, `/api/v1/customers/byUserId/${idOf(demo)}`]) {
      const forbidden = await t.call({ method: 'GET', url, token: cash });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('SELF_ONLY');
    }
    // Unknown ids are refused the same way, so the answer does not reveal which users exist.
    const unknown = await t.call({
      method: 'GET',
      url: '/api/v1/customers/00000000-0000-4000-8000-000000000000',
      token: cash,
    });
    expect(unknown.statusCode).toBe(403);

    const admin = await t.signin(DEMO_ACCOUNTS.admin);
    const seen = await t.call({
      method: 'GET',
      url: `/api/v1/customers/byUserId/${idOf(demo)}`,
      token: admin,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().email).toBe(DEMO_ACCOUNTS.demo);
    const missing = await t.call({
      method: 'GET',
      url: '/api/v1/customers/00000000-0000-4000-8000-000000000000',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('refuses a malformed id and anonymous callers', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    // The guard decides before validation: a malformed id is not the caller's own (403); an Admin,
    // who may ask about anyone, is told what is wrong with it.
    const malformed = await t.call({ method: 'GET', url: '/api/v1/customers/42', token });
    expect(malformed.statusCode).toBe(403);
    const admin = await t.signin(DEMO_ACCOUNTS.admin);
    const malformedByAdmin = await t.call({ method: 'GET', url: '/api/v1/customers/42', token: admin });
    expect(malformedByAdmin.statusCode).toBe(400);
    expect(malformedByAdmin.json().code).toBe('VALIDATION_FAILED');
    const anonymous = await t.call({ method: 'GET', url: `/api/v1/customers/${idOf(token)}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('external company lookup', () => {
  const lookup = (token: string, query: string) =>
    t.call({ method: 'GET', url: `/api/v1/external/organizations?${query}`, token });

  it('finds a company of the register by country and tax number, however it is written', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    const expected = {
      name: 'Fluxo Demo, Lda',
      vatNumber: '508332150',
      country: 'PT',
      address: 'Avenida da Liberdade 110',
      postalCode: '1250-096',
      city: 'Lisboa',
      sectorCode: 'J',
    };
    for (const query of [
      'country=PT&vatNumber=508332150',
      'country=pt&vatNumber=PT508332150',
      `country=PT&vatNumber=${encodeURIComponent('PT 508 332 150')}`,
    ]) {
      const response = await lookup(token, query);
      expect(response.statusCode, query).toBe(200);
      expect(ZExternalOrganization.parse(response.json())).toEqual(expected);
    }
    const angolan = await lookup(token, 'country=AO&vatNumber=5417012345');
    expect(angolan.json()).toMatchObject({ name: 'Kwanza Comércio, Lda', country: 'AO', postalCode: '' });
  });

  it('answers NOT_FOUND for a well-formed number the register lacks', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    for (const query of [
      'country=PT&vatNumber=500697256',
      'country=DE&vatNumber=DE136695976',
      'country=JP&vatNumber=1234',
    ]) {
      const response = await lookup(token, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('refuses malformed tax numbers and countries before looking, and anonymous callers', async () => {
    const token = await t.signin(DEMO_ACCOUNTS.demo);
    for (const query of [
      'country=PT&vatNumber=508332151',
      'country=ES&vatNumber=123456789',
      'country=AO&vatNumber=541701234',
    ]) {
      const response = await lookup(token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'querystring.vatNumber', messageKey: 'VALIDATION.TAX_NUMBER' }],
      });
    }
    const country = await lookup(token, 'country=Portugal&vatNumber=508332150');
    expect(country.statusCode).toBe(400);
    expect(country.json().details[0].path).toBe('querystring.country');
    const missing = await lookup(token, 'country=PT');
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.call({
      method: 'GET',
      url: '/api/v1/external/organizations?country=PT&vatNumber=508332150',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

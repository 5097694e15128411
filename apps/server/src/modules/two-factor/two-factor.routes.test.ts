import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { rotateSecretsKey } from '../../platform/secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRET } from '../demo/seed.ts';
import { codeAt } from './totp.ts';
import { MAX_FAILURES_PER_TOKEN, SEALED_TWO_FACTOR_SECRETS, startSecondStep } from './two-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STEP_MS = 30_000;

async function passwordStep(email: string, password = DEMO_PASSWORD) {
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email, password: t.encrypt(password) },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { twoFactorRequired?: true; twoFactorToken: string; auth_token?: string };
}

/**
 * Each call comes from a client of its own, so the per-client sign-in throttle (tested on its own
 * below) stays out of the per-token and per-user rules these tests are about.
 */
let clients = 0;
const secondStep = (token: string, code: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/auth/signin/two-factor',
    payload: { token, code },
    remoteAddress: `10.9.${Math.floor(++clients / 250)}.${clients % 250}`,
  });

/** Both steps with the code of `at`; answers the session token. */
async function signinWithCode(email: string, secret: string, at = Date.now()) {
  const { twoFactorToken } = await passwordStep(email);
  const response = await secondStep(twoFactorToken, codeAt(secret, at));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().auth_token as string;
}

/** Turns two-factor on for a signed-in user with the code of the previous step; answers the secret and codes. */
async function enrol(token: string) {
  const started = await t.call({ method: 'POST', url: '/api/v1/account/two-factor/enrolment', token });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const confirmed = await t.call({
    method: 'POST',
    url: '/api/v1/account/two-factor/confirm',
    token,
    payload: { code: codeAt(secret, Date.now() - STEP_MS) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe('enrolment', () => {
  let token: string;
  let secret: string;

  it('starts off, and a started enrolment offers the otpauth URI, its QR code and the key', async () => {
    token = await t.signin(DEMO_ACCOUNTS.twoFactor1);
    const status = await t.call({ method: 'GET', url: '/api/v1/account/two-factor', token });
    expect(status.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(status.json().organizations).toEqual([
      expect.objectContaining({ name: 'Dois Fatores Um, Lda', owner: true, required: false }),
    ]);

    const started = await t.call({ method: 'POST', url: '/api/v1/account/two-factor/enrolment', token });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Fluxo:${DEMO_ACCOUNTS.twoFactor1}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Fluxo');
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a wrong first code and stays off', async () => {
    const wrong = codeAt(secret, Date.now() + 10 * STEP_MS);
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/confirm',
      token,
      payload: { code: wrong },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    const status = await t.call({ method: 'GET', url: '/api/v1/account/two-factor', token });
    expect(status.json().enabled).toBe(false);
    // Signing in still needs the password only.
    expect((await passwordStep(DEMO_ACCOUNTS.twoFactor1)).auth_token).toEqual(expect.any(String));
  });

  it('turns on with a code of the previous step and answers ten recovery codes, once', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/confirm',
      token,
      payload: { code: codeAt(secret, Date.now() - STEP_MS) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const codes = response.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const status = await t.call({ method: 'GET', url: '/api/v1/account/two-factor', token });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.json())).not.toContain(codes[0]);

    const again = await t.call({ method: 'POST', url: '/api/v1/account/two-factor/enrolment', token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('stores the recovery codes hashed', async () => {
    const hashes = (
      await rows<{ code_hash: string }>(
        t.database.db,
        sql`SELECT code_hash FROM two_factor_recovery_codes r JOIN users u ON u.id = r.user_id
            WHERE u.email = ${DEMO_ACCOUNTS.twoFactor1}`,
      )
    ).map((row) => row.code_hash);
    expect(hashes).toHaveLength(10);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sign-in with two-factor on', () => {
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    const token = await t.signin(DEMO_ACCOUNTS.twoFactor2);
    ({ secret, recoveryCodes } = await enrol(token));
  });

  it('answers the password with a second-step token that is not a session', async () => {
    const first = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    expect(first.auth_token).toBeUndefined();
    expect(first.twoFactorRequired).toBe(true);
    for (const url of ['/api/v1/token/refresh', '/api/v1/account/two-factor', '/api/v1/organizations/all']) {
      const response = await t.call({ method: 'GET', url, token: first.twoFactorToken });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses a session token as a second-step token', async () => {
    const session = await t.signin(DEMO_ACCOUNTS.demo);
    const response = await secondStep(session, codeAt(secret, Date.now()));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TWO_FACTOR_TOKEN_INVALID');
  });

  it('signs in with the current code, once per token, and refuses the same code again (replay)', async () => {
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    const wrong = await secondStep(twoFactorToken, codeAt(secret, Date.now() + 10 * STEP_MS));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');

    const code = codeAt(secret, Date.now());
    const ok = await secondStep(twoFactorToken, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const session = ok.json().auth_token as string;
    const refresh = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token: session });
    expect(refresh.statusCode).toBe(200);

    // The spent token is void, whatever the code.
    const spent = await secondStep(twoFactorToken, codeAt(secret, Date.now() + STEP_MS));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().code).toBe('TWO_FACTOR_TOKEN_INVALID');

    // The same code with a new token: a replay.
    const next = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    const replay = await secondStep(next.twoFactorToken, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('signs in with a recovery code (typed loosely) once; the same code is then refused', async () => {
    const recovery = recoveryCodes[0]!;
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    const ok = await secondStep(twoFactorToken, ` ${recovery.replaceAll('-', '').toLowerCase()} `);
    expect(ok.statusCode, ok.body).toBe(200);

    const again = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    const refused = await secondStep(again.twoFactorToken, recovery);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_TWO_FACTOR_CODE');

    const status = await t.call({
      method: 'GET',
      url: '/api/v1/account/two-factor',
      token: ok.json().auth_token,
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it(`voids the second-step token after ${MAX_FAILURES_PER_TOKEN} wrong codes, even for the right one`, async () => {
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    for (let i = 0; i < MAX_FAILURES_PER_TOKEN; i++) {
      const wrong = await secondStep(twoFactorToken, '000000');
      expect([400]).toContain(wrong.statusCode);
    }
    const right = await secondStep(twoFactorToken, recoveryCodes[1]!);
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('TWO_FACTOR_TOKEN_INVALID');
  });

  it('refuses an expired second-step token and a forged one', async () => {
    const [user] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE email = ${DEMO_ACCOUNTS.twoFactor2}`,
    );
    const userId = user!.id;
    const expired = await startSecondStep(
      { db: t.database.db, jwtKeys: t.secrets, now: () => Date.now() - 10 * 60_000 },
      userId,
    );
    const response = await secondStep(expired.twoFactorToken, recoveryCodes[2]!);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TWO_FACTOR_TOKEN_INVALID');

    const forged = await secondStep(`${expired.twoFactorToken.slice(0, -4)}AAAA`, recoveryCodes[2]!);
    expect(forged.statusCode).toBe(401);
    for (const garbage of ['x', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.']) {
      const response = await secondStep(garbage, recoveryCodes[2]!);
      expect(response.statusCode, garbage).toBe(401);
    }
    // A NUL never reaches the token check: the input guard refuses it first (issue 10).
    expect((await secondStep('\u0000', recoveryCodes[2]!)).json().code).toBe('INVALID_CHARACTERS');
    // The recovery code was not spent by either.
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    expect((await secondStep(twoFactorToken, recoveryCodes[2]!)).statusCode).toBe(200);
  });

  it('counts wrong guesses against the client like failed sign-ins: 429 with Retry-After, others unaffected', async () => {
    const guess = (remoteAddress: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/signin/two-factor',
        payload: { token: 'made.up.token', code: '123456' },
        remoteAddress,
      });
    let refused = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await guess('203.0.113.77');
      if (response.statusCode === 429) refused = response;
      else expect(response.json().code).toBe('TWO_FACTOR_TOKEN_INVALID');
    }
    expect(refused?.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another client still gets its answer, and the account's own sign-in is untouched.
    expect((await guess('203.0.113.78')).json().code).toBe('TWO_FACTOR_TOKEN_INVALID');
  });

  it('refuses every code for a while after too many wrong ones across tokens (429)', async () => {
    let answered = 0;
    let throttled: { statusCode: number; json(): { code: string } } | null = null;
    for (let i = 0; i < 4 && !throttled; i++) {
      const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
      for (let j = 0; j < MAX_FAILURES_PER_TOKEN; j++) {
        const response = await secondStep(twoFactorToken, '111111');
        answered++;
        if (response.statusCode === 429) {
          throttled = response;
          break;
        }
      }
    }
    expect(throttled?.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(answered).toBeGreaterThan(MAX_FAILURES_PER_TOKEN);
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    expect((await secondStep(twoFactorToken, recoveryCodes[3]!)).statusCode).toBe(429);
    // Cleared for the next tests (the window would otherwise run 15 minutes).
    await rows(t.database.db, sql`UPDATE user_two_factor SET failures = 0, failures_since = NULL`);
  });

  it('turns off only with a current code or a recovery code; then the password alone signs in', async () => {
    const { twoFactorToken } = await passwordStep(DEMO_ACCOUNTS.twoFactor2);
    const session = (await secondStep(twoFactorToken, recoveryCodes[4]!)).json().auth_token as string;
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/disable',
      token: session,
      payload: { code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');

    const renewed = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/recovery-codes',
      token: session,
      payload: { code: recoveryCodes[5]! },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes went with the renewal.
    const old = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/disable',
      token: session,
      payload: { code: recoveryCodes[6]! },
    });
    expect(old.statusCode).toBe(400);

    const off = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/disable',
      token: session,
      payload: { code: fresh[0]! },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await passwordStep(DEMO_ACCOUNTS.twoFactor2)).auth_token).toEqual(expect.any(String));
    const again = await t.call({
      method: 'POST',
      url: '/api/v1/account/two-factor/disable',
      token: session,
      payload: { code: fresh[1]! },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});

describe("the organization's requirement", () => {
  let ownerToken: string;
  let memberToken: string;
  let orgId: string;

  beforeAll(async () => {
    ownerToken = await signinWithCode(DEMO_ACCOUNTS.twoFactorOwner1, DEMO_TWO_FACTOR_SECRET);
    const all = await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: ownerToken });
    orgId = all.json().myOrgs[0].id;
    memberToken = await t.signin(DEMO_ACCOUNTS.twoFactorMember1);
  });

  const memberReads = async () => ({
    organization: await t.call({ method: 'GET', url: `/api/v1/organizations/${orgId}`, token: memberToken }),
    connections: await t.call({ method: 'GET', url: '/api/v1/connections', token: memberToken, orgId }),
    owner: await t.call({ method: 'GET', url: `/api/v1/organizations/${orgId}/owner`, token: memberToken }),
  });

  it('is for the owner only, and only once the owner has two-factor on', async () => {
    const byMember = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${orgId}/two-factor`,
      token: memberToken,
      payload: { required: true },
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('FORBIDDEN');

    const demo = await t.signin(DEMO_ACCOUNTS.demo);
    const demoOrg = (await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: demo })).json()
      .myOrgs[0].id;
    const withoutIt = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${demoOrg}/two-factor`,
      token: demo,
      payload: { required: true },
    });
    expect(withoutIt.statusCode).toBe(409);
    expect(withoutIt.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('refuses the organization to a member without two-factor (403 TWO_FACTOR_REQUIRED), then allows it after enrolment', async () => {
    const before = await memberReads();
    for (const [name, response] of Object.entries(before)) expect(response.statusCode, name).toBe(200);

    const set = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${orgId}/two-factor`,
      token: ownerToken,
      payload: { required: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ required: true });

    const refused = await memberReads();
    for (const [name, response] of Object.entries(refused)) {
      expect(response.statusCode, name).toBe(403);
      expect(response.json().code, name).toBe('TWO_FACTOR_REQUIRED');
    }
    // The owner, who has it, still reaches the organization.
    const ownerRead = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${orgId}`,
      token: ownerToken,
    });
    expect(ownerRead.statusCode).toBe(200);
    // The member still lists their organizations and sees which one requires two-factor.
    const status = await t.call({ method: 'GET', url: '/api/v1/account/two-factor', token: memberToken });
    expect(status.json().organizations).toEqual([
      { id: orgId, name: 'Segura Um, Lda', owner: false, required: true },
    ]);

    await enrol(memberToken);
    const after = await memberReads();
    for (const [name, response] of Object.entries(after)) expect(response.statusCode, name).toBe(200);

    const unset = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${orgId}/two-factor`,
      token: ownerToken,
      payload: { required: false },
    });
    expect(unset.json()).toEqual({ required: false });
  });
});

describe('the authenticator secret at rest', () => {
  const KEY_1 = Buffer.alloc(32, 7).toString('base64');
  const KEY_2 = Buffer.alloc(32, 9).toString('base64');

  it('is sealed with SECRETS_KEY when it is set, and codes still check', async () => {
    const sealed = await createTestApp({ env: { SECRETS_KEY: KEY_1 } });
    try {
      const token = await sealed.signin(DEMO_ACCOUNTS.twoFactor1);
      const started = await sealed.call({
        method: 'POST',
        url: '/api/v1/account/two-factor/enrolment',
        token,
      });
      const { secret } = started.json();
      const [row] = await rows<{ secret: string }>(
        sealed.database.db,
        sql`SELECT t.secret FROM user_two_factor t JOIN users u ON u.id = t.user_id
            WHERE u.email = ${DEMO_ACCOUNTS.twoFactor1}`,
      );
      expect(row!.secret).toMatch(/^fluxo-enc:v1:/);
      expect(row!.secret).not.toContain(secret);
      const confirmed = await sealed.call({
        method: 'POST',
        url: '/api/v1/account/two-factor/confirm',
        token,
        payload: { code: codeAt(secret, Date.now()) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      // A new SECRETS_KEY: the rotation re-encrypts the users' secrets too, and only the new key opens them.
      const rotated = loadConfig({ SECRETS_KEY: KEY_2, SECRETS_KEY_PREVIOUS: KEY_1 } as NodeJS.ProcessEnv);
      const rotation = await rotateSecretsKey(sealed.database.db, rotated, [SEALED_TWO_FACTOR_SECRETS]);
      const [after] = await rows<{ secret: string; user_id: string }>(
        sealed.database.db,
        sql`SELECT t.secret, t.user_id FROM user_two_factor t JOIN users u ON u.id = t.user_id
            WHERE u.email = ${DEMO_ACCOUNTS.twoFactor1}`,
      );
      expect(after!.secret.startsWith(`fluxo-enc:v1:${rotation.current}:`)).toBe(true);
      const onlyNew = createSecretBox(KEY_2);
      expect(onlyNew.open(after!.secret, SEALED_TWO_FACTOR_SECRETS.place(after!.user_id))).toBe(secret);
      expect(() =>
        createSecretBox(KEY_1).open(after!.secret, SEALED_TWO_FACTOR_SECRETS.place(after!.user_id)),
      ).toThrow();
      // Nothing left to re-encrypt the second time.
      expect(
        (await rotateSecretsKey(sealed.database.db, rotated, [SEALED_TWO_FACTOR_SECRETS])).resealed,
      ).toBe(0);
    } finally {
      await sealed.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EnableBankingStandIn,
  STAND_IN_APPLICATION_ID,
  standInKeys,
  startEnableBankingStandIn,
} from '../../../test/enable-banking-stand-in.ts';
import {
  type GoCardlessStandIn,
  STAND_IN_SECRET_ID,
  STAND_IN_SECRET_KEY,
  startGoCardlessStandIn,
} from '../../../test/gocardless-stand-in.ts';
import { BankFeedError } from './connector.ts';
import { EnableBankingClient } from './enable-banking-client.ts';
import { GoCardlessClient } from './gocardless-client.ts';

let gc: GoCardlessStandIn;
let eb: EnableBankingStandIn;
beforeAll(async () => {
  gc = await startGoCardlessStandIn();
  eb = await startEnableBankingStandIn();
});
afterAll(async () => {
  await gc?.close();
  await eb?.close();
});

describe('GoCardless client', () => {
  it('keeps its access token, refreshes it near expiry, and starts over when refused', async () => {
    let clock = Date.now();
    const client = new GoCardlessClient(
      { secretId: STAND_IN_SECRET_ID, secretKey: STAND_IN_SECRET_KEY, apiBase: gc.url, timeoutMs: 5000 },
      () => clock,
    );
    const issued = gc.tokensIssued();
    await client.institutions('PT');
    await client.institutions('ES');
    expect(gc.tokensIssued() - issued).toBe(1);
    expect(gc.requests.filter((r) => r.path === '/api/v2/token/new/')).toHaveLength(1);
    // A day later the access token is due: the refresh token gets a new one, no new pair.
    clock += 86_400_000;
    await client.institutions('PT');
    expect(gc.requests.filter((r) => r.path === '/api/v2/token/refresh/')).toHaveLength(1);
    expect(gc.requests.filter((r) => r.path === '/api/v2/token/new/')).toHaveLength(1);
  });

  it('says so when the secrets are wrong, or the API is out of reach', async () => {
    const wrong = new GoCardlessClient({ secretId: 'x', secretKey: 'y', apiBase: gc.url, timeoutMs: 5000 });
    await expect(wrong.institutions('PT')).rejects.toMatchObject({ kind: 'unavailable' });
    const away = new GoCardlessClient({
      secretId: STAND_IN_SECRET_ID,
      secretKey: STAND_IN_SECRET_KEY,
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    const failure = await away.institutions('PT').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BankFeedError);
    expect((failure as BankFeedError).message).toMatch(/did not answer/);
  });
});

describe('Enable Banking client', () => {
  it('signs one JWT and re-uses it until shortly before it ends', async () => {
    let clock = Date.now();
    const client = new EnableBankingClient(
      {
        applicationId: STAND_IN_APPLICATION_ID,
        privateKey: standInKeys.privateKeyPem,
        apiBase: eb.url,
        timeoutMs: 5000,
      },
      () => clock,
    );
    const first = client.token();
    expect(client.token()).toBe(first);
    const [header, payload] = first
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ typ: 'JWT', alg: 'RS256', kid: STAND_IN_APPLICATION_ID });
    expect(payload).toMatchObject({ iss: 'enablebanking.com', aud: 'api.enablebanking.com' });
    expect(payload.exp - payload.iat).toBe(3600);
    expect((await client.aspsps('PT')).aspsps.length).toBe(2);
    clock += 3_600_000;
    expect(client.token()).not.toBe(first);
  });

  it('is refused with another application id, and classifies a 429', async () => {
    const stranger = new EnableBankingClient({
      applicationId: 'another-app',
      privateKey: standInKeys.privateKeyPem,
      apiBase: eb.url,
      timeoutMs: 5000,
    });
    await expect(stranger.aspsps('PT')).rejects.toMatchObject({ kind: 'unavailable' });
    const client = new EnableBankingClient({
      applicationId: STAND_IN_APPLICATION_ID,
      privateKey: standInKeys.privateKeyPem,
      apiBase: eb.url,
      timeoutMs: 5000,
    });
    eb.banks.set('Millennium BCP', [
      { iban: 'PT50003300000000000000001', currency: 'EUR', name: 'DO', balance: '1.00', transactions: [] },
    ]);
    const started = await client.startAuthorization({
      access: { valid_until: new Date(Date.now() + 86_400_000).toISOString() },
      aspsp: { name: 'Millennium BCP', country: 'PT' },
      state: 's',
      redirect_url: 'http://localhost/treasury/wallets',
      psu_type: 'business',
    });
    const code = new URL(eb.authorise(started.authorization_id)).searchParams.get('code')!;
    const session = await client.createSession(code);
    eb.rateLimit(1, 90);
    await expect(client.balances(session.accounts[0]!.uid)).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 90,
    });
    eb.expire(session.session_id);
    await expect(client.balances(session.accounts[0]!.uid)).rejects.toMatchObject({
      kind: 'consent_expired',
    });
  });
});

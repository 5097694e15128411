import type { ConnectionStatusChanged, RealtimeMessage } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  connect,
  eventually,
  type Instance,
  type SharedDatabase,
  sharedDatabase,
  sleep,
  startInstance,
  type TestClient,
} from '../../test/realtime-kit.ts';
import { SANDBOX_ANSWERS } from './connectors/sandbox.ts';

let shared: SharedDatabase;
let server: Instance;
let demo: { token: string; userId: string };
let demoOrg: string;
let kwanza: string;
let client: TestClient;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(shared.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!
    .id;

beforeAll(async () => {
  shared = await sharedDatabase();
  server = await startInstance(shared.database, shared.dataDir, { REALTIME_SWEEP_MS: '100' });
  demo = await server.signin('demo@fluxo.example');
  demoOrg = await orgOf('Fluxo Demo, Lda');
  kwanza = await orgOf('Kwanza Comércio, Lda');
  client = await connect(server.url, demo);
});
afterAll(async () => {
  client?.close();
  await server?.close();
  await shared?.close();
});

type Caller = { token: string };
const api = (who: Caller, orgId: string) => ({
  get: (url: string) => server.call({ method: 'GET', url, token: who.token, orgId }),
  post: (url: string, payload?: Record<string, unknown>) =>
    server.call({
      method: 'POST',
      url,
      token: who.token,
      orgId,
      ...(payload === undefined ? {} : { payload }),
    }),
  delete: (url: string) => server.call({ method: 'DELETE', url, token: who.token, orgId }),
});

async function create(authType: string, who: Caller = demo, orgId = demoOrg, name = `Conta ${authType}`) {
  const response = await api(who, orgId).post('/api/v1/connections', {
    institutionCode: 'FLUXO_SANDBOX',
    name,
    authType,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string; authType: string };
}

/** The next CONNECTION_STATUS_CHANGED for a connection (with that status, if given), after `from` messages. */
async function statusEvent(connectionId: string, from: number, to = client, status?: string) {
  const found = await eventually(() =>
    to.received
      .slice(from)
      .find(
        (m): m is Extract<RealtimeMessage, { type: 'CONNECTION_STATUS_CHANGED' }> =>
          m.type === 'CONNECTION_STATUS_CHANGED' &&
          m.data.ExtraData.ConnectionId === connectionId &&
          (status === undefined || m.data.Status === status),
      ),
  );
  return found.data as ConnectionStatusChanged;
}

describe('institutions and creation', () => {
  it('lists Fluxo Sandbox Bank with its four auth types', async () => {
    const response = await api(demo, demoOrg).get('/api/v1/connections/institutions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(
      expect.objectContaining({
        code: 'FLUXO_SANDBOX',
        name: 'Fluxo Sandbox Bank',
        country: 'PT',
        authTypes: ['token', 'question', 'qrcode', 'app'],
      }),
    );
  });

  it('creates a connection and tells the organization (VAULT_CONNECTION_CREATED)', async () => {
    const seen = client.received.length;
    const connection = await create('token');
    expect(connection).toMatchObject({
      status: 'created',
      authType: 'token',
      institutionName: 'Fluxo Sandbox Bank',
    });
    await eventually(() =>
      client.received
        .slice(seen)
        .some((m) => m.type === 'VAULT_CONNECTION_CREATED' && m.data.ConnectionId === connection.id),
    );
  });

  it('refuses an unknown institution or an auth type it does not offer', async () => {
    const unknown = await api(demo, demoOrg).post('/api/v1/connections', {
      institutionCode: 'NOPE',
      name: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_INSTITUTION');
    const badType = await api(demo, demoOrg).post('/api/v1/connections', {
      institutionCode: 'FLUXO_SANDBOX',
      name: 'x',
      authType: 'sms',
    });
    expect(badType.statusCode).toBe(400);
  });
});

describe('two-factor authentication with the sandbox bank', () => {
  for (const authType of ['token', 'question', 'qrcode', 'app'] as const) {
    it(`${authType}: waiting_authentication with what to show, then connected on the right answer`, async () => {
      const connection = await create(authType);
      const seen = client.received.length;
      const setup = await api(demo, demoOrg).post(`/api/v1/connections/${connection.id}/setup`);
      expect(setup.statusCode, setup.body).toBe(200);
      expect(setup.json()).toMatchObject({ status: 'waiting_authentication' });
      expect(Date.parse(setup.json().authExpiresAt)).toBeGreaterThan(Date.now() + 100_000);

      const waiting = await statusEvent(connection.id, seen);
      expect(waiting).toMatchObject({
        Status: 'waiting_authentication',
        AuthType: authType,
        ExtraData: {
          ConnectionName: `Conta ${authType}`,
          InstitutionName: 'Fluxo Sandbox Bank',
          InstitutionCountry: 'PT',
          InstitutionCode: 'FLUXO_SANDBOX',
          ConnectionId: connection.id,
          Timeout: 120,
        },
      });
      if (authType === 'question')
        expect(waiting.ExtraData.ExtraData?.Question).toMatch(/name of this application/);
      if (authType === 'qrcode')
        expect(waiting.ExtraData.ExtraData?.QrCode).toMatch(/^data:image\/png;base64,/);
      if (authType === 'token' || authType === 'app') expect(waiting.ExtraData.ExtraData).toBeUndefined();

      const after = client.received.length;
      const answer = await api(demo, demoOrg).post(
        `/api/v1/bankonnector/connections/${connection.id}/auth/${authType}`,
        { value: SANDBOX_ANSWERS[authType] },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ id: connection.id, status: 'connected' });
      expect(await statusEvent(connection.id, after, client, 'connected')).toMatchObject({
        AuthType: authType,
      });
      await eventually(() =>
        client.received
          .slice(after)
          .some((m) => m.type === 'VAULT_CONNECTION_REFRESHED' && m.data.ConnectionId === connection.id),
      );

      const attempts = await api(demo, demoOrg).get(`/api/v1/connections/${connection.id}/attempts`);
      expect(attempts.json()).toEqual([
        expect.objectContaining({ authType, status: 'connected', startedBy: demo.userId }),
      ]);
    });

    it(`${authType}: a wrong answer gets invalid_token, and the attempt is over`, async () => {
      const connection = await create(authType);
      await api(demo, demoOrg).post(`/api/v1/connections/${connection.id}/setup`);
      const seen = client.received.length;
      const url = `/api/v1/bankonnector/connections/${connection.id}/auth/${authType}`;
      const wrong = await api(demo, demoOrg).post(url, { value: 'wrong-answer' });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toEqual({ id: connection.id, status: 'invalid_token' });
      expect(await statusEvent(connection.id, seen, client, 'invalid_token')).toMatchObject({
        AuthType: authType,
      });
      const late = await api(demo, demoOrg).post(url, { value: SANDBOX_ANSWERS[authType] });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('CONNECTION_NOT_AWAITING_AUTHENTICATION');
    });
  }

  it('refuses an answer of another auth type, or before any setup', async () => {
    const connection = await create('question');
    const early = await api(demo, demoOrg).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/question`,
      {
        value: 'fluxo',
      },
    );
    expect(early.json().code).toBe('CONNECTION_NOT_AWAITING_AUTHENTICATION');
    await api(demo, demoOrg).post(`/api/v1/connections/${connection.id}/setup`);
    const mismatch = await api(demo, demoOrg).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/token`,
      {
        value: '123456',
      },
    );
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('CONNECTION_AUTH_TYPE_MISMATCH');
    const empty = await api(demo, demoOrg).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/question`,
      {
        value: ' ',
      },
    );
    expect(empty.statusCode).toBe(400);
  });

  it('a new setup replaces a running attempt', async () => {
    const connection = await create('token');
    await api(demo, demoOrg).post(`/api/v1/connections/${connection.id}/setup`);
    await api(demo, demoOrg).post(`/api/v1/connections/${connection.id}/setup`);
    const answer = await api(demo, demoOrg).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/token`,
      {
        value: '123456',
      },
    );
    expect(answer.json().status).toBe('connected');
    const attempts = (await api(demo, demoOrg).get(`/api/v1/connections/${connection.id}/attempts`)).json();
    expect(attempts.map((a: { status: string }) => a.status)).toEqual(['connected', 'error']);
  });
});

describe('the two-factor timeout', () => {
  it('times out an unanswered attempt with two_factor_auth_timeout, then refuses the answer', async () => {
    // Set up through an instance whose timeout is 1 s; the main instance sweeps and delivers.
    const quick = await startInstance(shared.database, shared.dataDir, {
      CONNECTION_AUTH_TIMEOUT_SECONDS: '1',
      REALTIME_DISPATCH: '0',
    });
    try {
      const connection = await create('qrcode', demo, demoOrg, 'Timeout live');
      const seen = client.received.length;
      const setup = await quick.call({
        method: 'POST',
        url: `/api/v1/connections/${connection.id}/setup`,
        token: demo.token,
        orgId: demoOrg,
      });
      expect(setup.statusCode).toBe(200);
      const waiting = await statusEvent(connection.id, seen, client, 'waiting_authentication');
      expect(waiting.ExtraData.Timeout).toBe(1);
      const timedOut = await statusEvent(connection.id, seen, client, 'two_factor_auth_timeout');
      expect(timedOut).toMatchObject({ AuthType: 'qrcode', ExtraData: { ConnectionId: connection.id } });
      const late = await api(demo, demoOrg).post(
        `/api/v1/bankonnector/connections/${connection.id}/auth/qrcode`,
        {
          value: 'confirm',
        },
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('CONNECTION_NOT_AWAITING_AUTHENTICATION');
      const attempts = (await api(demo, demoOrg).get(`/api/v1/connections/${connection.id}/attempts`)).json();
      expect(attempts[0]).toMatchObject({ status: 'two_factor_auth_timeout' });
      expect(attempts[0].finishedAt).not.toBeNull();
    } finally {
      await quick.close();
    }
  });

  describe('on a database of its own (one instance at a time)', () => {
    let own: SharedDatabase;
    beforeAll(async () => {
      own = await sharedDatabase();
    });
    afterAll(async () => {
      await own?.close();
    });

    it('keeps the timer across a restart: the next instance times the attempt out', async () => {
      const first = await startInstance(own.database, own.dataDir, { CONNECTION_AUTH_TIMEOUT_SECONDS: '1' });
      const user = await first.signin('demo@fluxo.example');
      const ownOrg = (
        await rows<{ id: string }>(
          own.database.db,
          sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
        )
      )[0]!.id;
      const created = await first.call({
        method: 'POST',
        url: '/api/v1/connections',
        token: user.token,
        orgId: ownOrg,
        payload: { institutionCode: 'FLUXO_SANDBOX', name: 'Timeout durable', authType: 'token' },
      });
      const { id } = created.json() as { id: string };
      await first.call({
        method: 'POST',
        url: `/api/v1/connections/${id}/setup`,
        token: user.token,
        orgId: ownOrg,
      });
      // The only instance stops before the deadline…
      await first.close();
      await sleep(1_200);
      // …and the next one to start still times the attempt out, and the user learns it on connecting.
      const next = await startInstance(own.database, own.dataDir, {});
      try {
        await next.realtime.sweep();
        const [row] = await rows<{ status: string }>(
          own.database.db,
          sql`SELECT status FROM bank_connection_attempts WHERE connection_id = ${id}`,
        );
        expect(row?.status).toBe('two_factor_auth_timeout');
        const back = await connect(next.url, user);
        try {
          const statuses = (await back.waitFor(3))
            .filter((m) => m.type === 'CONNECTION_STATUS_CHANGED')
            .map((m) => (m.data as ConnectionStatusChanged).Status);
          expect(statuses).toEqual(['waiting_authentication', 'two_factor_auth_timeout']);
        } finally {
          back.close();
        }
      } finally {
        await next.close();
      }
    });

    it('answers TWO_FACTOR_TIMEOUT to an answer after the deadline that no sweep has seen yet', async () => {
      const slow = await startInstance(own.database, own.dataDir, {
        CONNECTION_AUTH_TIMEOUT_SECONDS: '1',
        REALTIME_SWEEP_MS: '600000',
      });
      try {
        const user = await slow.signin('demo@fluxo.example');
        const ownOrg = (
          await rows<{ id: string }>(
            own.database.db,
            sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
          )
        )[0]!.id;
        const created = await slow.call({
          method: 'POST',
          url: '/api/v1/connections',
          token: user.token,
          orgId: ownOrg,
          payload: { institutionCode: 'FLUXO_SANDBOX', name: 'Late', authType: 'token' },
        });
        const { id } = created.json() as { id: string };
        await slow.call({
          method: 'POST',
          url: `/api/v1/connections/${id}/setup`,
          token: user.token,
          orgId: ownOrg,
        });
        await sleep(1_100);
        const late = await slow.call({
          method: 'POST',
          url: `/api/v1/bankonnector/connections/${id}/auth/token`,
          token: user.token,
          orgId: ownOrg,
          payload: { value: '123456' },
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().code).toBe('TWO_FACTOR_TIMEOUT');
        const [row] = await rows<{ status: string }>(
          own.database.db,
          sql`SELECT status FROM bank_connections WHERE id = ${id}`,
        );
        expect(row?.status).toBe('two_factor_auth_timeout');
      } finally {
        await slow.close();
      }
    });
  });
});

describe('organization boundaries', () => {
  it("never lets a user touch another organization's connection", async () => {
    const connection = await create('token');
    const outsider = await server.signin('ao.owner@fluxo.example');
    // Through the outsider's own organization the connection does not exist…
    const own = api(outsider, kwanza);
    expect((await own.get(`/api/v1/connections/${connection.id}/attempts`)).statusCode).toBe(404);
    expect((await own.get(`/api/v1/connections/${connection.id}/institution/info`)).statusCode).toBe(404);
    expect((await own.post(`/api/v1/connections/${connection.id}/setup`)).statusCode).toBe(404);
    expect((await own.delete(`/api/v1/connections/${connection.id}`)).statusCode).toBe(404);
    expect(
      (await own.post(`/api/v1/bankonnector/connections/${connection.id}/auth/token`, { value: '123456' }))
        .statusCode,
    ).toBe(404);
    // …and naming the owner's organization is refused: not a member.
    const theirs = api(outsider, demoOrg);
    expect((await theirs.get(`/api/v1/connections/${connection.id}/attempts`)).statusCode).toBe(403);
    expect((await theirs.post(`/api/v1/connections/${connection.id}/setup`)).statusCode).toBe(403);
    expect((await theirs.delete(`/api/v1/connections/${connection.id}`)).statusCode).toBe(403);
    // The connection is untouched.
    const attempts = await api(demo, demoOrg).get(`/api/v1/connections/${connection.id}/attempts`);
    expect(attempts.json()).toEqual([]);
  });

  it('needs treasury.cash: VIEW to read, CREATE to add and authenticate', async () => {
    const cash = await server.signin('cash@fluxo.example'); // treasury.cash VIEW only
    const pos = await server.signin('pos@fluxo.example'); // no treasury.cash
    expect((await api(cash, demoOrg).get('/api/v1/connections/institutions')).statusCode).toBe(200);
    expect((await api(pos, demoOrg).get('/api/v1/connections/institutions')).statusCode).toBe(403);
    const refused = await api(cash, demoOrg).post('/api/v1/connections', {
      institutionCode: 'FLUXO_SANDBOX',
      name: 'x',
    });
    expect(refused.statusCode).toBe(403);
    const connection = await create('token');
    expect((await api(cash, demoOrg).post(`/api/v1/connections/${connection.id}/setup`)).statusCode).toBe(
      403,
    );
    expect((await api(cash, demoOrg).delete(`/api/v1/connections/${connection.id}`)).statusCode).toBe(403);
  });

  it('only the person who started the authentication may answer it', async () => {
    const owner = await server.signin('ao.owner@fluxo.example');
    const connection = await create('token', owner, kwanza, 'Conta Kwanza');
    await api(owner, kwanza).post(`/api/v1/connections/${connection.id}/setup`);
    // demo is a member of Kwanza with every permission, but did not start this attempt.
    const other = await api(demo, kwanza).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/token`,
      {
        value: '123456',
      },
    );
    expect(other.statusCode).toBe(403);
    const mine = await api(owner, kwanza).post(
      `/api/v1/bankonnector/connections/${connection.id}/auth/token`,
      {
        value: '123456',
      },
    );
    expect(mine.json().status).toBe('connected');
  });

  it('deletes a connection and tells the organization', async () => {
    const connection = await create('app');
    const seen = client.received.length;
    const deleted = await api(demo, demoOrg).delete(`/api/v1/connections/${connection.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await api(demo, demoOrg).get(`/api/v1/connections/${connection.id}/attempts`)).statusCode).toBe(
      404,
    );
    await eventually(() => client.received.slice(seen).some((m) => m.type === 'VAULT_CONNECTIONS_REFRESHED'));
  });
});

describe('eligibility (spec §5)', () => {
  it('is unlimited outside a trial', async () => {
    const response = await api(demo, demoOrg).get('/api/v1/connections/eligibility');
    expect(response.json()).toMatchObject({ eligible: true, limit: null });
  });

  it('allows a trial SAAS customer fewer than 4 connections', async () => {
    const trial = await server.signin('trial@fluxo.example');
    const trialOrg = await orgOf('Startup em Teste, Lda');
    for (let i = 1; i <= 4; i++) {
      const before = (await api(trial, trialOrg).get('/api/v1/connections/eligibility')).json();
      expect(before).toEqual({ eligible: true, connections: i - 1, limit: 4 });
      await create('token', trial, trialOrg, `Trial ${i}`);
    }
    expect((await api(trial, trialOrg).get('/api/v1/connections/eligibility')).json()).toEqual({
      eligible: false,
      connections: 4,
      limit: 4,
    });
    const fifth = await api(trial, trialOrg).post('/api/v1/connections', {
      institutionCode: 'FLUXO_SANDBOX',
      name: 'Trial 5',
    });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().code).toBe('CONNECTION_LIMIT_REACHED');
  });
});

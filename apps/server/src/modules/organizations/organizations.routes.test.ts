import { randomUUID } from 'node:crypto';
import { type Organization, type OrganizationsList, RESOURCES } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
/** Tokens of the demo accounts. */
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
/** Demo organization ids by name. */
const orgIds: Record<string, string> = {};

const DEMO_ORG = 'Fluxo Demo, Lda';
const AO_ORG = 'Kwanza Comércio, Lda';
const FIRM = 'Contas Certas — Contabilidade, Lda';
const CLIENT = 'Padaria Central, Lda';
const LOCKED_ORG = 'Empresa Bloqueada, Lda';
const TRIAL_ORG = 'Startup em Teste, Lda';

/** A valid Portuguese company NIF (first digit 5) built from a number, with its check digit. */
function ptNif(seed: number): string {
  const base = `5${String(seed % 10_000_000).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * (9 - i);
  const remainder = sum % 11;
  return `${base}${remainder < 2 ? 0 : 11 - remainder}`;
}
let nifSeed = 4_200_000;
const nextNif = () => ptNif(nifSeed++);

/** Signs up a fresh account (profile Company unless told) and signs it in. */
function newUser(profile = 2): Promise<{ email: string; token: string; id: string }> {
  return t.newUser('user', { name: 'Nova Pessoa', profile });
}

const all = async (token: string): Promise<OrganizationsList> => {
  const response = await t.call({ method: 'GET', url: '/api/v1/organizations/all', token });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const everyOrg = (list: OrganizationsList): Organization[] => [
  ...list.myOrgs,
  ...list.memberOrgs,
  ...list.particularOrgs,
];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['demo', 'accountant', 'pos', 'cash', 'locked', 'trial', 'admin', 'ao.owner']) {
    const token = await t.signin(`${name}@fluxo.example`);
    tokens[name] = token;
    userIds[name] = decodeClaims(token).sub as string;
  }
  for (const name of ['demo', 'accountant', 'locked', 'trial']) {
    for (const org of everyOrg(await all(tokens[name]!))) orgIds[org.name] = org.id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('every route needs a signed-in user', () => {
  const id = randomUUID();
  const routes: [string, string][] = [
    ['GET', `/api/v1/organizations/permissions/check?organizationId=${id}&permission=treasury.cash.1`],
    ['GET', '/api/v1/organizations/all'],
    ['POST', '/api/v1/organizations'],
    ['GET', `/api/v1/organizations/${id}`],
    ['PATCH', `/api/v1/organizations/${id}`],
    ['DELETE', `/api/v1/organizations/${id}`],
    ['GET', `/api/v1/organizations/${id}/brand`],
    ['GET', `/api/v1/organizations/${id}/type`],
    ['GET', `/api/v1/organizations/${id}/owner`],
    ['GET', `/api/v1/organizations/${id}/settings/key?value=a`],
    ['POST', '/api/v1/organizations/settings'],
    ['GET', '/api/v1/organizations/byvatnumber?country=PT&vatNumber=508332150'],
    ['DELETE', `/api/v1/organizations/${id}/leave`],
    ['POST', '/api/v1/organizations/permissions'],
    ['POST', '/api/v1/portfolio/permissions'],
    ['GET', '/api/v1/organizations/organizationsectors?term=a'],
    ['GET', '/api/v1/access/organizations'],
    ['GET', `/api/v1/access/${id}/cloud`],
    ['GET', `/api/v1/credits/user/${id}/plan-for-adding-organization`],
  ];
  it.each(routes)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.call({
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /organizations/all', () => {
  it("splits the demo user's organizations into owned and member ones, with PT or AO menus", async () => {
    const list = await all(tokens.demo!);
    expect(list.myOrgs.map((o) => o.name)).toEqual([DEMO_ORG]);
    expect(list.memberOrgs.map((o) => o.name)).toEqual([AO_ORG]);
    expect(list.particularOrgs).toEqual([]);

    const pt = list.myOrgs[0]!;
    expect(pt).toMatchObject({
      country: 'PT',
      role: 'owner',
      locked: false,
      planName: 'premium',
      cloudCredit: 50,
      ownerIsSimple: false,
      type: 'company',
    });
    expect(pt.permissions).toHaveLength(RESOURCES.length);
    expect(pt.permissions).toContain('treasury.cash.15');
    const ptIntegrations = pt.menus.find((m) => m.key === 'integrations')!;
    const ptPaths = ptIntegrations.subMenus.map((s) => s.path);
    expect(ptPaths).toContain('/integrations/pt/efatura');
    expect(ptPaths.some((p) => p.startsWith('/integrations/ao/'))).toBe(false);
    expect(pt.menus.map((m) => m.key)).not.toContain('portfolio');
    const orders = pt.menus.map((m) => m.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const ao = list.memberOrgs[0]!;
    expect(ao).toMatchObject({ country: 'AO', role: 'member', planName: 'expand', cloudCredit: 10 });
    const aoPaths = ao.menus.find((m) => m.key === 'integrations')!.subMenus.map((s) => s.path);
    expect(aoPaths).toContain('/integrations/ao/portal-contribuinte');
    expect(aoPaths.some((p) => p.startsWith('/integrations/pt/'))).toBe(false);
  });

  it('gives the accountant (Expert) a portfolio menu at order 20 on the firm', async () => {
    const list = await all(tokens.accountant!);
    expect(list.myOrgs).toHaveLength(4);
    const firm = list.myOrgs.find((o) => o.name === FIRM)!;
    const portfolio = firm.menus.find((m) => m.key === 'portfolio');
    expect(portfolio?.order).toBe(20);
    expect(portfolio?.subMenus.map((s) => s.path)).toContain('/portfolio/clients');
    expect(firm.planName).toBe('premium_founder');
  });

  it('marks the organization of a locked subscription as locked', async () => {
    const list = await all(tokens.locked!);
    expect(list.myOrgs).toHaveLength(1);
    expect(list.myOrgs[0]).toMatchObject({ name: LOCKED_ORG, locked: true, planName: 'essential' });
  });

  it('shows a member only the menus of the grants they hold (pos@ sees the POS, not cash)', async () => {
    const list = await all(tokens.pos!);
    expect(list.myOrgs).toEqual([]);
    expect(list.memberOrgs).toHaveLength(1);
    const org = list.memberOrgs[0]!;
    expect(org.permissions).toEqual(['treasury.pos.1']);
    const treasury = org.menus.find((m) => m.key === 'treasury')!;
    expect(treasury.subMenus.map((s) => s.path)).toEqual(['/treasury/wallets/pos']);
    expect(org.menus.map((m) => m.key).sort()).toEqual(['treasury', 'welcome']);
  });

  it('answers with one query for the list whatever the number of organizations (no N+1)', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      for (const name of ['demo', 'accountant']) {
        await all(tokens[name]!); // the session is checked once, then known alive (LiveSessions)
        spy.mockClear();
        await all(tokens[name]!);
        expect(spy, name).toHaveBeenCalledTimes(1);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('is empty for a user without organizations', async () => {
    expect(await all(tokens.admin!)).toEqual({ myOrgs: [], memberOrgs: [], particularOrgs: [] });
  });
});

describe('GET /organizations/permissions/check', () => {
  const check = (token: string, organizationId: string, permission: string) =>
    t.call({
      method: 'GET',
      url: `/api/v1/organizations/permissions/check?organizationId=${organizationId}&permission=${encodeURIComponent(permission)}`,
      token,
    });

  it('checks every requested bit of a permission in an organization of the caller', async () => {
    const org = orgIds[DEMO_ORG]!;
    expect((await check(tokens.demo!, org, 'treasury.cash.15')).json()).toEqual({ allowed: true });
    expect((await check(tokens.pos!, org, 'treasury.pos.1')).json()).toEqual({ allowed: true });
    expect((await check(tokens.pos!, org, 'treasury.pos.3')).json()).toEqual({ allowed: false });
    expect((await check(tokens.pos!, org, 'treasury.cash.1')).json()).toEqual({ allowed: false });
    // NONE only needs the resource to be listed.
    expect((await check(tokens.pos!, org, 'treasury.pos.0')).json()).toEqual({ allowed: true });
    expect((await check(tokens.cash!, org, 'treasury.pos.0')).json()).toEqual({ allowed: false });
    expect((await check(tokens.demo!, org, 'nothing.here.1')).json()).toEqual({ allowed: false });
  });

  it("answers false, never an error, for another user's or a missing organization", async () => {
    const answer = await check(tokens.trial!, orgIds[DEMO_ORG]!, 'treasury.cash.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ allowed: false });
    expect((await check(tokens.demo!, randomUUID(), 'treasury.cash.1')).json()).toEqual({ allowed: false });
  });

  it('refuses a permission without a dot or a numeric last segment, and a bad id', async () => {
    for (const permission of ['treasurycash', 'treasury.cash', 'treasury.cash.x', 'treasury.cash.-1']) {
      const response = await check(tokens.demo!, orgIds[DEMO_ORG]!, permission);
      expect(response.statusCode, permission).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const badId = await check(tokens.demo!, 'not-a-uuid', 'treasury.cash.1');
    expect(badId.statusCode).toBe(400);
  });
});

describe('POST /organizations', () => {
  const create = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/v1/organizations', token, payload });

  it('makes the creator owner with every grant on a new essential trial, and lists the company', async () => {
    const user = await newUser();
    const vatNumber = nextNif();
    const response = await create(user.token, {
      name: 'Nova Empresa, Lda',
      vatNumber: `PT ${vatNumber}`,
      country: 'pt',
      sectorCode: 'j',
      city: 'Lisboa',
    });
    expect(response.statusCode).toBe(201);
    const org = response.json() as Organization;
    expect(org).toMatchObject({
      name: 'Nova Empresa, Lda',
      vatNumber,
      country: 'PT',
      currency: 'EUR',
      type: 'company',
      role: 'owner',
      locked: false,
      planName: 'essential',
      ownerIsSimple: false,
    });
    expect(org.permissions).toHaveLength(RESOURCES.length);
    expect(org.menus.length).toBeGreaterThan(0);

    const [subscription] = await rows<{ plan_name: string; status: number; is_trial: boolean; days: number }>(
      t.database.db,
      sql`SELECT plan_name, status, is_trial,
                 round(extract(epoch FROM end_date - start_date) / 86400)::int AS days
          FROM subscriptions WHERE owner_id = ${user.id}`,
    );
    expect(subscription).toEqual({ plan_name: 'essential', status: 1, is_trial: true, days: 14 });
    const [company] = await rows<{ name: string; sector_code: string }>(
      t.database.db,
      sql`SELECT name, sector_code FROM companies WHERE country = 'PT' AND vat_number = ${vatNumber}`,
    );
    expect(company).toEqual({ name: 'Nova Empresa, Lda', sector_code: 'J' });
    expect((await all(user.token)).myOrgs.map((o) => o.id)).toEqual([org.id]);

    const room = await t.call({
      method: 'GET',
      url: `/api/v1/credits/user/${user.id}/plan-for-adding-organization`,
      token: user.token,
    });
    expect(room.json()).toEqual({
      planName: 'essential',
      organizationsUsed: 1,
      organizationsIncluded: 1,
      canAdd: false,
    });
    const second = await create(user.token, { name: 'Outra, Lda', vatNumber: nextNif(), country: 'PT' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ORGANIZATION_LIMIT_REACHED');
  });

  it('attaches the organization to the existing subscription of the creator', async () => {
    const response = await create(tokens.demo!, {
      name: 'Demo Particular',
      vatNumber: '234567899',
      country: 'PT',
      type: 'particular',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ planName: 'premium', type: 'particular', role: 'owner' });
    const list = await all(tokens.demo!);
    expect(list.particularOrgs.map((o) => o.name)).toEqual(['Demo Particular']);
    expect(list.myOrgs.map((o) => o.name)).toEqual([DEMO_ORG]);
  });

  it('checks the VAT number per country', async () => {
    const user = await newUser();
    const bad = [
      { country: 'PT', vatNumber: '123456788' },
      { country: 'PT', vatNumber: '408332150' },
      { country: 'AO', vatNumber: '54170123' },
      { country: 'ES', vatNumber: 'B-1234567' },
      { country: 'FR', vatNumber: 'ab' },
    ];
    for (const input of bad) {
      const response = await create(user.token, { name: 'X', ...input });
      expect(response.statusCode, input.vatNumber).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details:
          input.vatNumber === 'ab' ? [{ path: 'body.vatNumber' }] : [{ messageKey: 'VALIDATION.VAT_NUMBER' }],
      });
    }
    const ao = await create(user.token, { name: 'Luanda, Lda', vatNumber: 'AO5000123456', country: 'AO' });
    expect(ao.statusCode).toBe(201);
    expect(ao.json()).toMatchObject({ vatNumber: '5000123456', currency: 'AOA' });
  });

  it('accepts 5 to 20 letters and digits elsewhere, with the currency given', async () => {
    const user = await newUser();
    const response = await create(user.token, {
      name: 'Madrid, SL',
      vatNumber: 'b12345678',
      country: 'ES',
      currency: 'eur',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ vatNumber: 'B12345678', country: 'ES', currency: 'EUR' });
  });

  it('refuses a VAT number already in Fluxo, with or without the country prefix', async () => {
    for (const vatNumber of ['508332150', 'PT508332150']) {
      const response = await create(tokens.trial!, { name: 'Cópia', vatNumber, country: 'PT' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('VAT_NUMBER_TAKEN');
    }
  });

  it('refuses bad input with stable codes', async () => {
    const user = await newUser();
    const cases: Record<string, unknown>[] = [
      {},
      { name: '', vatNumber: nextNif(), country: 'PT' },
      { name: 'X', vatNumber: nextNif(), country: 'Portugal' },
      { name: 'X', vatNumber: nextNif(), country: 'ZZ' },
      { name: 'X', vatNumber: nextNif(), country: 'PT', currency: 'XYZ' },
      { name: 'X', vatNumber: nextNif(), country: 'PT', sectorCode: 'Z' },
      { name: 'X', vatNumber: nextNif(), country: 'PT', type: 'other' },
      { name: 'X', vatNumber: nextNif(), country: 'PT', email: 'not-mail' },
      { name: 'X', vatNumber: nextNif(), country: 'PT', owner: 'me' },
    ];
    for (const payload of cases) {
      const response = await create(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a new organization on a locked subscription', async () => {
    const response = await create(tokens.locked!, { name: 'Mais Uma', vatNumber: nextNif(), country: 'PT' });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('ORGANIZATION_LOCKED');
  });
});

describe('GET, PATCH, DELETE /organizations/:id', () => {
  it('shows the details to a member with organization.orgs VIEW', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${orgIds[DEMO_ORG]}`,
      token: tokens.demo!,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: orgIds[DEMO_ORG],
      name: DEMO_ORG,
      vatNumber: '508332150',
      sectorCode: 'J',
      city: 'Lisboa',
      postalCode: '1250-096',
      role: 'owner',
    });
  });

  it('refuses a member without organization.orgs (pos@, cash@)', async () => {
    for (const name of ['pos', 'cash']) {
      const response = await t.call({
        method: 'GET',
        url: `/api/v1/organizations/${orgIds[DEMO_ORG]}`,
        token: tokens[name]!,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const patch = await t.call({
      method: 'PATCH',
      url: `/api/v1/organizations/${orgIds[DEMO_ORG]}`,
      token: tokens.cash!,
      payload: { name: 'Tomada' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it("never shows or changes another user's organization, whatever the OrgId header says", async () => {
    const target = orgIds[DEMO_ORG]!;
    for (const orgId of [undefined, orgIds[TRIAL_ORG], target]) {
      const read = await t.call({
        method: 'GET',
        url: `/api/v1/organizations/${target}`,
        token: tokens.trial!,
        ...(orgId ? { orgId } : {}),
      });
      expect(read.statusCode).toBe(403);
      const write = await t.call({
        method: 'PATCH',
        url: `/api/v1/organizations/${target}`,
        token: tokens.trial!,
        ...(orgId ? { orgId } : {}),
        payload: { name: 'Tomada' },
      });
      expect(write.statusCode).toBe(403);
      const remove = await t.call({
        method: 'DELETE',
        url: `/api/v1/organizations/${target}`,
        token: tokens.trial!,
        ...(orgId ? { orgId } : {}),
      });
      expect(remove.statusCode).toBe(403);
    }
    const missing = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${randomUUID()}`,
      token: tokens.trial!,
    });
    expect(missing.statusCode).toBe(403);
    const unchanged = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${target}`,
      token: tokens.demo!,
    });
    expect(unchanged.json().name).toBe(DEMO_ORG);
  });

  it('updates only the fields sent, keeps the type, and checks the VAT number', async () => {
    const user = await newUser();
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/organizations',
      token: user.token,
      payload: {
        name: 'Casa Silva',
        vatNumber: '234567899',
        country: 'PT',
        type: 'particular',
        city: 'Porto',
      },
    });
    // The demo user already has a particular organization with this NIF.
    expect(created.json().code).toBe('VAT_NUMBER_TAKEN');
    const ok = await t.call({
      method: 'POST',
      url: '/api/v1/organizations',
      token: user.token,
      payload: {
        name: 'Casa Silva',
        vatNumber: '123456789',
        country: 'PT',
        type: 'particular',
        city: 'Porto',
      },
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id as string;
    const url = `/api/v1/organizations/${id}`;
    const patched = await t.call({
      method: 'PATCH',
      url,
      token: user.token,
      payload: { name: 'Casa Silva Santos', brandColor: '#1A2B3C', city: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Casa Silva Santos',
      type: 'particular',
      brandColor: '#1A2B3C',
      city: null,
      vatNumber: '123456789',
    });
    const taken = await t.call({
      method: 'PATCH',
      url,
      token: user.token,
      payload: { vatNumber: '508332150' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('VAT_NUMBER_TAKEN');
    const invalid = await t.call({
      method: 'PATCH',
      url,
      token: user.token,
      payload: { vatNumber: '123456788' },
    });
    expect(invalid.statusCode).toBe(400);
    const country = await t.call({ method: 'PATCH', url, token: user.token, payload: { country: 'ES' } });
    expect(country.statusCode).toBe(400);
    const color = await t.call({ method: 'PATCH', url, token: user.token, payload: { brandColor: 'red' } });
    expect(color.statusCode).toBe(400);
  });

  it('refuses changes to a locked organization but still shows it', async () => {
    const url = `/api/v1/organizations/${orgIds[LOCKED_ORG]}`;
    expect((await t.call({ method: 'GET', url, token: tokens.locked! })).statusCode).toBe(200);
    const patch = await t.call({ method: 'PATCH', url, token: tokens.locked!, payload: { name: 'Nova' } });
    expect(patch.statusCode).toBe(402);
    expect(patch.json().code).toBe('ORGANIZATION_LOCKED');
  });

  it('lets only the owner delete, and deletes members and settings with it', async () => {
    // demo@ holds every grant in the AO company but is not its owner.
    const notOwner = await t.call({
      method: 'DELETE',
      url: `/api/v1/organizations/${orgIds[AO_ORG]}`,
      token: tokens.demo!,
    });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('OWNER_ONLY');

    const owner = await newUser();
    const member = await newUser();
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/organizations',
      token: owner.token,
      payload: { name: 'Para Apagar, Lda', vatNumber: nextNif(), country: 'PT' },
    });
    const id = created.json().id as string;
    await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: owner.token,
      orgId: id,
      payload: { email: member.email, permissions: ['treasury.cash.1'] },
    });
    await t.call({
      method: 'POST',
      url: '/api/v1/organizations/settings',
      token: owner.token,
      orgId: id,
      payload: { key: 'theme', value: 'dark' },
    });
    // The owner confirms with the organization's VAT number (spec §5; organization-page.routes.test.ts).
    const deleted = await t.call({
      method: 'DELETE',
      url: `/api/v1/organizations/${id}`,
      token: owner.token,
      payload: { confirmation: created.json().vatNumber },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    const [left] = await rows<{ members: number; settings: number; defaults: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM organization_members WHERE organization_id = ${id})::int AS members,
                 (SELECT count(*) FROM organization_settings WHERE organization_id = ${id})::int AS settings,
                 (SELECT count(*) FROM users WHERE default_organization_id = ${id})::int AS defaults`,
    );
    expect(left).toEqual({ members: 0, settings: 0, defaults: 0 });
    // The member was told, in order: new grants (token, menu), added, then the organization gone.
    const told = await rows<{ type: string }>(
      t.database.db,
      sql`SELECT type FROM realtime_messages WHERE user_id = ${member.id} ORDER BY seq`,
    );
    expect(told.map((m) => m.type)).toEqual([
      'REFRESH_TOKEN',
      'REFRESH_MENU',
      'ORGANIZATION_USER_ADDED',
      'REFRESH_ORGANIZATIONS',
    ]);
    expect((await all(member.token)).memberOrgs).toEqual([]);
    const again = await t.call({ method: 'GET', url: `/api/v1/organizations/${id}`, token: owner.token });
    expect(again.statusCode).toBe(403);
  });
});

describe('brand, type, owner and cloud credit', () => {
  it('brand, type and cloud credit are shown to any member, whatever their grants', async () => {
    const id = orgIds[DEMO_ORG]!;
    const brand = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${id}/brand`,
      token: tokens.pos!,
    });
    expect(brand.statusCode).toBe(200);
    expect(brand.json()).toEqual({ organizationId: id, name: DEMO_ORG, brandColor: null, logoUrl: null });
    const type = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${id}/type`,
      token: tokens.cash!,
    });
    expect(type.json()).toEqual({ organizationId: id, type: 'company' });
    const cloud = await t.call({ method: 'GET', url: `/api/v1/access/${id}/cloud`, token: tokens.pos! });
    expect(cloud.json()).toEqual({ organizationId: id, cloudCredit: 50 });
  });

  it("the owner's e-mail only to the owner and members who may see the organization's settings", async () => {
    const id = orgIds[DEMO_ORG]!;
    const owner = (token: string) =>
      t.call({ method: 'GET', url: `/api/v1/organizations/${id}/owner`, token, orgId: id });
    const expected = {
      organizationId: id,
      userId: userIds.demo,
      name: 'Ana Demo',
      email: 'demo@fluxo.example',
    };
    expect((await owner(tokens.demo!)).json()).toEqual(expected);
    for (const name of ['pos', 'cash']) {
      const refused = await owner(tokens[name]!);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.body, name).not.toContain('demo@fluxo.example');
    }
    const settingsViewer = await newUser();
    const granted = await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: tokens.demo!,
      orgId: id,
      payload: { email: settingsViewer.email, permissions: ['organization.settings.1'] },
    });
    expect(granted.statusCode).toBe(200);
    expect((await owner(settingsViewer.token)).json()).toEqual(expected);
  });

  it('are refused to anyone else, with the id in the path or the OrgId header', async () => {
    const id = orgIds[DEMO_ORG]!;
    for (const path of ['brand', 'type', 'owner']) {
      for (const orgId of [undefined, id, orgIds[TRIAL_ORG]]) {
        const response = await t.call({
          method: 'GET',
          url: `/api/v1/organizations/${id}/${path}`,
          token: tokens.trial!,
          ...(orgId ? { orgId } : {}),
        });
        expect(response.statusCode, path).toBe(403);
      }
    }
    const cloud = await t.call({ method: 'GET', url: `/api/v1/access/${id}/cloud`, token: tokens.trial! });
    expect(cloud.statusCode).toBe(403);
    const missing = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/${randomUUID()}/brand`,
      token: tokens.trial!,
    });
    expect(missing.statusCode).toBe(403);
    // The guard decides before validation: a malformed id names no organization of the caller.
    const bad = await t.call({ method: 'GET', url: '/api/v1/organizations/xyz/brand', token: tokens.trial! });
    expect(bad.statusCode).toBe(403);
  });
});

describe('organization settings', () => {
  const save = (token: string, orgId: string | undefined, payload: object) =>
    t.call({
      method: 'POST',
      url: '/api/v1/organizations/settings',
      token,
      payload,
      ...(orgId ? { orgId } : {}),
    });
  const read = (token: string, id: string, key: string) =>
    t.call({ method: 'GET', url: `/api/v1/organizations/${id}/settings/key?value=${key}`, token });

  it('saves a JSON value in the OrgId organization and reads it back by key', async () => {
    const id = orgIds[DEMO_ORG]!;
    expect((await read(tokens.demo!, id, 'dashboard.layout')).json()).toEqual({
      key: 'dashboard.layout',
      value: null,
    });
    const saved = await save(tokens.demo!, id, {
      key: 'dashboard.layout',
      value: { columns: 3, widgets: ['a'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ key: 'dashboard.layout', value: { columns: 3, widgets: ['a'] } });
    expect((await read(tokens.demo!, id, 'dashboard.layout')).json().value).toEqual({
      columns: 3,
      widgets: ['a'],
    });
    await save(tokens.demo!, id, { key: 'dashboard.layout', value: 'compact' });
    expect((await read(tokens.demo!, id, 'dashboard.layout')).json().value).toBe('compact');
    await save(tokens.demo!, id, { key: 'dashboard.layout', value: null });
    expect((await read(tokens.demo!, id, 'dashboard.layout')).json().value).toBeNull();
  });

  it('keeps each organization to its own settings', async () => {
    await save(tokens.demo!, orgIds[DEMO_ORG], { key: 'secret', value: 'pt' });
    await save(tokens.demo!, orgIds[AO_ORG], { key: 'secret', value: 'ao' });
    expect((await read(tokens.demo!, orgIds[DEMO_ORG]!, 'secret')).json().value).toBe('pt');
    expect((await read(tokens.demo!, orgIds[AO_ORG]!, 'secret')).json().value).toBe('ao');
  });

  it('needs organization.settings, membership of the OrgId organization, and an OrgId', async () => {
    const id = orgIds[DEMO_ORG]!;
    const pos = await save(tokens.pos!, id, { key: 'x', value: 1 });
    expect(pos.statusCode).toBe(403);
    expect((await read(tokens.pos!, id, 'secret')).statusCode).toBe(403);
    // A member switching OrgId to an organization they are not in.
    const elsewhere = await save(tokens.pos!, orgIds[TRIAL_ORG], { key: 'x', value: 1 });
    expect(elsewhere.statusCode).toBe(403);
    const trial = await save(tokens.trial!, id, { key: 'secret', value: 'stolen' });
    expect(trial.statusCode).toBe(403);
    expect((await read(tokens.trial!, id, 'secret')).statusCode).toBe(403);
    expect((await read(tokens.demo!, id, 'secret')).json().value).toBe('pt');
    const none = await save(tokens.demo!, undefined, { key: 'x', value: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('ORGANIZATION_REQUIRED');
  });

  it('refuses bad keys and values', async () => {
    const id = orgIds[DEMO_ORG]!;
    for (const payload of [
      { key: 'has space', value: 1 },
      { key: '', value: 1 },
      { value: 1 },
      { key: 'big', value: 'x'.repeat(20_000) },
      { key: 'k', value: 1, extra: true },
    ]) {
      const response = await save(tokens.demo!, id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await read(tokens.demo!, id, 'bad%20key')).statusCode).toBe(400);
  });
});

describe('GET /organizations/byvatnumber', () => {
  const lookup = (country: string, vatNumber: string, token = tokens.trial!) =>
    t.call({
      method: 'GET',
      url: `/api/v1/organizations/byvatnumber?country=${country}&vatNumber=${encodeURIComponent(vatNumber)}`,
      token,
    });

  it('tells a signed-in user only whether an organization with the VAT number exists', async () => {
    // trial@ belongs to neither organization: no id, no name.
    expect((await lookup('PT', '508332150')).json()).toEqual({ exists: true });
    expect((await lookup('pt', 'PT 508 332 150')).json()).toEqual({ exists: true });
    expect((await lookup('AO', '5417012345')).json()).toEqual({ exists: true });
    expect((await lookup('PT', nextNif())).json()).toEqual({ exists: false });
    // Same number, other country.
    expect((await lookup('MZ', '508332150')).json()).toEqual({ exists: false });
  });

  it("gives the organization's id and name only to its members and to an Admin", async () => {
    const found = { exists: true, id: orgIds[DEMO_ORG], name: DEMO_ORG };
    expect((await lookup('PT', '508332150', tokens.demo!)).json()).toEqual(found);
    expect((await lookup('PT', '508332150', tokens.pos!)).json()).toEqual(found);
    expect((await lookup('PT', '508332150', tokens.admin!)).json()).toEqual(found);
    expect((await lookup('AO', '5417012345', tokens.demo!)).json()).toMatchObject({ name: AO_ORG });
    for (const name of ['ao.owner', 'accountant', 'trial']) {
      const stranger = await lookup('PT', '508332150', tokens[name]!);
      expect(stranger.json(), name).toEqual({ exists: true });
      expect(stranger.body, name).not.toContain(orgIds[DEMO_ORG]!);
    }
  });

  it('refuses a VAT number that is not valid for the country', async () => {
    const response = await lookup('PT', '123456788');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect((await lookup('Portugal', '508332150')).statusCode).toBe(400);
  });
});

describe('DELETE /organizations/:id/leave', () => {
  it('lets a member leave and refuses the owner', async () => {
    const member = await newUser();
    const added = await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: tokens.demo!,
      orgId: orgIds[DEMO_ORG],
      payload: { email: member.email, permissions: ['chat.chat.1'] },
    });
    expect(added.statusCode).toBe(200);
    expect((await all(member.token)).memberOrgs.map((o) => o.name)).toEqual([DEMO_ORG]);
    const url = `/api/v1/organizations/${orgIds[DEMO_ORG]}/leave`;
    const left = await t.call({ method: 'DELETE', url, token: member.token });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ left: true });
    expect((await all(member.token)).memberOrgs).toEqual([]);
    const again = await t.call({ method: 'DELETE', url, token: member.token });
    expect(again.statusCode).toBe(403);

    const owner = await t.call({ method: 'DELETE', url, token: tokens.demo! });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().code).toBe('OWNER_CANNOT_LEAVE');
  });
});

describe('POST /organizations/permissions', () => {
  const setPermissions = (token: string, orgId: string | undefined, payload: object) =>
    t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token,
      payload,
      ...(orgId ? { orgId } : {}),
    });

  it('adds a member by e-mail, then replaces their grants', async () => {
    const user = await newUser();
    const id = orgIds[DEMO_ORG]!;
    const added = await setPermissions(tokens.demo!, id, {
      email: user.email.toUpperCase(),
      permissions: ['treasury.cash.1', 'financial.budget.7'],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      organizationId: id,
      userId: user.id,
      email: user.email,
      role: 'member',
      permissions: ['treasury.cash.1', 'financial.budget.7'],
      created: true,
    });
    const updated = await setPermissions(tokens.demo!, id, {
      email: user.email,
      permissions: ['treasury.pos.3'],
    });
    expect(updated.json()).toMatchObject({ permissions: ['treasury.pos.3'], created: false });
    const org = (await all(user.token)).memberOrgs.find((o) => o.id === id)!;
    expect(org.permissions).toEqual(['treasury.pos.3']);
    const allowed = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/permissions/check?organizationId=${id}&permission=treasury.pos.2`,
      token: user.token,
    });
    expect(allowed.json()).toEqual({ allowed: true });
  });

  it('refuses unknown resources, bad strings and duplicates with 400', async () => {
    const user = await newUser();
    for (const permissions of [
      ['treasury.nope.1'],
      ['treasury.cash'],
      ['cash.1'],
      ['treasury.cash.16'],
      ['treasury.cash.x'],
      ['treasury.cash.1', 'treasury.cash.3'],
      'treasury.cash.1',
    ]) {
      const response = await setPermissions(tokens.demo!, orgIds[DEMO_ORG], {
        email: user.email,
        permissions,
      });
      expect(response.statusCode, JSON.stringify(permissions)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const badMail = await setPermissions(tokens.demo!, orgIds[DEMO_ORG], { email: 'x', permissions: [] });
    expect(badMail.statusCode).toBe(400);
    const unknown = await setPermissions(tokens.demo!, orgIds[DEMO_ORG], {
      email: 'nobody-here@example.pt',
      permissions: [],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it("never changes the owner's grants", async () => {
    // demo@ has every grant in the AO company, whose owner is ao.owner@.
    const response = await setPermissions(tokens.demo!, orgIds[AO_ORG], {
      email: 'ao.owner@fluxo.example',
      permissions: ['chat.chat.1'],
    });
    expect(response.statusCode).toBe(403);
    const self = await setPermissions(tokens.demo!, orgIds[DEMO_ORG], {
      email: 'demo@fluxo.example',
      permissions: [],
    });
    expect(self.statusCode).toBe(403);
    const owner = (await all(tokens['ao.owner']!)).myOrgs[0]!;
    expect(owner.permissions).toHaveLength(RESOURCES.length);
  });

  it('needs settings.teams EDIT in the OrgId organization', async () => {
    const user = await newUser();
    const payload = { email: user.email, permissions: ['treasury.cash.15'] };
    for (const name of ['pos', 'cash']) {
      const response = await setPermissions(tokens[name]!, orgIds[DEMO_ORG], payload);
      expect(response.statusCode).toBe(403);
    }
    // Someone else's organization, named in the OrgId header.
    expect((await setPermissions(tokens.trial!, orgIds[DEMO_ORG], payload)).statusCode).toBe(403);
    expect((await setPermissions(tokens.pos!, orgIds[TRIAL_ORG], payload)).statusCode).toBe(403);
    expect((await all(user.token)).memberOrgs).toEqual([]);
  });

  it('keeps a team manager from granting more than they hold', async () => {
    const manager = await newUser();
    const user = await newUser();
    const id = orgIds[DEMO_ORG]!;
    await setPermissions(tokens.demo!, id, {
      email: manager.email,
      permissions: ['settings.teams.7', 'treasury.cash.1'],
    });
    const within = await setPermissions(manager.token, id, {
      email: user.email,
      permissions: ['treasury.cash.1'],
    });
    expect(within.statusCode).toBe(200);
    const beyond = await setPermissions(manager.token, id, {
      email: user.email,
      permissions: ['treasury.cash.15'],
    });
    expect(beyond.statusCode).toBe(403);
    const selfRaise = await setPermissions(manager.token, id, {
      email: manager.email,
      permissions: ['settings.teams.15'],
    });
    expect(selfRaise.statusCode).toBe(403);
  });
});

describe('POST /portfolio/permissions', () => {
  const setPortfolio = (token: string, orgId: string | undefined, payload: object) =>
    t.call({
      method: 'POST',
      url: '/api/v1/portfolio/permissions',
      token,
      payload,
      ...(orgId ? { orgId } : {}),
    });

  it("gives a member of the firm access to one of the firm's clients", async () => {
    const employee = await newUser();
    const firm = orgIds[FIRM]!;
    const client = orgIds[CLIENT]!;
    const joined = await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: tokens.accountant!,
      orgId: firm,
      payload: { email: employee.email, permissions: ['portfolio.clients.1'] },
    });
    expect(joined.statusCode).toBe(200);
    const response = await setPortfolio(tokens.accountant!, firm, {
      userId: employee.id,
      organizationId: client,
      permissions: ['treasury.cash.7', 'accounting.entries.1'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      organizationId: client,
      userId: employee.id,
      role: 'member',
      permissions: ['treasury.cash.7', 'accounting.entries.1'],
      created: true,
    });
    const list = await all(employee.token);
    expect(list.memberOrgs.map((o) => o.name).sort()).toEqual([FIRM, CLIENT].sort());
  });

  it('refuses organizations outside the portfolio and users outside the firm', async () => {
    const firm = orgIds[FIRM]!;
    const notClient = await setPortfolio(tokens.accountant!, firm, {
      userId: userIds.accountant,
      organizationId: orgIds[DEMO_ORG],
      permissions: ['treasury.cash.1'],
    });
    expect(notClient.statusCode).toBe(403);
    const notMember = await setPortfolio(tokens.accountant!, firm, {
      userId: userIds.trial,
      organizationId: orgIds[CLIENT],
      permissions: ['treasury.cash.1'],
    });
    expect(notMember.statusCode).toBe(404);
    // The accountant owns the client: an owner's grants are never changed.
    const owner = await setPortfolio(tokens.accountant!, firm, {
      userId: userIds.accountant,
      organizationId: orgIds[CLIENT],
      permissions: ['treasury.cash.1'],
    });
    expect(owner.statusCode).toBe(403);
    const bad = await setPortfolio(tokens.accountant!, firm, {
      userId: 'x',
      organizationId: orgIds[CLIENT],
      permissions: ['treasury.cash.1'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs portfolio.configClients EDIT in a firm of a portfolio user', async () => {
    const payload = { userId: userIds.pos, organizationId: orgIds[CLIENT], permissions: ['treasury.cash.1'] };
    // demo@ holds every grant in their own company but is not a portfolio user.
    expect((await setPortfolio(tokens.demo!, orgIds[DEMO_ORG], payload)).statusCode).toBe(403);
    // demo@ naming the accountant's firm in OrgId.
    expect((await setPortfolio(tokens.demo!, orgIds[FIRM], payload)).statusCode).toBe(403);
    expect((await setPortfolio(tokens.pos!, orgIds[DEMO_ORG], payload)).statusCode).toBe(403);
    expect((await setPortfolio(tokens.accountant!, undefined, payload)).statusCode).toBe(400);
  });
});

describe('GET /organizations/organizationsectors', () => {
  const sectors = (term?: string) =>
    t.call({
      method: 'GET',
      url: `/api/v1/organizations/organizationsectors${term === undefined ? '' : `?term=${encodeURIComponent(term)}`}`,
      token: tokens.pos!,
    });

  it('lists the 21 NACE sections without a term', async () => {
    const response = await sectors();
    expect(response.statusCode).toBe(200);
    const codes = response.json().map((s: { code: string }) => s.code);
    expect(codes).toEqual('ABCDEFGHIJKLMNOPQRSTU'.split(''));
  });

  it('finds sectors in any language, ignoring case and accents', async () => {
    const codes = async (term: string) => (await sectors(term)).json().map((s: { code: string }) => s.code);
    expect(await codes('educacao')).toEqual(['P']);
    expect(await codes('EDUCAÇÃO')).toEqual(['P']);
    expect(await codes('hebergement')).toEqual(['I']);
    expect(await codes('construccion')).toEqual(['F']);
    expect(await codes('forestry')).toEqual(['A']);
    expect(await codes('k')).toContain('K');
    expect(await codes('zzzz')).toEqual([]);
    const [sector] = (await sectors('informação')).json();
    expect(sector).toEqual({
      code: 'J',
      divisions: { from: '58', to: '63' },
      names: {
        gb: 'Information and communication',
        pt: 'Actividades de informação e de comunicação',
        es: 'Información y comunicaciones',
        fr: 'Information et communication',
      },
    });
  });

  it('refuses a term that is too long', async () => {
    expect((await sectors('x'.repeat(101))).statusCode).toBe(400);
  });
});

describe('GET /access/organizations', () => {
  it("lists the caller's organizations with role and permissions", async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/v1/access/organizations',
      token: tokens.cash!,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: userIds.cash,
      organizations: [
        {
          organizationId: orgIds[DEMO_ORG],
          name: DEMO_ORG,
          country: 'PT',
          type: 'company',
          role: 'member',
          locked: false,
          permissions: ['treasury.cash.1'],
        },
      ],
    });
    const self = await t.call({
      method: 'GET',
      url: `/api/v1/access/organizations?userId=${userIds.cash}`,
      token: tokens.cash!,
    });
    expect(self.statusCode).toBe(200);
  });

  it("lets only an Admin ask about another user's organizations", async () => {
    const forbidden = await t.call({
      method: 'GET',
      url: `/api/v1/access/organizations?userId=${userIds.pos}`,
      token: tokens.demo!,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('SELF_ONLY');
    const admin = await t.call({
      method: 'GET',
      url: `/api/v1/access/organizations?userId=${userIds.pos}`,
      token: tokens.admin!,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().organizations.map((o: { permissions: string[] }) => o.permissions)).toEqual([
      ['treasury.pos.1'],
    ]);
    const unknown = await t.call({
      method: 'GET',
      url: `/api/v1/access/organizations?userId=${randomUUID()}`,
      token: tokens.admin!,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.call({
      method: 'GET',
      url: '/api/v1/access/organizations?userId=1',
      token: tokens.admin!,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /credits/user/:id/plan-for-adding-organization', () => {
  const room = (token: string, id: string) =>
    t.call({ method: 'GET', url: `/api/v1/credits/user/${id}/plan-for-adding-organization`, token });

  it('tells the user how many organizations their plan holds and whether one more fits', async () => {
    expect((await room(tokens.accountant!, userIds.accountant!)).json()).toEqual({
      planName: 'premium_founder',
      organizationsUsed: 4,
      organizationsIncluded: 50,
      canAdd: true,
    });
    expect((await room(tokens.trial!, userIds.trial!)).json()).toEqual({
      planName: 'essential',
      organizationsUsed: 1,
      organizationsIncluded: 1,
      canAdd: false,
    });
    expect((await room(tokens.locked!, userIds.locked!)).json()).toMatchObject({ canAdd: false });
    // No subscription yet: the first organization starts a trial.
    expect((await room(tokens.pos!, userIds.pos!)).json()).toEqual({
      planName: null,
      organizationsUsed: 0,
      organizationsIncluded: 1,
      canAdd: true,
    });
  });

  it('answers only the user themselves or an Admin', async () => {
    const other = await room(tokens.demo!, userIds.trial!);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('SELF_ONLY');
    const admin = await room(tokens.admin!, userIds.trial!);
    expect(admin.statusCode).toBe(200);
    expect((await room(tokens.admin!, randomUUID())).statusCode).toBe(404);
    // The guard decides before validation: a malformed id is simply not the caller's.
    expect((await room(tokens.demo!, 'me')).statusCode).toBe(403);
    expect((await room(tokens.admin!, 'me')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every organizations and access route', async () => {
    const response = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/organizations/all',
      '/api/v1/organizations/permissions/check',
      '/api/v1/organizations/{id}',
      '/api/v1/organizations/{id}/brand',
      '/api/v1/organizations/{id}/settings/key',
      '/api/v1/organizations/settings',
      '/api/v1/organizations/byvatnumber',
      '/api/v1/organizations/{id}/leave',
      '/api/v1/organizations/permissions',
      '/api/v1/portfolio/permissions',
      '/api/v1/organizations/organizationsectors',
      '/api/v1/access/organizations',
      '/api/v1/access/{id}/cloud',
      '/api/v1/credits/user/{id}/plan-for-adding-organization',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});

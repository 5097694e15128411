import { randomUUID } from 'node:crypto';
import { type Grants, hasFlag, Profile, stringsToGrants } from '@fluxo/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../modules/demo/seed.ts';
import { createTestApp, decodeClaims, type TestApp } from '../test/harness.ts';
import { type Access, describeAccess } from './access.ts';
import type { RouteEntry } from './guard.ts';

/**
 * Tenant isolation, route by route: every route in the guard's table is called as the narrow members
 * of Fluxo Demo, Lda (pos@, cash@), as a stranger naming that organization (ao.owner@), with no
 * token, and as the owner and an Admin for contrast. Path parameters name the demo organization, its
 * owner and its subscription, so that each route is aimed at someone else's data wherever it can be.
 *
 * Outside its audience a route must answer 401 (no token) or 403 with an error body and nothing
 * else. Inside, it must not: GETs run for real; other methods are stopped just after the guard by a
 * probe hook (a preValidation hook of this test only), so the walk changes nothing it walks over.
 */

const PROBE_HEADER = 'x-audience-probe';

interface Caller {
  name: string;
  token: string | null;
  userId: string | null;
  profile: number | null;
  /** The caller's grants in the demo organization, or null when not a member. */
  grants: Grants | null;
  role: 'owner' | 'member' | null;
}

let t: TestApp;
let demoOrg: string;
let demoOwner: string;
let demoSubscription: string;
const callers: Caller[] = [];

beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      app.addHook('preValidation', async (request, reply) => {
        if (request.headers[PROBE_HEADER] === '1')
          return reply.code(204).header(PROBE_HEADER, 'passed').send();
      }),
  });
  const demo = await t.signin(DEMO_ACCOUNTS.demo);
  demoOwner = decodeClaims(demo).sub as string;
  demoOrg = decodeClaims(demo).defaultOrg as string;
  demoSubscription = (await t.call({ method: 'GET', url: '/api/v1/subscription', token: demo })).json().id;
  expect(demoSubscription).toMatch(/^[0-9a-f-]{36}$/);

  callers.push({ name: 'no token', token: null, userId: null, profile: null, grants: null, role: null });
  for (const email of [
    DEMO_ACCOUNTS.pos,
    DEMO_ACCOUNTS.cash,
    DEMO_ACCOUNTS.aoOwner,
    DEMO_ACCOUNTS.demo,
    DEMO_ACCOUNTS.admin,
  ]) {
    const token = await t.signin(email);
    const claims = decodeClaims(token);
    const list = (await t.call({ method: 'GET', url: '/api/v1/organizations/all', token })).json();
    const membership = [...list.myOrgs, ...list.memberOrgs, ...list.particularOrgs].find(
      (o: { id: string }) => o.id === demoOrg,
    );
    callers.push({
      name: email,
      token,
      userId: claims.sub as string,
      profile: claims.pid as number,
      grants: membership ? stringsToGrants(membership.permissions) : null,
      role: membership?.role ?? null,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

/**
 * Whether a caller is in a route's audience, restated from the caller's facts (grants read from the
 * organizations list, not from the guard), so that the guard is checked against the declaration.
 */
function inAudience(access: Access, caller: Caller): boolean {
  if (access.kind === 'public') return true;
  if (!caller.token) return false;
  const isAdmin = caller.profile === Profile.ADMIN;
  switch (access.kind) {
    case 'user':
      return true;
    case 'admin':
      return isAdmin;
    case 'self':
      // The walk names the demo owner.
      return caller.userId === demoOwner || (access.orAdmin === true && isAdmin);
    case 'member':
      return caller.grants !== null;
    case 'owner':
      return caller.role === 'owner';
    case 'org':
      return [{ resource: access.resource, flag: access.flag }, ...(access.anyOf ?? [])].some((grant) => {
        const granted = caller.grants?.[grant.resource];
        return granted !== undefined && hasFlag(granted, grant.flag);
      });
    case 'subscription': {
      if (caller.userId === demoOwner) return true;
      if (access.need === 'view' && isAdmin) return true;
      const granted = caller.grants?.['billing.subscriptions'];
      return granted !== undefined && hasFlag(granted, access.need === 'view' ? 1 : 4);
    }
    default: {
      const unknown: never = access;
      throw new Error(`A route has no known audience: ${JSON.stringify(unknown)}`);
    }
  }
}

/** The URL of a route aimed at the demo organization, its owner or its subscription. */
function urlOf(route: RouteEntry): string {
  const { access } = route;
  const idFor = () => {
    if (access.kind === 'self') return demoOwner;
    if (access.kind === 'subscription') return demoSubscription;
    if (
      (access.kind === 'member' || access.kind === 'owner' || access.kind === 'org') &&
      access.from === 'param'
    )
      return demoOrg;
    return randomUUID();
  };
  const values: Record<string, () => string> = {
    id: idFor,
    paymentId: randomUUID,
    name: () => 'maintenanceFlag',
    lang: () => 'gb',
    phone: () => '912345678',
    authType: () => 'token',
  };
  let url = route.url
    .replace(/:(\w+)/g, (_, name: string) => (values[name] ?? (() => 'x'))())
    .replace(/\/\*$/, '/');
  if (access.kind === 'self' && access.from === 'query') url += `?userId=${demoOwner}`;
  return url;
}

async function call(route: RouteEntry, caller: Caller): Promise<LightMyRequestResponse> {
  const probe = route.method !== 'GET';
  return t.call({
    method: route.method as 'GET',
    url: urlOf(route),
    ...(caller.token ? { token: caller.token } : {}),
    orgId: demoOrg,
    headers: probe ? { [PROBE_HEADER]: '1' } : {},
    ...(probe ? { payload: {} } : {}),
  });
}

describe('every route answers only its audience', () => {
  it('declares a known audience for every route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(80);
    for (const route of t.app.routeTable) {
      expect(() => describeAccess(route.access), `${route.method} ${route.url}`).not.toThrow();
    }
  });

  it('refuses every caller outside a route’s audience before it does anything, and serves those inside', async () => {
    const failures: string[] = [];
    const served: Record<string, number> = {};
    for (const caller of callers) {
      for (const route of t.app.routeTable) {
        const response = await call(route, caller);
        const where = `${caller.name}: ${route.method} ${urlOf(route)} (${describeAccess(route.access)}) → ${response.statusCode}`;
        if (inAudience(route.access, caller)) {
          if (response.statusCode === 401 || response.statusCode === 403) failures.push(`refused ${where}`);
          if (route.method !== 'GET' && response.headers[PROBE_HEADER] !== 'passed')
            failures.push(`guard did not pass ${where}`);
          if (route.method === 'GET' && response.statusCode < 300)
            served[caller.name] = (served[caller.name] ?? 0) + 1;
        } else {
          const expected = caller.token ? 403 : 401;
          if (response.statusCode !== expected) failures.push(`expected ${expected}, ${where}`);
          else {
            // An error body and nothing more: no data of the route leaks with the refusal.
            const body = response.json();
            expect(Object.keys(body).sort()).toEqual([
              'code',
              'message',
              'messageKey',
              'requestId',
              'statusCode',
            ]);
            expect(response.headers[PROBE_HEADER]).toBeUndefined();
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // pos@ (treasury.pos VIEW only) gets data only from what the shell needs; it got 26 GETs before.
    const gets = t.app.routeTable.filter((r) => r.method === 'GET').length;
    console.info(`GET routes: ${gets}; answered 2xx: ${JSON.stringify(served)}`);
  });

  it("refuses the narrow members the routes that carry other people's data", async () => {
    const pos = callers.find((c) => c.name === DEMO_ACCOUNTS.pos)!;
    for (const url of [
      `/api/v1/organizations/${demoOrg}/owner`,
      `/api/v1/organizations/${demoOrg}`,
      `/api/v1/organizations/${demoOrg}/settings/key?value=a`,
      `/api/v1/subscription/${demoSubscription}/payments/pending`,
      `/api/v1/customers/${demoOwner}`,
      `/api/v1/access/organizations?userId=${demoOwner}`,
      `/api/v1/internal-billing?userId=${demoOwner}`,
      `/api/v1/addon/cost/organization/${demoOrg}?key=organization_credits`,
    ]) {
      const response = await t.call({ method: 'GET', url, token: pos.token!, orgId: demoOrg });
      expect(response.statusCode, url).toBe(403);
      expect(response.body, url).not.toContain('demo@fluxo.example');
    }
  });
});

describe('declaring an audience', () => {
  it('is required of every route: the server does not start with a route that has none', async () => {
    await expect(
      createTestApp({
        demo: false,
        configure: (app) => app.get('/api/v1/undeclared', async () => ({ secret: true })),
      }),
    ).rejects.toThrow('Route GET /api/v1/undeclared declares no access rule');
  });

  it('refuses a rule that reads :id on a path without one', async () => {
    await expect(
      createTestApp({
        demo: false,
        configure: (app) =>
          app.get(
            '/api/v1/nothing-to-read',
            { config: { access: { kind: 'member', from: 'param' } } },
            async () => ({}),
          ),
      }),
    ).rejects.toThrow(/reads :id, which the path lacks/);
  });
});

import { AUDIT_MASK, type AuditEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { diffChanges, entityOf, maskSecrets } from '../../platform/audit.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';
import { DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRET } from '../demo/seed.ts';
import { purgeAudit } from './audit.service.ts';

/**
 * Every mutating route writes an audit record: the walk below calls each POST/PUT/PATCH/DELETE of
 * `app.routeTable` as a caller the guard admits, with a test hook that answers 204 in place of the
 * handler (a request marked `x-audit-walk`), so that every route "succeeds" whatever its input; the
 * real guard, the real audit hooks and the real writer run. Flows further down prove the same on real
 * handlers (sign-in, failed sign-in, settings, permissions, billing, exports).
 */

/** Mutating routes that write no audit record, and why. Any other public mutating route fails the walk. */
const EXEMPT: Record<string, string> = {
  'POST /api/v1/auth/signin':
    'public: recorded by the route itself as a security event (sign-in, failed sign-in), tested below',
  'POST /api/v1/auth/signin/two-factor':
    'public: recorded by the route itself as a security event (sign-in, failed sign-in), tested below',
};
/** Public mutating routes: no account is accountable for them (a visitor's sign-up, contact form, webhook). */
const PUBLIC_REASON = 'public: nobody signed in is accountable for it (visitors, webhooks)';

let t: TestApp;
let owner: string;
let ownerId: string;
let admin: string;
let orgId: string;
let subscriptionId: string;

async function auditRows(where = sql`true`): Promise<(AuditEntry & { request_id: string | null })[]> {
  // onResponse hooks run once the answer is sent, which may be just after inject() resolves.
  await new Promise((resolve) => setTimeout(resolve, 10));
  await t.app.auditLog.flush();
  return rows(
    t.database.db,
    sql`SELECT id::text, action, entity, entity_id AS "entityId", method, route, status, actor_id AS "actorId",
               organization_id AS "organizationId", fields, changes, request_id
        FROM audit_log WHERE ${where} ORDER BY audit_log.id`,
  );
}

beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      app.addHook('preValidation', async (request, reply) => {
        if (request.headers['x-audit-walk'] === '1') {
          await reply.code(204).send();
          return reply;
        }
      }),
  });
  owner = await t.signin('demo@fluxo.example');
  ownerId = decodeClaims(owner).sub as string;
  admin = await t.signin('admin@fluxo.example');
  const [org] = await rows<{ id: string; subscription_id: string }>(
    t.database.db,
    sql`SELECT id, subscription_id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
  );
  orgId = org!.id;
  subscriptionId = org!.subscription_id;
});

afterAll(async () => {
  await t?.close();
});

describe('the route-table walk', () => {
  it('writes one audit record for every mutating route that succeeds, with route, actor and organization', async () => {
    const mutating = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(mutating.length).toBeGreaterThan(50);
    const missing: string[] = [];
    const exempted: string[] = [];
    for (const route of mutating) {
      const key = `${route.method} ${route.url}`;
      const access = route.access;
      if (access.kind === 'public') {
        exempted.push(key);
        continue;
      }
      const token = access.kind === 'admin' ? admin : owner;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
        if (access.kind === 'self' && name === 'id') return ownerId;
        if (access.kind === 'subscription' && name === 'id') return subscriptionId;
        return orgId;
      });
      const withQuery = access.kind === 'self' && access.from === 'query' ? `${url}?userId=${ownerId}` : url;
      const before = (await auditRows()).length;
      const response = await t.call({
        method: route.method as 'POST',
        url: withQuery,
        token,
        orgId,
        headers: { 'x-audit-walk': '1' },
        payload: {},
      });
      if (response.statusCode !== 204) {
        missing.push(`${key}: the guard answered ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      const written = (await auditRows()).slice(before);
      const mine = written.filter((row) => row.route === route.url && row.method === route.method);
      if (mine.length !== 1) missing.push(`${key}: ${mine.length} records`);
      else {
        const row = mine[0]!;
        const expectedActor = decodeClaims(token).sub;
        if (row.actorId !== expectedActor) missing.push(`${key}: actor ${row.actorId}`);
        if (
          (access.kind === 'org' || access.kind === 'owner' || access.kind === 'member') &&
          row.organizationId !== orgId
        )
          missing.push(`${key}: organization ${row.organizationId}`);
        if (row.entity !== entityOf(route.url)) missing.push(`${key}: entity ${row.entity}`);
      }
    }
    expect(missing).toEqual([]);
    // Every public mutating route is listed with its reason: a new one must be looked at.
    for (const key of exempted) expect(EXEMPT[key] ?? PUBLIC_REASON).toMatch(/^public/);
    expect(exempted).toEqual(expect.arrayContaining(Object.keys(EXEMPT)));
  }, 120_000);
});

describe('security events', () => {
  it('records a sign-in and a failed sign-in (the e-mail tried, never the password)', async () => {
    const good = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'cash@fluxo.example', password: t.encrypt(DEMO_PASSWORD) },
    });
    expect(good.statusCode).toBe(200);
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'cash@fluxo.example', password: t.encrypt('not-the-password') },
    });
    expect(bad.statusCode).toBe(401);
    const cashId = good.json().id as string;
    const events = await auditRows(sql`entity = 'auth.signin'`);
    expect(events.filter((e) => e.action === 'signin' && e.actorId === cashId)).toHaveLength(1);
    const failed = events.filter((e) => e.action === 'signin.failed' && e.entityId === 'cash@fluxo.example');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.status).toBe(401);
    expect(failed[0]!.actorId).toBeNull();
  });

  it('records a permission change with the grants before and after', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/organizations/permissions',
      token: owner,
      orgId,
      payload: { email: 'pos@fluxo.example', permissions: ['treasury.pos.3'] },
    });
    expect(response.statusCode).toBe(200);
    const [row] = (await auditRows(sql`action = 'permission.change'`)).slice(-1);
    expect(row).toMatchObject({
      organizationId: orgId,
      actorId: ownerId,
      entity: 'organizations.permissions',
    });
    expect(row!.changes).toEqual({ 'treasury.pos': { before: 1, after: 3 } });
  });

  it('records an organization setting with its value before and after, secrets masked', async () => {
    for (const value of [
      { smtpPassword: 'hunter2-secret', host: 'a' },
      { smtpPassword: 'other-secret', host: 'b' },
    ]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/v1/organizations/settings',
        token: owner,
        orgId,
        payload: { key: 'mail.smtp', value },
      });
      expect(response.statusCode).toBe(200);
    }
    const [row] = (await auditRows(sql`entity = 'organizations.settings'`)).slice(-1);
    expect(row!.action).toBe('settings.change');
    expect(row!.changes).toEqual({
      'mail.smtp': {
        before: { smtpPassword: AUDIT_MASK, host: 'a' },
        after: { smtpPassword: AUDIT_MASK, host: 'b' },
      },
    });
  });

  it('records an export', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/audit/export', token: owner, orgId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect((await auditRows(sql`action = 'export'`)).at(-1)).toMatchObject({
      entity: 'audit.export',
      actorId: ownerId,
    });
  });

  it('records a billing document issued (a real handler) with its id', async () => {
    const [draft] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM billing_documents WHERE organization_id = ${orgId} AND state = 'draft' LIMIT 1`,
    );
    if (!draft) return;
    const response = await t.call({
      method: 'POST',
      url: `/api/v1/billing/documents/${draft.id}/issue`,
      token: owner,
      orgId,
      payload: {},
    });
    const rowsAfter = await auditRows(sql`route = '/api/v1/billing/documents/:id/issue' AND status < 400`);
    if (response.statusCode < 400)
      expect(rowsAfter.at(-1)).toMatchObject({ entityId: draft.id, entity: 'billing.documents' });
    else expect(rowsAfter).toHaveLength(0);
  });

  it('keeps no secret, password or token value in any audit row', async () => {
    const everything = JSON.stringify(await auditRows());
    for (const secret of [
      DEMO_PASSWORD,
      'hunter2-secret',
      'other-secret',
      owner,
      admin,
      DEMO_TWO_FACTOR_SECRET,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('GET /api/v1/audit', () => {
  it('pages newest first by keyset, filtered by entity, actor and dates, for this organization only', async () => {
    const first = await t.call({ method: 'GET', url: '/api/v1/audit?limit=2', token: owner, orgId });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: AuditEntry[]; nextCursor: string };
    expect(page1.items).toHaveLength(2);
    expect(Number(page1.items[0]!.id)).toBeGreaterThan(Number(page1.items[1]!.id));
    const second = await t.call({
      method: 'GET',
      url: `/api/v1/audit?limit=2&cursor=${page1.nextCursor}`,
      token: owner,
      orgId,
    });
    const page2 = second.json() as { items: AuditEntry[] };
    expect(Number(page2.items[0]!.id)).toBeLessThan(Number(page1.items[1]!.id));
    const today = new Date().toISOString().slice(0, 10);
    const filtered = await t.call({
      method: 'GET',
      url: `/api/v1/audit?entity=organizations&actor=${ownerId}&from=${today}&to=${today}&limit=200`,
      token: owner,
      orgId,
    });
    const items = (filtered.json() as { items: AuditEntry[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.entity.startsWith('organizations') && i.actorId === ownerId)).toBe(true);
    expect(items.every((i) => i.organizationId === orgId)).toBe(true);
    expect(items[0]!.actorEmail).toBe('demo@fluxo.example');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await t.call({ method: 'GET', url: `/api/v1/audit?to=${yesterday}`, token: owner, orgId });
    expect((none.json() as { items: AuditEntry[] }).items).toEqual([]);
  });

  it('is refused to a member without organization.settings ADMIN and to strangers, and bad input is a 400', async () => {
    const pos = await t.signin('pos@fluxo.example');
    expect((await t.call({ method: 'GET', url: '/api/v1/audit', token: pos, orgId })).statusCode).toBe(403);
    const stranger = await t.signin('ao.owner@fluxo.example');
    expect((await t.call({ method: 'GET', url: '/api/v1/audit', token: stranger, orgId })).statusCode).toBe(
      403,
    );
    const bad = await t.call({ method: 'GET', url: '/api/v1/audit?from=yesterday', token: owner, orgId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('retention', () => {
  it('keeps the retention per organization (default 3650 days) and refuses values out of range', async () => {
    const read = await t.call({ method: 'GET', url: '/api/v1/audit/settings', token: owner, orgId });
    expect(read.json()).toEqual({ retentionDays: 3650 });
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/audit/settings',
      token: owner,
      orgId,
      payload: { retentionDays: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.call({
      method: 'PUT',
      url: '/api/v1/audit/settings',
      token: owner,
      orgId,
      payload: { retentionDays: 30 },
    });
    expect(saved.json()).toEqual({ retentionDays: 30 });
    expect((await auditRows(sql`entity = 'audit.settings'`)).at(-1)!.changes).toEqual({
      retentionDays: { before: 3650, after: 30 },
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE outside the purge; the purge deletes what is past retention', async () => {
    await expect(t.database.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const mine = (await auditRows(sql`organization_id = ${orgId}`)).length;
    const others = (await auditRows(sql`organization_id IS DISTINCT FROM ${orgId}`)).length;
    expect(mine).toBeGreaterThan(0);
    // 31 days on, the demo organization (30 days) loses its rows; the others (3650) keep theirs.
    const later = new Date(Date.now() + 31 * 86_400_000);
    const deleted = await t.database.db.transaction((tx) => purgeAudit(tx, later));
    expect(deleted).toBe(mine);
    expect((await auditRows(sql`organization_id = ${orgId}`)).length).toBe(0);
    expect((await auditRows(sql`organization_id IS DISTINCT FROM ${orgId}`)).length).toBe(others);
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});

describe('masking', () => {
  it('masks secret fields by name at any depth, and fields marked secret', () => {
    expect(
      maskSecrets(
        { password: 'p', nested: { apiKey: 'k', name: 'n' }, list: [{ token: 't' }], iban: 'PT50' },
        ['iban'],
      ),
    ).toEqual({
      password: AUDIT_MASK,
      nested: { apiKey: AUDIT_MASK, name: 'n' },
      list: [{ token: AUDIT_MASK }],
      iban: AUDIT_MASK,
    });
    expect(diffChanges({ name: 'a', clientSecret: 'x' }, { name: 'b', clientSecret: 'y' })).toEqual({
      name: { before: 'a', after: 'b' },
      clientSecret: { before: AUDIT_MASK, after: AUDIT_MASK },
    });
  });
});

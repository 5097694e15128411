import type { AppNotification } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createMailer } from '../../platform/mail.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';
import { notifyOverdueDocuments } from '../billing/index.ts';
import { runNotificationJobs } from './notification-jobs.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
let owner: string;
let ownerId: string;
let cash: string;
let cashId: string;
let orgId: string;
let aoOrgId: string;

type Page = { items: AppNotification[]; unread: number; nextCursor: string | null };
const list = async (token: string, org?: string, query = ''): Promise<Page> => {
  const response = await t.call({
    method: 'GET',
    url: `/api/v1/notifications${query}`,
    token,
    ...(org ? { orgId: org } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

beforeAll(async () => {
  // The jobs run only when the test runs them (JOBS_POLL_MS 0: no runner behind the test's back).
  t = await createTestApp({ demoTreasury: false, env: { JOBS_POLL_MS: '0' } });
  owner = await t.signin('demo@fluxo.example');
  ownerId = decodeClaims(owner).sub as string;
  cash = await t.signin('cash@fluxo.example');
  cashId = decodeClaims(cash).sub as string;
  const orgs = await rows<{ id: string; name: string }>(
    t.database.db,
    sql`SELECT id, name FROM organizations`,
  );
  orgId = orgs.find((o) => o.name === 'Fluxo Demo, Lda')!.id;
  aoOrgId = orgs.find((o) => o.name === 'Kwanza Comércio, Lda')!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('notify() and the bell', () => {
  it('reaches only its recipient, in the organization it is about, with REFRESH_NOTIFICATIONS', async () => {
    const id = await t.database.db.transaction((tx) =>
      notify(tx, {
        userId: ownerId,
        orgId,
        kind: 'organization.invitation',
        params: { inviter: 'Ana', organization: 'Fluxo Demo, Lda' },
        link: '/settings/organizations',
      }),
    );
    expect(id).not.toBeNull();
    const mine = await list(owner, orgId);
    expect(mine.items.map((n) => n.id)).toContain(id);
    expect(mine.unread).toBeGreaterThan(0);
    // Not in the owner's other organization's bell, not in another member's.
    expect((await list(owner, aoOrgId)).items.map((n) => n.id)).not.toContain(id);
    expect((await list(cash, orgId)).items.map((n) => n.id)).not.toContain(id);
    const [message] = await rows<{ data: { NotificationId: string; Push: boolean } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE user_id = ${ownerId} AND type = 'REFRESH_NOTIFICATIONS'
          ORDER BY seq DESC LIMIT 1`,
    );
    expect(message!.data).toMatchObject({ NotificationId: id, Push: true });
    // Another user cannot mark it read: it does not exist for them.
    const theirs = await t.call({ method: 'POST', url: `/api/v1/notifications/${id}/read`, token: cash });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOTIFICATION_NOT_FOUND');
    // A stranger to the organization may not list it through its OrgId.
    const stranger = await t.signin('ao.owner@fluxo.example');
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/notifications', token: stranger, orgId })).statusCode,
    ).toBe(403);
  });

  it('marks one read, then all read', async () => {
    const [a, b] = await t.database.db.transaction(async (tx) => [
      await notify(tx, {
        userId: cashId,
        orgId,
        kind: 'treasury.consentExpiring',
        params: { connection: 'BCP', institution: 'BCP', date: '2026-12-01' },
      }),
      await notify(tx, {
        userId: cashId,
        orgId: null,
        kind: 'organization.invitation',
        params: { inviter: 'X', organization: 'Y' },
      }),
    ]);
    const before = await list(cash, orgId);
    expect(before.unread).toBe(2);
    const one = await t.call({ method: 'POST', url: `/api/v1/notifications/${a}/read`, token: cash });
    expect(one.json()).toEqual({ read: true });
    const after = await list(cash, orgId);
    expect(after.unread).toBe(1);
    expect(after.items.find((n) => n.id === a)!.readAt).not.toBeNull();
    const all = await t.call({ method: 'POST', url: '/api/v1/notifications/read-all', token: cash, orgId });
    expect(all.json()).toEqual({ read: 1 });
    expect((await list(cash, orgId)).unread).toBe(0);
    expect(b).not.toBeNull();
  });

  it('pages by keyset and refuses a bad cursor', async () => {
    const page = await list(owner, orgId, '?limit=1');
    expect(page.items).toHaveLength(1);
    const bad = await t.call({ method: 'GET', url: '/api/v1/notifications?cursor=abc', token: owner });
    expect(bad.statusCode).toBe(400);
  });
});

describe('preferences', () => {
  it('defaults per kind, saves, and follows them when notifying (no bell, no push, e-mail digest)', async () => {
    const defaults = await t.call({ method: 'GET', url: '/api/v1/notifications/preferences', token: cash });
    expect(defaults.json().preferences).toContainEqual({
      kind: 'organization.invitation',
      inApp: true,
      push: true,
      email: false,
    });
    const saved = await t.call({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      token: cash,
      payload: { preferences: [{ kind: 'organization.invitation', inApp: false, push: false, email: true }] },
    });
    expect(saved.statusCode).toBe(200);
    const duplicate = await t.call({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      token: cash,
      payload: {
        preferences: [
          { kind: 'organization.invitation', inApp: false, push: false, email: true },
          { kind: 'organization.invitation', inApp: true, push: false, email: true },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().code).toBe('DUPLICATE_NOTIFICATION_KIND');
    const unknown = await t.call({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      token: cash,
      payload: { preferences: [{ kind: 'nope', inApp: true, push: true, email: true }] },
    });
    expect(unknown.statusCode).toBe(400);
    const id = await t.database.db.transaction((tx) =>
      notify(tx, {
        userId: cashId,
        orgId,
        kind: 'organization.invitation',
        params: { inviter: 'Rui', organization: 'Kwanza' },
      }),
    );
    expect((await list(cash, orgId)).items.map((n) => n.id)).not.toContain(id);
    const [message] = await rows<{ data: { Push: boolean } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE user_id = ${cashId} AND type = 'REFRESH_NOTIFICATIONS' ORDER BY seq DESC LIMIT 1`,
    );
    expect(message!.data.Push).toBe(false);
    // The daily digest mails it once, in the user's language.
    const mailer = createMailer({
      smtpUrl: null,
      dataDir: t.dataDir,
      mailFrom: 'Fluxo <no-reply@fluxo.example>',
    });
    // At noon UTC: the day's jobs fall due at 06:00, so a run in the small hours would find none due.
    const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const outcome = await runNotificationJobs({ db: t.database.db, mailer }, { now: noon });
    expect(outcome.mailed).toBeGreaterThan(0);
    expect((await runNotificationJobs({ db: t.database.db, mailer }, { now: noon })).mailed).toBe(0);
    const mails = (await t.outbox()).filter((m) => m.to === 'cash@fluxo.example');
    expect(mails.at(-1)?.text).toContain('Rui');
  });
});

describe('daily checks', () => {
  it('notifies overdue documents once per document to the members who see receivables', async () => {
    const overdue = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'billing.documentOverdue'`,
        )
      )[0]!.n;
    // The demo seed ran the check once: the demo's unpaid invoices are there, and a new run adds none.
    const seeded = await overdue();
    expect(seeded).toBeGreaterThan(0);
    await rows(t.database.db, sql`DELETE FROM notifications WHERE kind = 'billing.documentOverdue'`);
    const created = await t.database.db.transaction((tx) => notifyOverdueDocuments(tx, new Date()));
    expect(created).toBe(seeded);
    const again = await t.database.db.transaction((tx) => notifyOverdueDocuments(tx, new Date()));
    expect(again).toBe(0);
    expect(await overdue()).toBe(seeded);
    // cash@ (treasury.cash only) gets none; the owner gets them.
    const [cashCount] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'billing.documentOverdue' AND user_id = ${cashId}`,
    );
    expect(cashCount!.n).toBe(0);
  });
});

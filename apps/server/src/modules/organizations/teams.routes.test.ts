import { randomUUID } from 'node:crypto';
import {
  allGrants,
  grantsToStrings,
  type OrganizationsList,
  presetGrants,
  presetPermissions,
  stringsToGrants,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ownerToken: string;
let ownerId: string;
/** The demo company, owned by demo@fluxo.example. */
let orgId: string;
/** Another organization (the accountant's firm), to prove isolation. */
let otherOrgId: string;
let otherOwnerToken: string;

const PASSWORD = 'a-long-password';

function newUser(): Promise<{ email: string; token: string; id: string }> {
  return t.newUser('colleague', { name: 'Colega' });
}

const uniqueEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.pt`;

async function invite(email: string, permissions: string[], token = ownerToken, org = orgId) {
  return t.call({
    method: 'POST',
    url: '/api/v1/teams/invitations',
    token,
    orgId: org,
    payload: { email, permissions },
  });
}

/** The invitation token last mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  const mails = (await t.outbox()).filter((mail) => mail.to === email);
  const token = /\/invitations\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

async function signupThrough(token: string, name = 'Bea Contas') {
  return t.call({
    method: 'POST',
    url: '/api/v1/invitations/signup',
    payload: { token, name, password: t.encrypt(PASSWORD), language: 'pt' },
  });
}

/** A member of the demo company with these grants, joined through an invitation. */
async function memberWith(permissions: string[]): Promise<{ id: string; token: string; email: string }> {
  const email = uniqueEmail();
  expect((await invite(email, permissions)).statusCode).toBe(201);
  const joined = await signupThrough(await mailedToken(email));
  expect(joined.statusCode).toBe(201);
  const { auth_token, id } = joined.json() as { auth_token: string; id: string };
  return { id, token: auth_token, email };
}

async function grantsOf(userId: string, organizationId = orgId) {
  const [row] = await rows<{ role: string; permissions: Record<string, number> }>(
    t.database.db,
    sql`SELECT role, permissions FROM organization_members WHERE organization_id = ${organizationId} AND user_id = ${userId}`,
  );
  return row ?? null;
}

async function messagesOf(userId: string): Promise<string[]> {
  const list = await rows<{ type: string }>(
    t.database.db,
    sql`SELECT type FROM realtime_messages WHERE user_id = ${userId} ORDER BY seq`,
  );
  return list.map((m) => m.type);
}

beforeAll(async () => {
  t = await createTestApp();
  ownerToken = await t.signin('demo@fluxo.example');
  ownerId = decodeClaims(ownerToken).sub as string;
  const list = (await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: ownerToken })).json();
  orgId = (list as OrganizationsList).myOrgs.find((o) => o.name === 'Fluxo Demo, Lda')!.id;
  otherOwnerToken = await t.signin('accountant@fluxo.example');
  const other = (
    await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: otherOwnerToken })
  ).json() as OrganizationsList;
  otherOrgId = other.myOrgs[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('invitation by e-mail, and sign-up through the link', () => {
  it('mails a single-use link (hashed at rest); a new user signs up through it and joins with the preset', async () => {
    const email = uniqueEmail();
    const created = await invite(email, presetPermissions('bookkeeper'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, preset: 'bookkeeper', expired: false });
    const token = await mailedToken(email);
    const [stored] = await rows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM organization_invitations WHERE email = ${email}`,
    );
    expect(stored!.token_hash).not.toContain(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const lookup = await t.call({ method: 'POST', url: '/api/v1/invitations/lookup', payload: { token } });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ organizationName: 'Fluxo Demo, Lda', email, accountExists: false });

    const joined = await signupThrough(token);
    expect(joined.statusCode).toBe(201);
    const body = joined.json() as { auth_token: string; id: string; organizationId: string };
    expect(body.organizationId).toBe(orgId);
    const claims = decodeClaims(body.auth_token) as { uem: string; uacti: boolean; aco: boolean };
    expect(claims).toMatchObject({ uem: email, uacti: true, aco: true });
    expect((await grantsOf(body.id))?.permissions).toEqual(presetGrants('bookkeeper'));
    // The bookkeeper's menus: accounting yes, the team settings and billing creation no.
    const list = (
      await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: body.auth_token })
    ).json() as OrganizationsList;
    const joinedOrg = list.memberOrgs.find((o) => o.id === orgId)!;
    expect(joinedOrg.menus.map((m) => m.key)).toContain('accounting');
    expect(joinedOrg.menus.map((m) => m.key)).not.toContain('portfolio');
    // Everyone in the organization is told (the owner's member list reads again).
    expect(await messagesOf(ownerId)).toContain('ORGANIZATION_USER_ADDED');
    expect(await messagesOf(body.id)).toEqual(
      expect.arrayContaining(['ORGANIZATION_USER_ADDED', 'REFRESH_ORGANIZATIONS', 'REFRESH_TOKEN']),
    );

    // Used once: the same link is refused, and the invitation is no longer pending.
    const again = await signupThrough(token, 'Outra');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'INVITATION_INVALID',
      messageKey: 'ERRORS.INVITATION_INVALID',
    });
    const pending = (
      await t.call({ method: 'GET', url: '/api/v1/teams/invitations', token: ownerToken, orgId })
    ).json() as { invitations: { email: string }[] };
    expect(pending.invitations.map((i) => i.email)).not.toContain(email);
  });

  it('an expired link is refused, and resending makes a new one (the old one stops working)', async () => {
    const email = uniqueEmail();
    const created = (await invite(email, presetPermissions('viewer'))).json() as { id: string };
    const first = await mailedToken(email);
    await t.database.db.execute(
      sql`UPDATE organization_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${created.id}`,
    );
    expect((await signupThrough(first)).statusCode).toBe(410);
    const listed = (
      await t.call({ method: 'GET', url: '/api/v1/teams/invitations', token: ownerToken, orgId })
    ).json() as { invitations: { id: string; expired: boolean }[] };
    expect(listed.invitations.find((i) => i.id === created.id)?.expired).toBe(true);

    const resent = await t.call({
      method: 'POST',
      url: `/api/v1/teams/invitations/${created.id}/resend`,
      token: ownerToken,
      orgId,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ expired: false });
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/invitations/lookup', payload: { token: first } }))
        .statusCode,
    ).toBe(410);
    expect((await signupThrough(second)).statusCode).toBe(201);
  });

  it('a revoked invitation cannot be used', async () => {
    const email = uniqueEmail();
    const created = (await invite(email, presetPermissions('viewer'))).json() as { id: string };
    const token = await mailedToken(email);
    const revoked = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/invitations/${created.id}`,
      token: ownerToken,
      orgId,
    });
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await signupThrough(token)).statusCode).toBe(410);
  });

  it('an existing user accepts after signing in; only the invited account may, and only once', async () => {
    const colleague = await newUser();
    const stranger = await newUser();
    expect((await invite(colleague.email, presetPermissions('sales'))).statusCode).toBe(201);
    const token = await mailedToken(colleague.email);
    const lookup = await t.call({ method: 'POST', url: '/api/v1/invitations/lookup', payload: { token } });
    expect(lookup.json()).toMatchObject({ accountExists: true });
    // Having an account, they also find the invitation in their bell, linked to its page — only they do.
    const bell = await rows<{ user_id: string; link: string; params: { organization: string } }>(
      t.database.db,
      sql`SELECT user_id, link, params FROM notifications WHERE kind = 'organization.invitation'
            AND link = ${`/invitations/accept?token=${token}`}`,
    );
    expect(bell.map((n) => n.user_id)).toEqual([colleague.id]);
    expect(bell[0]?.params.organization).toBeTruthy();
    // Signing up again with that e-mail is refused: they sign in instead.
    expect((await signupThrough(token)).json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      token: stranger.token,
      payload: { token },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'INVITATION_EMAIL_MISMATCH' });
    expect(await grantsOf(stranger.id)).toBeNull();
    const signedOut = await t.call({ method: 'POST', url: '/api/v1/invitations/accept', payload: { token } });
    expect(signedOut.statusCode).toBe(401);

    const accepted = await t.call({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      token: colleague.token,
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: orgId });
    expect((await grantsOf(colleague.id))?.permissions).toEqual(presetGrants('sales'));
    const twice = await t.call({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      token: colleague.token,
      payload: { token },
    });
    expect(twice.statusCode).toBe(410);
    // Inviting a member again is refused.
    expect((await invite(colleague.email, presetPermissions('viewer'))).json()).toMatchObject({
      code: 'ALREADY_MEMBER',
    });
  });
});

describe('members and their permissions', () => {
  it('lists members with what they can access; a change reaches the member at once (REFRESH_TOKEN, REFRESH_MENU)', async () => {
    const member = await memberWith(presetPermissions('bookkeeper'));
    const list = await t.call({ method: 'GET', url: '/api/v1/teams/members', token: ownerToken, orgId });
    expect(list.statusCode).toBe(200);
    const members = (
      list.json() as { members: { userId: string; role: string; preset: string | null; you: boolean }[] }
    ).members;
    expect(members[0]).toMatchObject({ userId: ownerId, role: 'owner', you: true });
    expect(members.find((m) => m.userId === member.id)).toMatchObject({
      role: 'member',
      preset: 'bookkeeper',
    });

    const before = (await messagesOf(member.id)).length;
    const narrowed = presetPermissions('bookkeeper').filter((p) => !p.startsWith('accounting.'));
    const changed = await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${member.id}/permissions`,
      token: ownerToken,
      orgId,
      payload: { permissions: narrowed },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ preset: null });
    expect((await messagesOf(member.id)).slice(before)).toEqual(['REFRESH_TOKEN', 'REFRESH_MENU']);
    // Their next request sees the change: the accounting menu is gone, and its routes refuse them.
    const list2 = (
      await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: member.token })
    ).json() as OrganizationsList;
    expect(list2.memberOrgs.find((o) => o.id === orgId)!.menus.map((m) => m.key)).not.toContain('accounting');
    const check = await t.call({
      method: 'GET',
      url: `/api/v1/organizations/permissions/check?organizationId=${orgId}&permission=accounting.entries.1`,
      token: member.token,
    });
    expect(check.json()).toEqual({ allowed: false });
  });

  it('no route grants more than the granter holds', async () => {
    // A team manager who holds the sales grants and the team, nothing else.
    const manager = await memberWith([...presetPermissions('sales'), 'settings.teams.15']);
    const member = await memberWith(presetPermissions('viewer').filter((p) => p.startsWith('billing.')));
    const beyond = await invite(uniqueEmail(), ['treasury.cash.15'], manager.token);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ code: 'GRANT_BEYOND_OWN', messageKey: 'ERRORS.GRANT_BEYOND_OWN' });
    const widened = await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${member.id}/permissions`,
      token: manager.token,
      orgId,
      payload: { permissions: ['billing.documents.15'] },
    });
    expect(widened.statusCode).toBe(403);
    expect(stringsToGrants(grantsToStrings((await grantsOf(member.id))!.permissions))).toEqual(
      stringsToGrants(presetPermissions('viewer').filter((p) => p.startsWith('billing.'))),
    );
    // Within their own grants it works.
    const within = await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${member.id}/permissions`,
      token: manager.token,
      orgId,
      payload: { permissions: ['billing.documents.7'] },
    });
    expect(within.statusCode).toBe(200);
    // They cannot touch the owner, nor themselves, nor someone holding more than they do.
    const owner = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/members/${ownerId}`,
      token: manager.token,
      orgId,
    });
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toMatchObject({ code: 'OWNER_PROTECTED' });
    const self = await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${manager.id}/permissions`,
      token: manager.token,
      orgId,
      payload: { permissions: allGrantsStrings() },
    });
    expect(self.statusCode).toBe(403);
    const admin = await memberWith(presetPermissions('admin'));
    const removeAdmin = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/members/${admin.id}`,
      token: manager.token,
      orgId,
    });
    expect(removeAdmin.json()).toMatchObject({ code: 'GRANT_BEYOND_OWN' });
    expect(await grantsOf(admin.id)).not.toBeNull();
    // An invitation is narrowed at acceptance to what its inviter still holds.
    const email = uniqueEmail();
    expect((await invite(email, ['billing.documents.7', 'settings.teams.1'], manager.token)).statusCode).toBe(
      201,
    );
    await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${manager.id}/permissions`,
      token: ownerToken,
      orgId,
      payload: { permissions: ['billing.documents.1', 'settings.teams.15'] },
    });
    const joined = (await signupThrough(await mailedToken(email))).json() as { id: string };
    expect((await grantsOf(joined.id))?.permissions).toEqual({ 'billing.documents': 1, 'settings.teams': 1 });
  });

  it('a member without settings.teams sees no team, and a viewer cannot invite', async () => {
    const viewer = await memberWith(presetPermissions('viewer'));
    for (const [method, url] of [
      ['GET', '/api/v1/teams/members'],
      ['GET', '/api/v1/teams/invitations'],
    ] as const) {
      expect((await t.call({ method, url, token: viewer.token, orgId })).statusCode).toBe(403);
    }
    expect((await invite(uniqueEmail(), ['billing.documents.1'], viewer.token)).statusCode).toBe(403);
  });

  it("nobody acts on another organization's members or invitations", async () => {
    const member = await memberWith(presetPermissions('viewer'));
    // The accountant owns another organization: the demo company's member is unknown there.
    const foreign = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/members/${member.id}`,
      token: otherOwnerToken,
      orgId: otherOrgId,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPut = await t.call({
      method: 'PUT',
      url: `/api/v1/teams/members/${member.id}/permissions`,
      token: otherOwnerToken,
      orgId: otherOrgId,
      payload: { permissions: [] },
    });
    expect(foreignPut.statusCode).toBe(404);
    // Naming the demo company as OrgId: not a member there, refused.
    const named = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/members/${member.id}`,
      token: otherOwnerToken,
      orgId,
    });
    expect(named.statusCode).toBe(403);
    expect(await grantsOf(member.id)).not.toBeNull();
    // Another organization's invitation is unknown too, and its members are not listed.
    const created = (await invite(uniqueEmail(), ['billing.documents.1'])).json() as { id: string };
    for (const [method, url] of [
      ['DELETE', `/api/v1/teams/invitations/${created.id}`],
      ['POST', `/api/v1/teams/invitations/${created.id}/resend`],
    ] as const) {
      const response = await t.call({ method, url, token: otherOwnerToken, orgId: otherOrgId });
      expect(response.statusCode).toBe(404);
    }
    const theirs = (
      await t.call({ method: 'GET', url: '/api/v1/teams/members', token: otherOwnerToken, orgId: otherOrgId })
    ).json() as { members: { userId: string }[] };
    expect(theirs.members.map((m) => m.userId)).not.toContain(member.id);
    const invitations = (
      await t.call({
        method: 'GET',
        url: '/api/v1/teams/invitations',
        token: otherOwnerToken,
        orgId: otherOrgId,
      })
    ).json() as { invitations: { id: string }[] };
    expect(invitations.invitations.map((i) => i.id)).not.toContain(created.id);
  });

  it('a removed member loses access at once', async () => {
    const member = await memberWith(presetPermissions('bookkeeper'));
    const reach = () =>
      t.call({ method: 'GET', url: `/api/v1/organizations/${orgId}/brand`, token: member.token });
    expect((await reach()).statusCode).toBe(200);
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/v1/teams/members/${member.id}`,
      token: ownerToken,
      orgId,
    });
    expect(removed.json()).toEqual({ removed: true });
    expect((await reach()).statusCode).toBe(403);
    expect(await messagesOf(member.id)).toEqual(expect.arrayContaining(['REFRESH_ORGANIZATIONS']));
  });

  it('the last owner cannot leave; after transferring ownership the former owner can', async () => {
    // A fresh owner with an organization of their own.
    const owner = await newUser();
    const nif = ptNif(7_654_321);
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/organizations',
      token: owner.token,
      payload: { name: 'Equipa, Lda', vatNumber: nif, country: 'PT' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const leave = () =>
      t.call({ method: 'DELETE', url: `/api/v1/organizations/${id}/leave`, token: owner.token });
    expect((await leave()).json()).toMatchObject({ code: 'OWNER_CANNOT_LEAVE' });

    const email = uniqueEmail();
    expect((await invite(email, presetPermissions('admin'), owner.token, id)).statusCode).toBe(201);
    const colleague = (await signupThrough(await mailedToken(email))).json() as {
      id: string;
      auth_token: string;
    };
    // A member cannot transfer the ownership, nor remove the owner.
    const stolen = await t.call({
      method: 'POST',
      url: '/api/v1/teams/transfer-ownership',
      token: colleague.auth_token,
      orgId: id,
      payload: { userId: colleague.id },
    });
    expect(stolen.statusCode).toBe(403);
    const transfer = await t.call({
      method: 'POST',
      url: '/api/v1/teams/transfer-ownership',
      token: owner.token,
      orgId: id,
      payload: { userId: colleague.id },
    });
    expect(transfer.json()).toEqual({ ownerId: colleague.id });
    expect(await grantsOf(colleague.id, id)).toEqual({ role: 'owner', permissions: allGrants() });
    expect((await grantsOf(owner.id, id))?.role).toBe('member');
    expect((await leave()).json()).toEqual({ left: true });
    expect(await grantsOf(owner.id, id)).toBeNull();
  });
});

describe('bad input is refused with a translated 400 and changes nothing', () => {
  it('on inviting and on changing permissions', async () => {
    const before = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM organization_invitations`,
    );
    for (const payload of [
      { email: 'not-an-email', permissions: [] },
      { email: uniqueEmail(), permissions: ['nowhere.at.all.1'] },
      { email: uniqueEmail(), permissions: ['billing.documents.99'] },
      { email: uniqueEmail(), permissions: ['billing.documents.1', 'billing.documents.7'] },
      { email: uniqueEmail(), permissions: [], extra: true },
    ]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/v1/teams/invitations',
        token: ownerToken,
        orgId,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        messageKey: 'ERRORS.VALIDATION_FAILED',
      });
    }
    const after = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM organization_invitations`,
    );
    expect(after).toEqual(before);
    const badId = await t.call({
      method: 'PUT',
      url: '/api/v1/teams/members/not-a-uuid/permissions',
      token: ownerToken,
      orgId,
      payload: { permissions: [] },
    });
    expect(badId.statusCode).toBe(400);
    const badToken = await t.call({
      method: 'POST',
      url: '/api/v1/invitations/lookup',
      payload: { token: 'short' },
    });
    expect(badToken.statusCode).toBe(400);
    const unknown = await t.call({
      method: 'POST',
      url: '/api/v1/invitations/lookup',
      payload: { token: 'A'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(410);
  });
});

/** A valid Portuguese company NIF (first digit 5) built from a number, with its check digit. */
function ptNif(seed: number): string {
  const base = `5${String(seed % 10_000_000).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * (9 - i);
  const remainder = sum % 11;
  return `${base}${remainder < 2 ? 0 : 11 - remainder}`;
}

function allGrantsStrings(): string[] {
  return grantsToStrings(allGrants());
}

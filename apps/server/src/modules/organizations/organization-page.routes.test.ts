import { ORGANIZATION_LOGO_MAX_BYTES, type OrganizationsList } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../test/harness.ts';
import { ensureLedger } from '../accounting/index.ts';

// The organization page (/organization) and the user's organizations (/settings/organizations):
// identity and fiscal settings, logo, default organization, leaving and removal (docs/organization.md).

let t: TestApp;

/** A valid Portuguese company NIF (first digit 5) built from a number, with its check digit. */
function ptNif(seed: number): string {
  const base = `5${String(seed % 10_000_000).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * (9 - i);
  const remainder = sum % 11;
  return `${base}${remainder < 2 ? 0 : 11 - remainder}`;
}
let nifSeed = 7_300_000;
const nextNif = () => ptNif(nifSeed++);

interface User {
  email: string;
  token: string;
  id: string;
}

function newUser(): Promise<User> {
  return t.newUser('org-page', { name: 'Dona da Empresa' });
}

async function newOrganization(
  owner: User,
  name = 'Empresa da Página, Lda',
): Promise<{ id: string; vat: string }> {
  const vat = nextNif();
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/organizations',
    token: owner.token,
    payload: { name, vatNumber: vat, country: 'PT' },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, vat };
}

async function addMember(owner: User, organizationId: string, member: User, permissions: string[]) {
  const response = await t.call({
    method: 'POST',
    url: '/api/v1/organizations/permissions',
    token: owner.token,
    orgId: organizationId,
    payload: { email: member.email, permissions },
  });
  expect(response.statusCode).toBe(200);
}

const details = async (token: string, id: string) =>
  t.call({ method: 'GET', url: `/api/v1/organizations/${id}`, token, orgId: id });
const patch = (token: string, id: string, payload: Record<string, unknown>, orgId = id) =>
  t.call({ method: 'PATCH', url: `/api/v1/organizations/${id}`, token, orgId, payload });
const remove = (token: string, id: string, payload: unknown) =>
  t.call({
    method: 'DELETE',
    url: `/api/v1/organizations/${id}`,
    token,
    orgId: id,
    payload: payload as object,
  });

async function realtimeTypes(userId: string): Promise<string[]> {
  const found = await rows<{ type: string }>(
    t.database.db,
    sql`SELECT type FROM realtime_messages WHERE user_id = ${userId} ORDER BY seq`,
  );
  return found.map((row) => row.type);
}

let owner: User;
let member: User;
let stranger: User;
let org: { id: string; vat: string };
let strangerOrg: { id: string; vat: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser();
  member = await newUser();
  stranger = await newUser();
  org = await newOrganization(owner);
  strangerOrg = await newOrganization(stranger, 'Outra Empresa, Lda');
  // The member sees the organization but may not edit it.
  await addMember(owner, org.id, member, ['organization.orgs.1', 'treasury.cash.1']);
});
afterAll(async () => {
  await t?.close();
});

describe('identity and fiscal settings (PATCH /api/v1/organizations/:id)', () => {
  it('saves identity and fiscal settings, records them in the audit log and tells the other members', async () => {
    const before = (await realtimeTypes(member.id)).filter((type) => type === 'REFRESH_ORGANIZATIONS').length;
    const response = await patch(owner.token, org.id, {
      name: 'Empresa Renomeada, Lda',
      sectorCode: 'j',
      address: 'Rua das Flores, 12',
      postalCode: '1200-195',
      city: 'Lisboa',
      email: 'geral@renomeada.pt',
      phone: '+351 210 000 000',
      brandColor: '#1A7F5A',
      vatRegime: 'quarterly',
      accountingRegime: 'simplified',
      fiscalYearStartMonth: 4,
      currency: 'usd',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Empresa Renomeada, Lda',
      sectorCode: 'J',
      brandColor: '#1A7F5A',
      vatRegime: 'quarterly',
      accountingRegime: 'simplified',
      fiscalYearStartMonth: 4,
      currency: 'USD',
    });
    const read = await details(member.token, org.id);
    expect(read.json()).toMatchObject({
      name: 'Empresa Renomeada, Lda',
      vatRegime: 'quarterly',
      city: 'Lisboa',
    });

    await t.app.auditLog.flush();
    const [audit] = await rows<{
      changes: Record<string, { before: unknown; after: unknown }>;
      actor_id: string;
    }>(
      t.database.db,
      sql`SELECT changes, actor_id FROM audit_log
          WHERE organization_id = ${org.id} AND entity = 'organizations' AND method = 'PATCH'
          ORDER BY at DESC LIMIT 1`,
    );
    expect(audit?.actor_id).toBe(owner.id);
    expect(audit?.changes.vatRegime).toEqual({ before: 'monthly', after: 'quarterly' });
    expect(audit?.changes.name).toEqual({
      before: 'Empresa da Página, Lda',
      after: 'Empresa Renomeada, Lda',
    });

    const after = (await realtimeTypes(member.id)).filter((type) => type === 'REFRESH_ORGANIZATIONS').length;
    expect(after).toBeGreaterThan(before);
  });

  it('refuses bad input with a translated 400 and changes nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { vatNumber: '123456780' }, // fails the NIF check digit
      { vatRegime: 'weekly' },
      { accountingRegime: 'creative' },
      { fiscalYearStartMonth: 13 },
      { fiscalYearStartMonth: 0 },
      { brandColor: 'red' },
      { sectorCode: 'Z' },
      { currency: 'XYZ' },
      { country: 'ZZ' },
      { country: 'AO' }, // the PT NIF is not an Angolan one
      { logoUrl: 'data:image/png;base64,AAAA' }, // set only by the upload
    ];
    const snapshot = (await details(owner.token, org.id)).json();
    for (const payload of bad) {
      const response = await patch(owner.token, org.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code, JSON.stringify(payload)).toBe('VALIDATION_FAILED');
      expect(response.json().messageKey ?? response.json().code).toBeTruthy();
    }
    expect((await details(owner.token, org.id)).json()).toEqual(snapshot);
  });

  it('keeps the fiscal-year start and the country once the accounting has started', async () => {
    const demo = await t.signin('demo@fluxo.example');
    const list: OrganizationsList = (
      await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: demo })
    ).json();
    const demoOrg = list.myOrgs.find((o) => o.name === 'Fluxo Demo, Lda')!;
    const month = await patch(demo, demoOrg.id, { fiscalYearStartMonth: 7 });
    expect(month.statusCode).toBe(409);
    expect(month.json().code).toBe('FISCAL_SETTINGS_LOCKED');
    const regime = await patch(demo, demoOrg.id, { vatRegime: 'quarterly' });
    expect(regime.statusCode).toBe(200);
    expect((await details(demo, demoOrg.id)).json().fiscalYearStartMonth).toBe(1);
  });

  it('opens the ledger at the organization’s fiscal-year start, and follows it until a year is open', async () => {
    await t.database.db.transaction((tx) => ensureLedger(tx as unknown as Db, org.id));
    const month = async () =>
      (
        await rows<{ m: number }>(
          t.database.db,
          sql`SELECT fiscal_year_start_month AS m FROM accounting_settings WHERE organization_id = ${org.id}`,
        )
      )[0]?.m;
    expect(await month()).toBe(4);
    expect((await patch(owner.token, org.id, { fiscalYearStartMonth: 5 })).statusCode).toBe(200);
    expect(await month()).toBe(5);
    // The ledger fixes the chart, hence the country.
    const country = await patch(owner.token, org.id, { country: 'ES', vatNumber: 'B12345674' });
    expect(country.statusCode).toBe(409);
    expect(country.json().code).toBe('FISCAL_SETTINGS_LOCKED');
    expect((await patch(owner.token, org.id, { fiscalYearStartMonth: 4 })).statusCode).toBe(200);
  });

  it('refuses a member without organization.orgs EDIT, and anyone outside the organization', async () => {
    const asMember = await patch(member.token, org.id, { name: 'Tomada' });
    expect(asMember.statusCode).toBe(403);
    for (const orgId of [org.id, strangerOrg.id]) {
      const asStranger = await patch(stranger.token, org.id, { name: 'Tomada' }, orgId);
      expect(asStranger.statusCode).toBe(403);
      const read = await t.call({
        method: 'GET',
        url: `/api/v1/organizations/${org.id}`,
        token: stranger.token,
        orgId,
      });
      expect(read.statusCode).toBe(403);
    }
    expect((await details(owner.token, org.id)).json().name).toBe('Empresa Renomeada, Lda');
  });
});

describe('logo (PUT/DELETE /api/v1/organizations/:id/logo)', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (token: string, body: Buffer | string, contentType: string, id = org.id) =>
    t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${id}/logo`,
      token,
      orgId: id,
      headers: { 'content-type': contentType },
      payload: body,
    });

  it('keeps a PNG as a data URL that documents print, and removes it', async () => {
    const response = await upload(owner.token, PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json().logoUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect((await details(member.token, org.id)).json().logoUrl).toMatch(/^data:image\/png;base64,/);
    const svg = await upload(
      owner.token,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1A7F5A"/></svg>',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(200);
    expect(svg.json().logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/v1/organizations/${org.id}/logo`,
      token: owner.token,
      orgId: org.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
  });

  it('refuses what is not a PNG, JPEG or safe SVG, a file too large, and a member without EDIT', async () => {
    expect((await upload(owner.token, PNG, 'image/jpeg')).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await upload(owner.token, 'plain text', 'image/png')).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const scripted = await upload(
      owner.token,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const gif = await upload(owner.token, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBeGreaterThanOrEqual(400);
    expect(gif.statusCode).toBeLessThan(500);
    const big = Buffer.concat([PNG, Buffer.alloc(ORGANIZATION_LOGO_MAX_BYTES)]);
    const tooLarge = await upload(owner.token, big, 'image/png');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().code).toBe('FILE_TOO_LARGE');
    expect((await upload(member.token, PNG, 'image/png')).statusCode).toBe(403);
    expect((await upload(stranger.token, PNG, 'image/png')).statusCode).toBe(403);
    expect((await details(owner.token, org.id)).json().logoUrl).toBeNull();
  });
});

describe('default organization (PUT /api/v1/organizations/:id/default)', () => {
  it('makes one of the user’s organizations their default, carried by the next token', async () => {
    const response = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${org.id}/default`,
      token: member.token,
      orgId: org.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ defaultOrganizationId: org.id });
    expect(decodeClaims(await t.signin(member.email, 'a-long-password')).defaultOrg).toBe(org.id);
    expect(await realtimeTypes(member.id)).toContain('REFRESH_TOKEN');
  });

  it('refuses an organization the user is not a member of', async () => {
    const response = await t.call({
      method: 'PUT',
      url: `/api/v1/organizations/${strangerOrg.id}/default`,
      token: member.token,
      orgId: strangerOrg.id,
    });
    expect(response.statusCode).toBe(403);
    expect(decodeClaims(await t.signin(member.email, 'a-long-password')).defaultOrg).toBe(org.id);
  });
});

describe('leaving and removing (DELETE /leave, DELETE /:id)', () => {
  it('the last owner cannot leave', async () => {
    const response = await t.call({
      method: 'DELETE',
      url: `/api/v1/organizations/${org.id}/leave`,
      token: owner.token,
      orgId: org.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('OWNER_CANNOT_LEAVE');
    expect((await details(owner.token, org.id)).statusCode).toBe(200);
  });

  it('refuses a removal without the right VAT number, and by anyone but the owner', async () => {
    for (const payload of [undefined, {}, { confirmation: '' }, { confirmation: '   ' }]) {
      const response = await remove(owner.token, org.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const wrong = await remove(owner.token, org.id, { confirmation: nextNif() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('REMOVAL_NOT_CONFIRMED');
    const byEmail = await remove(owner.token, org.id, { confirmation: owner.email });
    expect(byEmail.json().code).toBe('REMOVAL_NOT_CONFIRMED');
    expect((await remove(member.token, org.id, { confirmation: org.vat })).statusCode).toBe(403);
    expect((await remove(stranger.token, org.id, { confirmation: org.vat })).statusCode).toBe(403);
    expect((await details(owner.token, org.id)).statusCode).toBe(200);
  });

  it('a member leaves; the owner removes the organization with its VAT number', async () => {
    const left = await t.call({
      method: 'DELETE',
      url: `/api/v1/organizations/${org.id}/leave`,
      token: member.token,
      orgId: org.id,
    });
    expect(left.statusCode).toBe(200);
    expect((await details(member.token, org.id)).statusCode).toBe(403);

    const removed = await remove(owner.token, org.id, { confirmation: ` pt${org.vat} ` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await details(owner.token, org.id)).statusCode).toBe(403);
    const [gone] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM organizations WHERE id = ${org.id}`,
    );
    expect(gone?.n).toBe(0);
    expect((await details(stranger.token, strangerOrg.id)).statusCode).toBe(200);
  });

  it('removes an organization holding posted entries, documents and movements (the demo company)', async () => {
    const demo = await t.signin('demo@fluxo.example');
    const list: OrganizationsList = (
      await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: demo })
    ).json();
    const demoOrg = list.myOrgs.find((o) => o.name === 'Fluxo Demo, Lda')!;
    const response = await remove(demo, demoOrg.id, { confirmation: demoOrg.vatNumber });
    expect(response.statusCode).toBe(200);
    expect((await details(demo, demoOrg.id)).statusCode).toBe(403);
  });
});

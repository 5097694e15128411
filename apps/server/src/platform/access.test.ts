import { PermissionFlag } from '@fluxo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type Access, describeAccess } from './access.ts';

// An `org` route with `anyOf` admits a member holding any one of its grants, and nobody else.
const EITHER: Access = {
  kind: 'org',
  resource: 'treasury.inOut',
  flag: PermissionFlag.VIEW,
  anyOf: [{ resource: 'treasury.pos', flag: PermissionFlag.VIEW }],
};

let t: TestApp;
let demoOrg: string;
beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      app.get('/api/v1/test/any-of', { config: { access: EITHER } }, async () => ({ ok: true })),
  });
  const demo = await t.signin('demo@fluxo.example');
  demoOrg = JSON.parse(Buffer.from(demo.split('.')[1]!, 'base64url').toString()).defaultOrg;
});
afterAll(async () => {
  await t?.close();
});

describe('anyOf grants', () => {
  it('describes every grant that admits', () => {
    expect(describeAccess(EITHER)).toBe('member with treasury.inOut VIEW or treasury.pos VIEW (OrgId)');
  });

  it('admits the owner and a member with one of the grants, refuses a member with neither', async () => {
    const call = async (email: string) =>
      (
        await t.call({
          method: 'GET',
          url: '/api/v1/test/any-of',
          token: await t.signin(email),
          orgId: demoOrg,
        })
      ).statusCode;
    expect(await call('demo@fluxo.example')).toBe(200);
    // pos@ holds treasury.pos VIEW only; cash@ holds treasury.cash VIEW only.
    expect(await call('pos@fluxo.example')).toBe(200);
    expect(await call('cash@fluxo.example')).toBe(403);
  });
});

import type { Organization, OrganizationsList } from '@fluxo/domain/organizations/contracts';
import { describe, expect, it } from 'vitest';
import { defaultOrganization, firstMenuPath, resolveSelectedOrganization } from './default-organization.ts';

function org(id: string, overrides: Partial<Organization> = {}): Organization {
  return {
    id,
    name: id,
    vatNumber: '508332150',
    country: 'PT',
    currency: 'EUR',
    type: 'company',
    role: 'owner',
    locked: false,
    planName: 'premium',
    cloudCredit: 0,
    ownerIsSimple: false,
    permissions: [],
    menus: [],
    ...overrides,
  };
}

const list = (mine: Organization[], member: Organization[] = []): OrganizationsList => ({
  myOrgs: mine,
  memberOrgs: member,
  particularOrgs: [],
});

describe('default organization (spec §4)', () => {
  it('is the one named in the token when it is usable', () => {
    expect(defaultOrganization(list([org('a')], [org('b')]), 'b')?.id).toBe('b');
  });

  it('else the first unlocked owned one, else the first unlocked membership', () => {
    expect(defaultOrganization(list([org('a', { locked: true }), org('b')], [org('c')]), 'x')?.id).toBe('b');
    expect(
      defaultOrganization(list([org('a', { locked: true })], [org('c', { locked: true }), org('d')]), '')?.id,
    ).toBe('d');
  });

  it('is never a locked organization, even when the token names it', () => {
    expect(defaultOrganization(list([org('a', { locked: true })]), 'a')).toBeNull();
  });

  it('gives way to the one chosen on this device while that one stays usable', () => {
    const orgs = list([org('a'), org('b')], [org('c', { locked: true })]);
    expect(resolveSelectedOrganization(orgs, 'b', 'a')?.id).toBe('b');
    expect(resolveSelectedOrganization(orgs, 'c', 'a')?.id).toBe('a');
    expect(resolveSelectedOrganization(orgs, 'gone', 'a')?.id).toBe('a');
  });
});

describe('first menu path', () => {
  it('follows the menu order, then the entry order', () => {
    const menus = [
      {
        key: 'billing',
        title: 'B',
        order: 50,
        subMenus: [{ key: 'd', title: 'D', path: '/billing/documents', order: 51 }],
      },
      {
        key: 'treasury',
        title: 'T',
        order: 30,
        subMenus: [
          { key: 'f', title: 'F', path: '/treasury/financing', order: 34 },
          { key: 'w', title: 'W', path: '/treasury/wallets', order: 31 },
        ],
      },
    ];
    expect(firstMenuPath({ menus })).toBe('/treasury/wallets');
    expect(firstMenuPath({ menus: [] })).toBeNull();
    expect(firstMenuPath(null)).toBeNull();
  });
});

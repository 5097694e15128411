import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allGrants,
  can,
  canFromStrings,
  grantsToStrings,
  hasFlag,
  PermissionFlag,
  parsePermission,
  RESOURCES,
  stringsToGrants,
} from './permissions.ts';

const flag = fc.integer({ min: 0, max: 15 });
const resource = fc.constantFrom(...RESOURCES);

describe('permission flags', () => {
  it('has the spec values', () => {
    expect(PermissionFlag).toEqual({
      NONE: 0,
      VIEW: 1,
      CREATE: 2,
      VC: 3,
      EDIT: 4,
      VCE: 7,
      DELETE: 8,
      ADMIN: 15,
    });
  });

  it('ADMIN holds every flag and every flag holds NONE', () => {
    fc.assert(fc.property(flag, (f) => hasFlag(PermissionFlag.ADMIN, f) && hasFlag(f, PermissionFlag.NONE)));
  });

  it('a grant holds a request exactly when it contains all its bits', () => {
    fc.assert(
      fc.property(
        flag,
        flag,
        (granted, required) => hasFlag(granted, required) === ((granted | required) === granted),
      ),
    );
  });

  it('VCE holds VIEW, CREATE and EDIT but not DELETE', () => {
    expect(hasFlag(PermissionFlag.VCE, PermissionFlag.VIEW)).toBe(true);
    expect(hasFlag(PermissionFlag.VCE, PermissionFlag.EDIT)).toBe(true);
    expect(hasFlag(PermissionFlag.VCE, PermissionFlag.DELETE)).toBe(false);
  });
});

describe('resource catalogue', () => {
  it('names resources group.resource, with the groups of the issue', () => {
    expect(RESOURCES).toContain('treasury.cash');
    expect(RESOURCES).toContain('integrations.aoContributorPortal');
    expect(RESOURCES).toContain('reports.saftMz');
    expect(RESOURCES).toContain('dashboards.dashboards');
    expect(new Set(RESOURCES).size).toBe(RESOURCES.length);
    expect(RESOURCES).toHaveLength(7 + 11 + 5 + 8 + 4 + 3 + 4 + 1 + 4 + 4 + 1);
  });
});

describe('permission strings', () => {
  it('round-trips grants through the token form', () => {
    fc.assert(
      fc.property(fc.dictionary(resource, flag), (grants) => {
        expect(stringsToGrants(grantsToStrings(grants))).toEqual(grants);
      }),
    );
  });

  it('needs a dot and a numeric last segment', () => {
    expect(parsePermission('treasury.cash.7')).toEqual({ resource: 'treasury.cash', flag: 7 });
    expect(parsePermission('treasury')).toBeNull();
    expect(parsePermission('treasury.cash.x')).toBeNull();
    expect(parsePermission('.7')).toBeNull();
    expect(parsePermission('treasury.cash.')).toBeNull();
  });

  it('checks all the requested bits, and with NONE only that the resource is listed', () => {
    const list = ['treasury.cash.3', 'billing.documents.0'];
    expect(canFromStrings(list, 'treasury.cash', PermissionFlag.VIEW)).toBe(true);
    expect(canFromStrings(list, 'treasury.cash', PermissionFlag.VC)).toBe(true);
    expect(canFromStrings(list, 'treasury.cash', PermissionFlag.EDIT)).toBe(false);
    expect(canFromStrings(list, 'billing.documents', PermissionFlag.NONE)).toBe(true);
    expect(canFromStrings(list, 'billing.documents', PermissionFlag.VIEW)).toBe(false);
    expect(canFromStrings(list, 'treasury.pos', PermissionFlag.NONE)).toBe(false);
  });

  it('an owner (all grants at ADMIN) can do anything on any resource', () => {
    const owner = allGrants();
    fc.assert(fc.property(resource, flag, (r, f) => can(owner, r, f)));
  });
});

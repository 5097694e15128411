import { describe, expect, it } from 'vitest';
import { allGrants, type Grants, RESOURCES } from '../permissions.ts';
import {
  grantsBeyond,
  grantsWithin,
  presetGrants,
  presetOf,
  presetPermissions,
  ROLE_PRESETS,
} from './teams.ts';

describe('role presets', () => {
  it('grant only known resources at valid flags, never the portfolio', () => {
    for (const preset of ROLE_PRESETS) {
      const grants = presetGrants(preset);
      expect(Object.keys(grants).length).toBeGreaterThan(0);
      for (const [resource, flag] of Object.entries(grants)) {
        expect(RESOURCES).toContain(resource);
        expect([1, 2, 3, 4, 7, 8, 15]).toContain(flag);
        expect(resource.startsWith('portfolio.')).toBe(false);
      }
    }
  });

  it('say what each role is for', () => {
    const viewer = presetGrants('viewer');
    expect(Object.values(viewer).filter((flag) => flag !== 1)).toEqual([7]); // chat only: writing messages
    const bookkeeper = presetGrants('bookkeeper');
    expect(bookkeeper['accounting.entries']).toBe(15);
    expect(bookkeeper['treasury.inOut']).toBe(7);
    expect(bookkeeper['billing.documents']).toBe(1);
    expect(bookkeeper['settings.teams']).toBeUndefined();
    const sales = presetGrants('sales');
    expect(sales['billing.documents']).toBe(7);
    expect(sales['accounting.entries']).toBeUndefined();
    const admin = presetGrants('admin');
    expect(admin['settings.teams']).toBe(15);
    expect(admin['portfolio.clients']).toBeUndefined();
  });

  it('are recognised from their grants, and a custom matrix is none of them', () => {
    for (const preset of ROLE_PRESETS) expect(presetOf(presetGrants(preset))).toBe(preset);
    expect(presetOf({ ...presetGrants('viewer'), 'billing.documents': 7 })).toBeNull();
    expect(presetOf({})).toBeNull();
    expect(presetPermissions('sales')).toContain('billing.documents.7');
  });

  it('every preset stays within what an owner holds', () => {
    for (const preset of ROLE_PRESETS) expect(grantsBeyond(allGrants(), presetGrants(preset))).toEqual([]);
  });
});

describe('no widening', () => {
  const held: Grants = { 'billing.documents': 7, 'treasury.cash': 1 };
  it('names what goes beyond the granter', () => {
    expect(grantsBeyond(held, { 'billing.documents': 3 })).toEqual([]);
    expect(grantsBeyond(held, { 'billing.documents': 15, 'treasury.cash': 1 })).toEqual([
      'billing.documents',
    ]);
    expect(grantsBeyond(held, { 'accounting.entries': 1 })).toEqual(['accounting.entries']);
    // NONE still lists the resource: it too needs the granter to hold it.
    expect(grantsBeyond(held, { 'accounting.entries': 0 })).toEqual(['accounting.entries']);
  });
  it('narrows a grant to what the granter holds, bit by bit', () => {
    expect(
      grantsWithin(held, { 'billing.documents': 15, 'treasury.cash': 7, 'accounting.entries': 1 }),
    ).toEqual({
      'billing.documents': 7,
      'treasury.cash': 1,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildMenus, MENU_ORDER } from './menus.ts';
import { allGrants, PermissionFlag } from './permissions.ts';

describe('menus', () => {
  it('uses the spec order numbers', () => {
    expect(MENU_ORDER).toEqual({
      welcome: 10,
      portfolio: 20,
      treasury: 30,
      financial: 40,
      billing: 50,
      accounting: 60,
      reports: 70,
      integrations: 80,
      organization: 90,
      chat: 300,
    });
  });

  it('gives an owner of a PT premium organization every menu but portfolio, sorted, PT integrations only', () => {
    const menus = buildMenus({
      grants: allGrants(),
      planName: 'premium',
      country: 'PT',
      isPortfolioUser: false,
    });
    expect(menus.map((m) => m.key)).toEqual([
      'welcome',
      'treasury',
      'financial',
      'billing',
      'accounting',
      'reports',
      'integrations',
      'organization',
      'chat',
    ]);
    const integrations = menus.find((m) => m.key === 'integrations')!;
    expect(integrations.subMenus.map((s) => s.path)).toEqual([
      '/integrations/pt/bank-portugal',
      '/integrations/pt/fiscal-situation',
      '/integrations/pt/seg-social',
      '/integrations/pt/efatura',
    ]);
    const reports = menus.find((m) => m.key === 'reports')!;
    expect(reports.subMenus.map((s) => s.path)).not.toContain('/reports/ao/saftboard');
  });

  it('adds portfolio first after welcome for portfolio users', () => {
    const menus = buildMenus({
      grants: allGrants(),
      planName: 'premium_founder',
      country: 'PT',
      isPortfolioUser: true,
    });
    expect(menus[1]?.key).toBe('portfolio');
    expect(menus[1]?.order).toBe(20);
  });

  it('shows AO integrations for an AO organization', () => {
    const menus = buildMenus({
      grants: allGrants(),
      planName: 'expand',
      country: 'ao',
      isPortfolioUser: false,
    });
    expect(menus.find((m) => m.key === 'integrations')!.subMenus.map((s) => s.path)).toEqual([
      '/integrations/ao/portal-contribuinte',
      '/integrations/ao/seg-social',
    ]);
  });

  it('follows permissions: a POS-only member sees only the POS wallet under treasury', () => {
    const menus = buildMenus({
      grants: { 'treasury.pos': PermissionFlag.VIEW },
      planName: 'premium',
      country: 'PT',
      isPortfolioUser: false,
    });
    expect(menus.map((m) => m.key)).toEqual(['welcome', 'treasury']);
    expect(menus[1]!.subMenus.map((s) => s.path)).toEqual(['/treasury/wallets/pos']);
  });

  it('follows the plan: SIMPLE has no accounting, reports or integrations', () => {
    const keys = buildMenus({
      grants: allGrants(),
      planName: 'simple',
      country: 'PT',
      isPortfolioUser: false,
    }).map((m) => m.key);
    expect(keys).not.toContain('accounting');
    expect(keys).not.toContain('reports');
    expect(keys).not.toContain('integrations');
    expect(keys).toContain('treasury');
  });

  it('treats an unknown plan as custom, with every module', () => {
    const keys = buildMenus({
      grants: allGrants(),
      planName: 'enterprise-2030',
      country: 'PT',
      isPortfolioUser: false,
    }).map((m) => m.key);
    expect(keys).toContain('reports');
  });
});

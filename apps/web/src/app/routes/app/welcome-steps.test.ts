import { describe, expect, it } from 'vitest';
import { isOrganizationComplete, welcomeProgress, welcomeSteps } from './welcome-steps.ts';

const complete = {
  email: 'a@b.pt',
  phone: '210000000',
  address: 'Rua 1',
  postalCode: '1000-001',
  city: 'Lisboa',
  sectorCode: 'J',
};
const companyMenu = ['/welcome', '/treasury/wallets', '/billing/documents', '/organization'];

describe('welcome steps', () => {
  it('asks a user without organization to create one, and nothing else', () => {
    const steps = welcomeSteps({
      profile: 2,
      hasOrganization: false,
      menuPaths: [],
      organization: null,
      bankConnections: null,
    });
    expect(steps).toEqual([{ key: 'organization', done: false, href: null }]);
  });

  it('gives a company organization data, bank, first invoice and the accountant', () => {
    const steps = welcomeSteps({
      profile: 2,
      hasOrganization: true,
      menuPaths: companyMenu,
      organization: complete,
      bankConnections: 2,
    });
    expect(steps.map((s) => [s.key, s.done])).toEqual([
      ['organizationData', true],
      ['bank', true],
      ['invoice', false],
      ['accountant', false],
    ]);
    expect(welcomeProgress(steps)).toEqual({ done: 2, total: 4, percent: 50 });
  });

  it('never counts what it cannot read as done', () => {
    const steps = welcomeSteps({
      profile: 2,
      hasOrganization: true,
      menuPaths: companyMenu,
      organization: null,
      bankConnections: null,
    });
    expect(steps.every((s) => !s.done)).toBe(true);
  });

  it('follows the plan: no billing in the menu, no invoice step', () => {
    const steps = welcomeSteps({
      profile: 2,
      hasOrganization: true,
      menuPaths: ['/welcome', '/treasury/wallets/pos'],
      organization: null,
      bankConnections: 0,
    });
    expect(steps.map((s) => s.key)).toEqual(['bank', 'accountant']);
    expect(steps[0]?.href).toBe('/treasury/wallets/pos');
  });

  it('gives an accountant clients and team; an individual a budget', () => {
    const expert = welcomeSteps({
      profile: 4,
      hasOrganization: true,
      menuPaths: [...companyMenu, '/portfolio/clients'],
      organization: complete,
      bankConnections: 0,
    });
    expect(expert.map((s) => s.key)).toEqual(['organizationData', 'clients', 'bank', 'invoice', 'team']);
    const particular = welcomeSteps({
      profile: 1,
      hasOrganization: true,
      menuPaths: ['/treasury/wallets', '/financial-management/budget'],
      organization: null,
      bankConnections: 0,
    });
    expect(particular.map((s) => s.key)).toEqual(['bank', 'budget']);
  });

  it('needs every detail for complete organization data', () => {
    expect(isOrganizationComplete(complete)).toBe(true);
    expect(isOrganizationComplete({ ...complete, phone: ' ' })).toBe(false);
    expect(isOrganizationComplete({ ...complete, sectorCode: null })).toBe(false);
  });
});

import { POSTING_ROLES } from '@fluxo/domain';
import { describe, expect, it } from 'vitest';
import { ROLE_DEFAULTS } from '../posting/accounts.ts';
import { type ChartAccount, chartAccounts } from './seed.ts';

// The official charts kept in resources/fiscal/charts (sources in resources/fiscal/NOTICE): whole, with
// a consistent tree, and for the SNC the SAF-T taxonomy S code of Portaria 302/2016 on each movement account.

function checkTree(accounts: ChartAccount[]) {
  const byCode = new Map(accounts.map((account) => [account.code, account]));
  expect(byCode.size).toBe(accounts.length);
  const parents = new Set(accounts.map((account) => account.parentCode).filter(Boolean));
  for (const account of accounts) {
    expect(account.code, account.code).toMatch(/^\d{1,6}$/);
    expect(account.name.trim().length, account.code).toBeGreaterThan(0);
    if (account.code.length === 1) {
      expect(account.parentCode, account.code).toBeNull();
      expect(account.groupingCategory, account.code).toBe('GR');
      continue;
    }
    const parent = byCode.get(account.parentCode ?? '');
    expect(parent, `${account.code}'s parent ${account.parentCode}`).toBeDefined();
    expect(parent?.groupingCategory, account.code).not.toBe('GM');
    // An account with children aggregates; one without takes the entries.
    expect(account.groupingCategory, account.code).toBe(parents.has(account.code) ? 'GA' : 'GM');
  }
}

describe('SNC chart (Portaria 218/2015, taxonomy S of Portaria 302/2016)', () => {
  it('has every class, group and movement account of the code list', async () => {
    const accounts = await chartAccounts('SNC');
    checkTree(accounts);
    const count = (category: string) => accounts.filter((a) => a.groupingCategory === category).length;
    expect(count('GR')).toBe(8);
    expect(count('GA')).toBe(204);
    expect(count('GM')).toBe(642);
    // Every parent is a prefix of its code (the SNC is a decimal code list).
    for (const account of accounts)
      if (account.parentCode) expect(account.code.startsWith(account.parentCode), account.code).toBe(true);
    const names = new Map(accounts.map((account) => [account.code, account.name]));
    expect(names.get('1')).toBe('Meios financeiros líquidos');
    expect(names.get('3')).toBe('Inventários e ativos biológicos');
    expect(names.get('62')).toBe('Fornecimentos e serviços externos');
    expect(names.get('2111')).toBe('Clientes gerais');
  });

  it('gives each movement account its own taxonomy code, and no other account one', async () => {
    const accounts = await chartAccounts('SNC');
    const codes = accounts.filter((a) => a.groupingCategory === 'GM').map((a) => a.taxonomyCode);
    expect(
      codes.every((code) => Number.isInteger(code) && (code as number) >= 1 && (code as number) <= 647),
    ).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(accounts.filter((a) => a.groupingCategory !== 'GM' && a.taxonomyCode !== null)).toEqual([]);
    // 1 Caixa … 647 Dividendos antecipados; the taxonomy lines no account of the code list carries
    // (sub-divisions left to the entity: 220, 225, 230, 233 of class 4, 412 of 64) stay out.
    const taxonomy = new Map(accounts.map((a) => [a.code, a.taxonomyCode]));
    expect([taxonomy.get('11'), taxonomy.get('12'), taxonomy.get('2111'), taxonomy.get('2433')]).toEqual([
      1, 2, 10, 75,
    ]);
    expect([taxonomy.get('6988'), taxonomy.get('818'), taxonomy.get('89')]).toEqual([505, 646, 647]);
    const missing = Array.from({ length: 647 }, (_, i) => i + 1).filter((code) => !codes.includes(code));
    expect(missing).toEqual([220, 225, 230, 233, 412]);
  });
});

describe('PGC chart (Decreto 82/2001)', () => {
  it('has the nine classes but analytics, their accounts and sub-accounts', async () => {
    const accounts = await chartAccounts('PGC');
    checkTree(accounts);
    expect(accounts.filter((a) => a.groupingCategory === 'GR').map((a) => a.code)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(accounts.length).toBeGreaterThanOrEqual(300);
    expect(accounts.every((a) => a.taxonomyCode === null)).toBe(true);
    const names = new Map(accounts.map((account) => [account.code, account.name]));
    expect(names.get('6')).toBe('Proveitos e ganhos por natureza');
    expect(names.get('7')).toBe('Custos e perdas por natureza');
    expect(names.get('3453')).toBe('IVA liquidado');
  });
});

describe('posting roles on the full charts', () => {
  it("find each role's first candidate as a movement account", async () => {
    for (const chart of ['SNC', 'PGC'] as const) {
      const byCode = new Map((await chartAccounts(chart)).map((account) => [account.code, account]));
      for (const role of POSTING_ROLES) {
        const [first] = ROLE_DEFAULTS[chart][role].codes;
        expect(byCode.get(first as string)?.groupingCategory, `${chart} ${role}`).toBe('GM');
      }
    }
  });
});

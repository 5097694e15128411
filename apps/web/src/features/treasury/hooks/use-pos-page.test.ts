import type { PosBatch } from '@fluxo/domain/treasury/contracts';
import type { Account } from '@fluxo/domain/treasury/model';
import { describe, expect, it } from 'vitest';
import { terminalsOf } from './use-pos-page.ts';

const batch = (accountId: string, currency = 'EUR') => ({ accountId, currency }) as PosBatch;

describe('terminalsOf', () => {
  it('uses the POS accounts when the member may list them', () => {
    const account = { id: 'a', name: 'Loja', currency: 'EUR', balance: 1200 } as Account;
    expect(terminalsOf([account], [batch('b')], (id) => `T ${id}`)).toEqual([
      { id: 'a', name: 'Loja', currency: 'EUR', balance: 1200 },
    ]);
  });

  it('names the terminals of the batches otherwise, once each', () => {
    expect(
      terminalsOf(
        undefined,
        [batch('12345678-x'), batch('12345678-x'), batch('abcdefgh-y', 'AOA')],
        (id) => `T ${id}`,
      ),
    ).toEqual([
      { id: '12345678-x', name: 'T 12345678', currency: 'EUR', balance: null },
      { id: 'abcdefgh-y', name: 'T abcdefgh', currency: 'AOA', balance: null },
    ]);
  });
});

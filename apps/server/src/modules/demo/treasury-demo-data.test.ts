import { isValidIban, isValidMultibancoReference } from '@fluxo/domain';
import { describe, expect, it } from 'vitest';
import { buildAngolanDemo, buildPortugueseDemo, type DemoTreasury } from './treasury-demo-data.ts';

/** PT NIB check digits (domain-pt-ao.md): 98 − (Σ dᵢ·wᵢ mod 97) over the first 19 digits. */
function nibCheckDigits(nib19: string): string {
  const weights = [73, 17, 89, 38, 62, 45, 53, 15, 50, 5, 49, 34, 81, 76, 27, 90, 9, 30, 3];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(nib19[i]), 0);
  return String(98 - (sum % 97)).padStart(2, '0');
}

/** Every day from `from`, `step` days apart, `count` of them. */
function days(from: string, step: number, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * step * 86_400_000).toISOString().slice(0, 10),
  );
}

const both = (today: string): DemoTreasury[] => [buildPortugueseDemo(today), buildAngolanDemo(today)];

describe('treasury demo data', () => {
  it('is the same for the same day, and a past month does not change as days go by', () => {
    expect(buildPortugueseDemo('2026-11-24')).toEqual(buildPortugueseDemo('2026-11-24'));
    const october = (demo: DemoTreasury) =>
      demo.accounts[0]!.movements.filter((m) => m.entry.bookingDate.startsWith('2026-10')).map(
        (m) => m.entry,
      );
    expect(october(buildPortugueseDemo('2026-11-03'))).toEqual(october(buildPortugueseDemo('2026-11-24')));
  });

  it('covers 18 months up to today (PT) and 4 months (AO), nothing after today', () => {
    const today = '2026-11-24';
    const [pt, ao] = both(today);
    const bcp = pt!.accounts[0]!;
    expect(bcp.openingDate).toBe('2025-05-31');
    expect(bcp.movements[0]!.entry.bookingDate.slice(0, 7)).toBe('2025-06');
    expect(ao!.accounts[0]!.openingDate).toBe('2026-07-31');
    for (const demo of [pt!, ao!])
      for (const account of demo.accounts)
        for (const { entry } of account.movements) expect(entry.bookingDate <= today).toBe(true);
  });

  it('keeps every balance positive whatever the day it is seeded on', () => {
    for (const today of days('2025-01-01', 11, 100)) {
      for (const demo of both(today)) {
        for (const account of demo.accounts) {
          let balance = account.openingBalance;
          let lowest = balance;
          for (const { entry } of account.movements) {
            balance += entry.amount;
            lowest = Math.min(lowest, balance);
          }
          expect(Number.isSafeInteger(balance)).toBe(true);
          if (account.kind !== 'pos') expect(lowest, `${account.name} on ${today}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('gives valid IBANs (PT NIB check digits, AO06) and Multibanco references', () => {
    const [pt, ao] = both('2026-11-24');
    const ibans = [...pt!.accounts, ...ao!.accounts].flatMap((a) => (a.iban ? [a.iban] : []));
    expect(ibans).toHaveLength(3);
    for (const iban of ibans) expect(isValidIban(iban), iban).toBe(true);
    for (const iban of ibans.filter((i) => i.startsWith('PT'))) {
      expect(iban.slice(0, 4)).toBe('PT50');
      expect(nibCheckDigits(iban.slice(4, 23))).toBe(iban.slice(23));
    }
    expect(ibans.find((i) => i.startsWith('AO'))?.slice(0, 4)).toBe('AO06');
    const multibanco = pt!.accounts
      .flatMap((a) => a.movements)
      .filter((m) => m.entry.description.startsWith('PAG MULTIBANCO'));
    expect(multibanco.length).toBeGreaterThan(100);
    for (const { entry } of multibanco) {
      const [, entity, reference] =
        /Entidade (\d{5}) Referência (\d{9})/.exec(entry.remittanceInfo ?? '') ?? [];
      expect(isValidMultibancoReference(entity!, reference!, entry.amount)).toBe(true);
    }
  });

  it('has the movements of a Portuguese company: payroll with holiday and Christmas pay, taxes, POS settlements', () => {
    const pt = buildPortugueseDemo('2026-11-24');
    const all = pt.accounts.flatMap((a) => a.movements.map((m) => m.entry.description));
    for (const needle of [
      'VENCIMENTO',
      'SUBSIDIO DE FERIAS',
      'SUBSIDIO DE NATAL',
      'SEGURANCA SOCIAL',
      'RETENCOES NA FONTE IRS',
      'IVA PERIODICO',
      'EDP',
      'EPAL',
      'MEO',
      'NOS',
      'GALP',
      'FIDELIDADE',
      'PRESTACAO EMPRESTIMO',
      'IMPOSTO DO SELO',
      'LIQUIDACAO TPA',
      'RENDA',
    ])
      expect(
        all.some((d) => d.includes(needle)),
        needle,
      ).toBe(true);
    const categorised = pt.accounts.flatMap((a) => a.movements).filter((m) => m.category !== null).length;
    const total = pt.accounts.reduce((n, a) => n + a.movements.length, 0);
    expect(categorised / total).toBeGreaterThan(0.9);
  });

  it('links each transfer and POS settlement to a movement that exists, with the right amount', () => {
    const pt = buildPortugueseDemo('2026-11-24');
    const find = (side: { account: string; bankReference: string }) =>
      pt.accounts
        .find((a) => a.key === side.account)
        ?.movements.find((m) => m.entry.bankReference === side.bankReference)?.entry;
    expect(pt.transfers.length).toBeGreaterThan(18);
    for (const transfer of pt.transfers) {
      const from = find(transfer.from);
      const to = find(transfer.to);
      expect(from && to && from.amount === -to.amount && from.bookingDate === to.bookingDate).toBe(true);
    }
    expect(pt.posBatches.length).toBeGreaterThan(300);
    for (const batch of pt.posBatches) {
      expect(batch.net).toBe(batch.gross - batch.fees);
      expect(find(batch.settlement)?.amount).toBe(batch.net);
      expect(find(batch.settlement)?.bookingDate).toBe(batch.expectedSettlementDate);
    }
  });
});

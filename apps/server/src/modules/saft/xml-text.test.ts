import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eurCents } from '../billing/index.ts';
import { decimal, el, escapeXml, fit, money, rateScaled } from './xml-text.ts';

describe('SAF-T text and numbers', () => {
  it('escapes markup and drops the control characters XML 1.0 forbids', () => {
    expect(escapeXml('A & B <c> "d"\u0001\u0008')).toBe('A &amp; B &lt;c&gt; &quot;d&quot;');
    expect(el('CompanyName', 'Tom & Jerry')).toBe('<CompanyName>Tom &amp; Jerry</CompanyName>');
  });

  it('fits text to the schema lengths, in characters, with a fallback when empty', () => {
    expect(fit('  Rua   do\nOuro  ', 50)).toBe('Rua do Ouro');
    expect(fit('ãéíõú'.repeat(30), 60)).toHaveLength(60);
    expect(fit(null, 50)).toBe('Desconhecido');
    expect(fit('   ', 50, 'Consumidor final')).toBe('Consumidor final');
  });

  it('writes money and decimals with a point, without a sign or float error', () => {
    expect(money(123_456)).toBe('1234.56');
    expect(money(5)).toBe('0.05');
    expect(money(-250)).toBe('2.50');
    expect(decimal(2300, 2)).toBe('23');
    expect(decimal(650, 2)).toBe('6.5');
    expect(decimal(3333, 3)).toBe('3.333');
    expect(decimal(400_000n * 9000n, 8, 2)).toBe('36.00');
    expect(decimal(7, 3)).toBe('0.007');
  });

  it('converts to euros by the document rate, half away from zero', () => {
    expect(eurCents(10_850, '1.0850000000')).toBe(10_000);
    expect(eurCents(12_345, '1')).toBe(12_345);
    expect(eurCents(-1_000, '2.0000000000')).toBe(-500);
    expect(eurCents(1, '2.0000000000')).toBe(1);
    expect(eurCents(3, '2.0000000000')).toBe(2);
  });

  // Any amount up to a billion in any currency quoted between 0.001 and 100,000 per euro.
  it('always lands on the nearest cent: |eur × rate − amount| ≤ rate / 2', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
        fc.integer({ min: 10_000_000, max: 1_000_000_000_000_000 }),
        (cents, rateUnits) => {
          const rate = decimal(rateUnits, 10);
          const scaled = rateScaled(rate);
          const eur = BigInt(eurCents(cents, rate.includes('.') ? rate : `${rate}.0`));
          const difference = eur * scaled - BigInt(cents) * 10_000_000_000n;
          const magnitude = difference < 0n ? -difference : difference;
          return 2n * magnitude <= scaled;
        },
      ),
    );
  });
});

import type { Language } from '@fluxo/domain';

// Numbers and dates as each language writes them, built from integers by string manipulation: money
// never passes through a float on its way to paper.

const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  gb: { group: ',', decimal: '.' },
  pt: { group: ' ', decimal: ',' },
  es: { group: '.', decimal: ',' },
  fr: { group: ' ', decimal: ',' },
};

const SYMBOLS: Record<string, string> = { EUR: '€', AOA: 'Kz', USD: 'US$', GBP: '£' };

function grouped(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** An integer scaled by 10^scale, with `decimals` to `scale` decimals shown (trailing zeros dropped). */
export function formatScaled(value: number, scale: number, language: Language, minDecimals = 0): string {
  const { group, decimal } = SEPARATORS[language];
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${grouped(whole, group)}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Cents with two decimals, without currency ("1 234,56"). */
export function formatAmount(cents: number, language: Language): string {
  return formatScaled(cents, 2, language, 2);
}

/** Cents with the currency: "€1,234.56" in English, "1 234,56 €" elsewhere. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const symbol = SYMBOLS[currency] ?? currency;
  const amount = formatAmount(cents, language);
  return language === 'gb'
    ? `${amount.startsWith('-') ? '-' : ''}${symbol}${amount.replace('-', '')}`
    : `${amount} ${symbol}`;
}

/** Basis points as a percentage: 2300 → "23%", 650 → "6,5%". */
export function formatRate(basisPoints: number, language: Language): string {
  return `${formatScaled(basisPoints, 2, language)}%`;
}

/** YYYY-MM-DD → DD/MM/YYYY, as the four languages write a date on a document. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

import { compactIban, isValidIban } from '@fluxo/domain';

// Deterministic helpers the demo data builders share: a seeded PRNG (nothing depends on Math.random),
// calendar arithmetic on ISO dates, and the months a demo covers.

/** mulberry32: a tiny seeded PRNG, plenty for demo amounts. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

export interface Random {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function random(key: string): Random {
  const next = prng(seedOf(key));
  return {
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as never,
    chance: (probability) => next() < probability,
  };
}

export const pad = (value: number, length = 2) => String(value).padStart(length, '0');
export const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

import { addDays } from '@fluxo/domain';

export { addDays };

/** Saturday and Sunday move to the Monday after (banks book on working days). */
export function workingDay(date: string): string {
  const day = weekday(date);
  return day === 6 ? addDays(date, 2) : day === 0 ? addDays(date, 1) : date;
}

/** Saturday and Sunday move to the Friday before (salaries are paid before the weekend). */
export function workingDayBefore(date: string): string {
  const day = weekday(date);
  return day === 6 ? addDays(date, -1) : day === 0 ? addDays(date, -2) : date;
}

/** An IBAN with valid check digits: the BBAN's last two digits are chosen so that the fixed IBAN check holds. */
export function demoIban(country: 'PT' | 'AO', ibanCheck: string, bbanWithoutCheck: string): string {
  for (let check = 0; check < 100; check++) {
    const iban = `${country}${ibanCheck}${bbanWithoutCheck}${pad(check)}`;
    if (isValidIban(iban)) return compactIban(iban);
  }
  throw new Error(`No check digits make ${country}${ibanCheck}${bbanWithoutCheck}.. valid`);
}

export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

export interface Month {
  year: number;
  month: number;
  /** Last day of the month that is not in the future. */
  lastDay: number;
}

/** The `count` calendar months ending with today's, oldest first. */
export function monthsUpTo(today: string, count: number): Month[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const months: Month[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    months.push({ year: y, month: m, lastDay: back === 0 ? day : daysIn(y, m) });
  }
  return months;
}

import { createHash } from 'node:crypto';
import type { StatementEntry } from '@fluxo/domain';
import type { AccountFeed, DiscoveredAccount } from './connector.ts';

// The sandbox bank's accounts and movements: made up, but the same for every connection to it and
// stable over time (each movement's id comes from its account, day and position), so a re-sync finds
// the same movements again and each new day brings its own.

interface SandboxAccount extends DiscoveredAccount {
  /** The balance before the first movement of FEED_EPOCH. */
  base: number;
  /** Scale of this account's traffic (the savings account moves little). */
  busy: boolean;
}

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  {
    providerAccountId: 'sandbox-current',
    name: 'Conta corrente empresa',
    iban: 'PT50001800031234567890182',
    currency: 'EUR',
    base: 1_850_000,
    busy: true,
  },
  {
    providerAccountId: 'sandbox-savings',
    name: 'Conta poupança',
    iban: 'PT50001800031234567890279',
    currency: 'EUR',
    base: 2_500_000,
    busy: false,
  },
];

/** Movements exist from this day on; the balance today is the base plus all of them. */
const FEED_EPOCH = '2025-01-01';
/** Days of history a first sync gets (as an agreement's max_historical_days would say). */
export const SANDBOX_HISTORY_DAYS = 180;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A number in [0, 1) from a text, the same every time. */
function unit(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

const CUSTOMERS = ['Tecnosul, Lda', 'Padaria Central', 'Hotel Miramar SA', 'Construções Ribeiro'];
const SUPPLIERS = ['EDP Comercial', 'Vodafone Portugal', 'Papelaria Lusa', 'Makro Cash & Carry'];

function movementsOfDay(account: SandboxAccount, day: string): Omit<StatementEntry, 'line'>[] {
  const out: Omit<StatementEntry, 'line'>[] = [];
  const dom = Number(day.slice(8, 10));
  const add = (kind: string, amount: number, description: string, counterparty: string | null) => {
    const id = `${account.providerAccountId}-${day}-${out.length + 1}`;
    out.push({
      bookingDate: day,
      valueDate: day,
      amount,
      currency: account.currency,
      description,
      counterpartyName: counterparty,
      counterpartyIban: null,
      remittanceInfo: `${kind} ${day}`,
      endToEndId: null,
      bankReference: null,
      providerTransactionId: id,
      balanceAfter: null,
    });
  };
  if (!account.busy) {
    if (dom === 28) add('JUROS', Math.round(300 + unit(`${day}:int`) * 900), 'Juros credores', null);
    return out;
  }
  if (dom === 1) add('RENDA', -120_000, 'Renda escritório', 'Imobiliária Tejo, Lda');
  if (dom === 20) add('SS', -68_450, 'Segurança Social', 'Instituto da Segurança Social');
  if (dom === 25) add('SALARIOS', -415_000, 'Transferência salários', null);
  if (dom === 27) add('COMISSAO', -750, 'Comissão manutenção conta', null);
  const r = unit(`${account.providerAccountId}:${day}`);
  if (r < 0.45) {
    const customer = CUSTOMERS[Math.floor(unit(`${day}:c`) * CUSTOMERS.length)]!;
    add('TRF', Math.round(25_000 + unit(`${day}:ca`) * 300_000), `Transferência de ${customer}`, customer);
  }
  if (r > 0.35 && r < 0.8) {
    const supplier = SUPPLIERS[Math.floor(unit(`${day}:s`) * SUPPLIERS.length)]!;
    add('COMPRA', -Math.round(1_500 + unit(`${day}:sa`) * 60_000), `Compra ${supplier}`, supplier);
  }
  return out;
}

function movementsBetween(account: SandboxAccount, from: string, to: string): Omit<StatementEntry, 'line'>[] {
  const out: Omit<StatementEntry, 'line'>[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    out.push(...movementsOfDay(account, isoDay(time)));
  }
  return out;
}

export function sandboxAccount(providerAccountId: string): SandboxAccount | null {
  return SANDBOX_ACCOUNTS.find((account) => account.providerAccountId === providerAccountId) ?? null;
}

/** The account's booked movements from `dateFrom` (its history window when null) to `today`, and its balance. */
export function sandboxFeed(
  account: SandboxAccount,
  dateFrom: string | null,
  today = new Date(),
): AccountFeed {
  const to = isoDay(today.getTime());
  const windowStart = isoDay(today.getTime() - SANDBOX_HISTORY_DAYS * DAY_MS);
  const from = dateFrom && dateFrom > windowStart ? dateFrom : windowStart;
  const all = movementsBetween(account, FEED_EPOCH < from ? FEED_EPOCH : from, to);
  const balance = account.base + all.reduce((sum, entry) => sum + entry.amount, 0);
  const entries = all
    .filter((entry) => entry.bookingDate >= from)
    .map((entry, index) => ({ ...entry, line: index + 1 }));
  return { entries, balance: { amount: balance, date: to } };
}

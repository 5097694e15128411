import type { AccountKind } from '@fluxo/domain/treasury/model';
import { IconBuildingBank, IconCash, IconCreditCard, IconDeviceMobileDollar } from '@tabler/icons-react';

/** The order the wallets page groups accounts in, and each kind's icon. */
export const KIND_ORDER: AccountKind[] = ['bank', 'cash', 'card', 'pos'];

export const KIND_ICONS = {
  bank: IconBuildingBank,
  cash: IconCash,
  card: IconCreditCard,
  pos: IconDeviceMobileDollar,
} satisfies Record<AccountKind, unknown>;

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayIso(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by whole days, in UTC calendar arithmetic. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

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

/** Today in the user's time zone, and calendar arithmetic on YYYY-MM-DD dates (shared with the server). */
export { addDays, localIsoDate as todayIso } from '@fluxo/domain';

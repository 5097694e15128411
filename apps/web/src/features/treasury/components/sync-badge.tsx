import type { Account } from '@fluxo/domain/treasury/model';
import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, string> = {
  ok: 'teal',
  syncing: 'blue',
  consent_expired: 'orange',
  error: 'red',
  disconnected: 'gray',
};

/** Days before the consent ends from which the account warns (the aggregator asks to renew within 7). */
export const CONSENT_WARNING_DAYS = 7;

/** Whole days until the bank consent ends (negative once it has), or null without a consent. */
export function consentDaysLeft(account: Pick<Account, 'consentExpiresAt'>, now = Date.now()): number | null {
  if (!account.consentExpiresAt) return null;
  return Math.floor((Date.parse(account.consentExpiresAt) - now) / 86_400_000);
}

/** Whether the account's bank consent has ended or soon will: the "Renew" action shows. */
export function needsRenewal(
  account: Pick<Account, 'connectionId' | 'syncStatus' | 'consentExpiresAt'>,
): boolean {
  if (!account.connectionId) return false;
  if (account.syncStatus === 'consent_expired') return true;
  const days = consentDaysLeft(account);
  return days !== null && days <= CONSENT_WARNING_DAYS;
}

/** A connected account's sync state, and how long its consent has left when that is short. */
export function SyncBadge({ account }: { account: Account }) {
  const { t } = useTranslation();
  if (!account.connectionId || !account.syncStatus) {
    return (
      <Badge color="gray" variant="outline">
        {t('TREASURY.WALLETS.MANUAL')}
      </Badge>
    );
  }
  const days = consentDaysLeft(account);
  const status = (
    <Badge color={STATUS_COLORS[account.syncStatus] ?? 'gray'} variant="dot">
      {t(`TREASURY.WALLETS.SYNC.${account.syncStatus.toUpperCase()}`)}
    </Badge>
  );
  return (
    <Group gap={4} wrap="wrap">
      {account.syncError ? <Tooltip label={account.syncError}>{status}</Tooltip> : status}
      {days !== null && days <= CONSENT_WARNING_DAYS && account.syncStatus !== 'consent_expired' && (
        <Badge color={days < 0 ? 'orange' : 'yellow'} variant="dot">
          {days < 0
            ? t('TREASURY.WALLETS.CONSENT_EXPIRED')
            : t('TREASURY.WALLETS.CONSENT_EXPIRES', { count: days })}
        </Badge>
      )}
    </Group>
  );
}

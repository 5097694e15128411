import { maskIban } from '@fluxo/domain/payments/iban';
import type { Account } from '@fluxo/domain/treasury/model';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { type AccountAbilities, AccountActions, type AccountHandlers } from '../account-actions.tsx';
import { bankDifference } from '../accounts-section.tsx';
import { needsRenewal, SyncBadge } from '../sync-badge.tsx';

/** One account on a phone: name, bank, balance, difference with the bank, sync state and its menu. */
export function AccountCard({
  account,
  handlers,
  can,
}: {
  account: Account;
  handlers: AccountHandlers;
  can: AccountAbilities;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const difference = bankDifference(account);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-label={account.name}
      opacity={account.archived ? 0.6 : 1}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <Text fw={600} truncate>
              {account.name}
            </Text>
            {account.archived && (
              <Badge size="xs" color="gray" variant="dot">
                {t('TREASURY.WALLETS.ARCHIVED')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {[account.institution, account.iban ? maskIban(account.iban) : null]
              .filter(Boolean)
              .join(' · ') || account.currency}
          </Text>
        </Stack>
        <AccountActions account={account} handlers={handlers} can={can} />
      </Group>
      <Group justify="space-between" mt="xs" align="flex-end" wrap="wrap">
        <SyncBadge account={account} />
        <Stack gap={0} align="flex-end">
          <Text fw={700} fz="lg" c={account.balance < 0 ? 'red.9' : undefined}>
            {money(account.balance, account.currency)}
          </Text>
          {difference !== null && (
            <Text size="xs" c="red.9">
              {t('TREASURY.WALLETS.DIFFERENCE_SHORT', { amount: money(difference, account.currency) })}
            </Text>
          )}
        </Stack>
      </Group>
      {can.createAccount && needsRenewal(account) && (
        <Button mt="xs" fullWidth variant="default" onClick={() => handlers.onRenew(account)}>
          {t('TREASURY.WALLETS.RENEW')}
        </Button>
      )}
    </Card>
  );
}

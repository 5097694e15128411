import { maskIban } from '@fluxo/domain/payments/iban';
import type { Account, AccountKind } from '@fluxo/domain/treasury/model';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { type AccountAbilities, AccountActions, type AccountHandlers } from './account-actions.tsx';
import { KIND_ICONS, KIND_ORDER } from './account-kinds.ts';
import { KEYBOARD_SCROLL } from './keyboard-scroll.ts';
import { needsRenewal, SyncBadge } from './sync-badge.tsx';

/** The accounts of each kind, in the page's order; kinds without accounts are left out. */
export function groupByKind(accounts: Account[]): { kind: AccountKind; accounts: Account[] }[] {
  return KIND_ORDER.map((kind) => ({
    kind,
    accounts: accounts.filter((account) => account.kind === kind),
  })).filter((group) => group.accounts.length > 0);
}

/** Ours minus the bank's last reported balance; null when the bank said nothing or they agree. */
export function bankDifference(account: Account): number | null {
  if (account.bankBalance === null) return null;
  const difference = account.balance - account.bankBalance;
  return difference === 0 ? null : difference;
}

/** One table per kind of account: name and bank, balance today, difference with the bank, sync state, actions. */
export function AccountsSection({
  accounts,
  handlers,
  can,
}: {
  accounts: Account[];
  handlers: AccountHandlers;
  can: AccountAbilities;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <Stack gap="lg">
      {groupByKind(accounts).map(({ kind, accounts: list }) => {
        const Icon = KIND_ICONS[kind];
        const titleId = `accounts-${kind}`;
        return (
          <Card key={kind} withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
            <Group gap="xs" mb="sm">
              <Icon size={20} aria-hidden />
              <Title order={2} fz="lg" id={titleId}>
                {t(`TREASURY.WALLETS.GROUPS.${kind.toUpperCase()}`)}
              </Title>
            </Group>
            <Table.ScrollContainer minWidth={720} scrollAreaProps={KEYBOARD_SCROLL}>
              <Table aria-labelledby={titleId} verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('TREASURY.ACCOUNT.NAME')}</Table.Th>
                    <Table.Th ta="right">{t('TREASURY.WALLETS.BALANCE_TODAY')}</Table.Th>
                    <Table.Th ta="right">{t('TREASURY.WALLETS.BANK_DIFFERENCE')}</Table.Th>
                    <Table.Th>{t('TREASURY.WALLETS.STATUS')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('TREASURY.WALLETS.ACTIONS')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((account) => {
                    const difference = bankDifference(account);
                    return (
                      <Table.Tr key={account.id} opacity={account.archived ? 0.6 : 1}>
                        <Table.Td>
                          <Stack gap={0}>
                            <Group gap={6}>
                              <Text fw={600}>{account.name}</Text>
                              {account.archived && (
                                <Badge size="xs" color="gray" variant="dot">
                                  {t('TREASURY.WALLETS.ARCHIVED')}
                                </Badge>
                              )}
                            </Group>
                            <Text size="xs" c="dimmed">
                              {[account.institution, account.iban ? maskIban(account.iban) : null]
                                .filter(Boolean)
                                .join(' · ') || account.currency}
                            </Text>
                          </Stack>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text fw={600} c={account.balance < 0 ? 'red.9' : undefined}>
                            {money(account.balance, account.currency)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {account.lastMovementDate
                              ? t('TREASURY.WALLETS.LAST_MOVEMENT', { date: date(account.lastMovementDate) })
                              : t('TREASURY.WALLETS.NO_MOVEMENTS')}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          {difference === null ? (
                            <Text size="sm" c="dimmed">
                              —
                            </Text>
                          ) : (
                            <Text
                              size="sm"
                              c="red.9"
                              title={t('TREASURY.WALLETS.BANK_SAYS', {
                                balance: money(account.bankBalance ?? 0, account.currency),
                              })}
                            >
                              {money(difference, account.currency)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs">
                            <SyncBadge account={account} />
                            {can.createAccount && needsRenewal(account) && (
                              <Button
                                size="compact-xs"
                                variant="default"
                                onClick={() => handlers.onRenew(account)}
                              >
                                {t('TREASURY.WALLETS.RENEW')}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">
                          <AccountActions account={account} handlers={handlers} can={can} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        );
      })}
    </Stack>
  );
}

import { Button, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCash, IconFileImport, IconPlug, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { AddConnectionModal } from '../../connections/components/add-connection-modal.tsx';
import { AccountFormModal } from '../components/account-form-modal.tsx';
import { KIND_ICONS } from '../components/account-kinds.ts';
import { groupByKind } from '../components/accounts-section.tsx';
import { ConnectionsSection } from '../components/connections-section.tsx';
import { ConsentReturnAlert } from '../components/consent-return-alert.tsx';
import { ImportWizard } from '../components/import-wizard.tsx';
import { LazyBalanceChart } from '../components/lazy-balance-chart.tsx';
import { AccountCard } from '../components/mobile/account-card.tsx';
import { TotalsCard } from '../components/totals-card.tsx';
import { WalletsEmptyState } from '../components/wallets-empty-state.tsx';
import { useWalletsPage } from '../hooks/use-wallets-page.ts';

/** Treasury › Accounts and wallets on a phone: cards instead of tables, dialogs as full-screen sheets. */
export function MobileWalletsRoute() {
  const { t } = useTranslation();
  const page = useWalletsPage();
  const { can, accounts, list } = page;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {t('MENU.TREASURY.WALLETS')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('MODULES.TREASURY.WALLETS')}
        </Text>
      </Stack>
      <SimpleGrid cols={2} spacing="xs">
        {can.createAccount && (
          <>
            <Button
              variant="default"
              size="md"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => page.openAccountForm('bank')}
            >
              {t('TREASURY.WALLETS.ADD_ACCOUNT')}
            </Button>
            <Button
              variant="default"
              size="md"
              leftSection={<IconCash size={16} aria-hidden />}
              onClick={() => page.openAccountForm('cash')}
            >
              {t('TREASURY.WALLETS.ADD_CASH')}
            </Button>
          </>
        )}
        {can.importStatement && page.importable.length > 0 && (
          <Button
            variant="default"
            size="md"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => page.openImport(page.importable[0]?.id ?? null)}
          >
            {t('TREASURY.WALLETS.IMPORT_STATEMENT')}
          </Button>
        )}
        <Button size="md" leftSection={<IconPlug size={16} aria-hidden />} onClick={page.openConnect}>
          {t('CONNECTIONS.ADD.ACTION')}
        </Button>
      </SimpleGrid>

      <ConsentReturnAlert result={page.consent.returned} />
      {accounts.isError ? (
        <ErrorAlert error={accounts.error} />
      ) : accounts.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : (
        <>
          {list.length > 0 && accounts.data && <TotalsCard data={accounts.data} />}
          {list.length > 0 && <LazyBalanceChart height={180} />}
          {groupByKind(list).map(({ kind, accounts: group }) => {
            const Icon = KIND_ICONS[kind];
            return (
              <Stack key={kind} gap="xs" component="section" aria-labelledby={`m-accounts-${kind}`}>
                <Group gap={6}>
                  <Icon size={18} aria-hidden />
                  <Text fw={700} id={`m-accounts-${kind}`}>
                    {t(`TREASURY.WALLETS.GROUPS.${kind.toUpperCase()}`)}
                  </Text>
                </Group>
                {group.map((account) => (
                  <AccountCard key={account.id} account={account} handlers={page.handlers} can={can} />
                ))}
              </Stack>
            );
          })}
          {list.length === 0 && page.connections.length === 0 && <WalletsEmptyState />}
          <ConnectionsSection
            connections={page.connections}
            compact
            onRenew={can.createAccount ? (id) => void page.consent.renew(id) : undefined}
          />
          <Switch
            label={t('TREASURY.WALLETS.SHOW_ARCHIVED')}
            checked={page.showArchived}
            onChange={(event) => page.setShowArchived(event.currentTarget.checked)}
          />
        </>
      )}

      <AccountFormModal
        opened={page.form.opened}
        onClose={page.closeAccountForm}
        account={page.form.account}
        kind={page.form.kind}
        defaultCurrency={can.currency}
        fullScreen
      />
      <ImportWizard
        opened={page.importing.opened}
        onClose={page.closeImport}
        accounts={page.importable}
        initialAccountId={page.importing.accountId}
        fullScreen
      />
      <AddConnectionModal opened={page.connecting} onClose={page.closeConnect} />
    </Stack>
  );
}

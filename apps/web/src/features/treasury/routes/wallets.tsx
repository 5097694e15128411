import { Button, Grid, Group, Stack, Switch } from '@mantine/core';
import { IconCash, IconFileImport, IconPlug, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { AddConnectionModal } from '../../connections/components/add-connection-modal.tsx';
import { AccountFormModal } from '../components/account-form-modal.tsx';
import { AccountsSection } from '../components/accounts-section.tsx';
import { ConnectionsSection } from '../components/connections-section.tsx';
import { ConsentReturnAlert } from '../components/consent-return-alert.tsx';
import { ImportWizard } from '../components/import-wizard.tsx';
import { LazyBalanceChart } from '../components/lazy-balance-chart.tsx';
import { TotalsCard } from '../components/totals-card.tsx';
import { WalletsEmptyState } from '../components/wallets-empty-state.tsx';
import { useWalletsPage } from '../hooks/use-wallets-page.ts';

/**
 * Treasury › Accounts and wallets: every account of the organization by kind with its balance today,
 * the totals, the daily-balance chart, the bank connections, and adding accounts, wallets,
 * connections and statements.
 */
export function WalletsRoute() {
  const { t } = useTranslation();
  const page = useWalletsPage();
  const { can, accounts, list } = page;

  return (
    <>
      <PageHeader
        eyebrow={t('MENU.TREASURY.TITLE')}
        title={t('MENU.TREASURY.WALLETS')}
        description={t('MODULES.TREASURY.WALLETS')}
      />
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Switch
          label={t('TREASURY.WALLETS.SHOW_ARCHIVED')}
          checked={page.showArchived}
          onChange={(event) => page.setShowArchived(event.currentTarget.checked)}
        />
        <Group gap="sm" wrap="wrap">
          {can.importStatement && page.importable.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => page.openImport(page.importable[0]?.id ?? null)}
            >
              {t('TREASURY.WALLETS.IMPORT_STATEMENT')}
            </Button>
          )}
          {can.createAccount && (
            <>
              <Button
                variant="default"
                leftSection={<IconCash size={16} aria-hidden />}
                onClick={() => page.openAccountForm('cash')}
              >
                {t('TREASURY.WALLETS.ADD_CASH')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => page.openAccountForm('bank')}
              >
                {t('TREASURY.WALLETS.ADD_ACCOUNT')}
              </Button>
            </>
          )}
          <Button leftSection={<IconPlug size={16} aria-hidden />} onClick={page.openConnect}>
            {t('CONNECTIONS.ADD.ACTION')}
          </Button>
        </Group>
      </Group>

      <ConsentReturnAlert result={page.consent.returned} />
      {accounts.isError ? (
        <ErrorAlert error={accounts.error} />
      ) : accounts.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : (
        <Stack gap="lg">
          {list.length > 0 && accounts.data && (
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TotalsCard data={accounts.data} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <LazyBalanceChart />
              </Grid.Col>
            </Grid>
          )}
          {list.length > 0 && <AccountsSection accounts={list} handlers={page.handlers} can={can} />}
          {list.length === 0 && page.connections.length === 0 && <WalletsEmptyState />}
          <ConnectionsSection
            connections={page.connections}
            onRenew={can.createAccount ? (id) => void page.consent.renew(id) : undefined}
          />
        </Stack>
      )}

      <AccountFormModal
        opened={page.form.opened}
        onClose={page.closeAccountForm}
        account={page.form.account}
        kind={page.form.kind}
        defaultCurrency={can.currency}
      />
      <ImportWizard
        opened={page.importing.opened}
        onClose={page.closeImport}
        accounts={page.importable}
        initialAccountId={page.importing.accountId}
      />
      <AddConnectionModal opened={page.connecting} onClose={page.closeConnect} />
    </>
  );
}

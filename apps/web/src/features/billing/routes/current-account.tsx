import { PARTY_ROLES, type PartyRole } from '@fluxo/domain/billing/payments-contracts';
import { Card, Group, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { AgingTable } from '../current-account/components/aging-table.tsx';
import { StatementPanel } from '../current-account/components/statement-panel.tsx';
import { useCurrentAccountPage } from '../current-account/hooks/use-current-account-page.ts';

/** Billing › Current account: who owes what and since when; a party's statement, payments and reminders. */
export function CurrentAccountRoute() {
  const { t } = useTranslation();
  const page = useCurrentAccountPage();
  const { account } = page;
  return (
    <>
      <PageHeader
        eyebrow={t('MENU.BILLING.TITLE')}
        title={t('MENU.BILLING.CURRENTACCOUNT')}
        description={t('MODULES.BILLING.CURRENTACCOUNT')}
      />
      <Tabs value={page.role} onChange={(value) => value && page.setRole(value as PartyRole)}>
        <Group justify="space-between" align="flex-end" mb="lg">
          <Tabs.List>
            <Tabs.Tab value="customer">{t('BILLING.CURRENT_ACCOUNT.CUSTOMERS')}</Tabs.Tab>
            <Tabs.Tab value="supplier">{t('BILLING.CURRENT_ACCOUNT.SUPPLIERS')}</Tabs.Tab>
          </Tabs.List>
          <TextInput
            type="date"
            label={t('BILLING.CURRENT_ACCOUNT.AS_OF')}
            value={page.asOf || account.data?.asOf || ''}
            onChange={(event) => page.setAsOf(event.currentTarget.value)}
          />
        </Group>
        {PARTY_ROLES.map((role) => (
          <Tabs.Panel key={role} value={role}>
            {role === page.role && (
              <Stack gap="lg">
                {account.isError ? (
                  <ErrorAlert error={account.error} />
                ) : account.isPending ? (
                  <SectionLoader label={t('COMMON.LOADING')} />
                ) : account.data.rows.length === 0 ? (
                  <Paper withBorder radius="lg" p="xl" ta="center">
                    <Text c="dimmed">
                      {t(
                        role === 'customer'
                          ? 'BILLING.CURRENT_ACCOUNT.EMPTY_CUSTOMERS'
                          : 'BILLING.CURRENT_ACCOUNT.EMPTY_SUPPLIERS',
                      )}
                    </Text>
                  </Paper>
                ) : (
                  <Card withBorder radius="lg" padding="lg">
                    <AgingTable
                      rows={account.data.rows}
                      totals={account.data.totals}
                      selectedPartyId={page.partyId}
                      onSelect={page.setPartyId}
                    />
                  </Card>
                )}
                {page.partyId && <StatementPanel key={page.partyId} partyId={page.partyId} role={role} />}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

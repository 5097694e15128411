import type { PartyRole } from '@fluxo/domain/billing/payments-contracts';
import { Button, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { useFormatMoney } from '../../../lib/format/money.ts';
import { AgingCards } from '../current-account/components/aging-table.tsx';
import { StatementPanel } from '../current-account/components/statement-panel.tsx';
import { useCurrentAccountPage } from '../current-account/hooks/use-current-account-page.ts';

/** Billing › Current account on a phone: parties as cards; one party's statement on its own screen. */
export function MobileCurrentAccountRoute() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const page = useCurrentAccountPage();
  const { account } = page;
  if (page.partyId)
    return (
      <Stack gap="md">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => page.setPartyId(null)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('BILLING.CURRENT_ACCOUNT.BACK')}
        </Button>
        <StatementPanel key={page.partyId} partyId={page.partyId} role={page.role} compact />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('MENU.BILLING.CURRENTACCOUNT')}
      </Title>
      <SegmentedControl
        fullWidth
        value={page.role}
        onChange={(value) => page.setRole(value as PartyRole)}
        data={[
          { value: 'customer', label: t('BILLING.CURRENT_ACCOUNT.CUSTOMERS') },
          { value: 'supplier', label: t('BILLING.CURRENT_ACCOUNT.SUPPLIERS') },
        ]}
      />
      {account.isError ? (
        <ErrorAlert error={account.error} />
      ) : account.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : account.data.rows.length === 0 ? (
        <Paper withBorder radius="lg" p="lg" ta="center">
          <Text c="dimmed">
            {t(
              page.role === 'customer'
                ? 'BILLING.CURRENT_ACCOUNT.EMPTY_CUSTOMERS'
                : 'BILLING.CURRENT_ACCOUNT.EMPTY_SUPPLIERS',
            )}
          </Text>
        </Paper>
      ) : (
        <>
          {account.data.totals.map((total) => (
            <Paper key={total.currency} withBorder radius="lg" p="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('BILLING.CURRENT_ACCOUNT.TOTAL')}
              </Text>
              <Text fw={700} fz="xl">
                {money(total.open, total.currency)}
              </Text>
              {total.overdue > 0 && (
                <Text size="sm" c="red">
                  {t('BILLING.CURRENT_ACCOUNT.OVERDUE_AMOUNT', {
                    amount: money(total.overdue, total.currency),
                  })}
                </Text>
              )}
            </Paper>
          ))}
          <Stack gap="xs" component="section" aria-label={t('BILLING.CURRENT_ACCOUNT.AGING')}>
            <AgingCards rows={account.data.rows} onSelect={page.setPartyId} />
          </Stack>
        </>
      )}
    </Stack>
  );
}

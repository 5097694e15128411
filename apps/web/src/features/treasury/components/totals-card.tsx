import type { ContractResponse } from '@fluxo/domain/contract';
import type { listAccountsContract } from '@fluxo/domain/treasury/contracts';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';

type AccountsList = ContractResponse<typeof listAccountsContract>;

/** The balance today per currency, and everything converted to the organization's currency. */
export function TotalsCard({ data }: { data: AccountsList }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const { total } = data;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="wallet-totals">
      <Stack gap="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="wallet-totals">
          {t('TREASURY.WALLETS.TOTAL', { currency: total.currency })}
        </Text>
        <Text fz={28} fw={700} data-testid="wallets-total">
          {money(total.balance, total.currency)}
        </Text>
        {total.rateDate && (
          <Text size="xs" c="dimmed">
            {t('TREASURY.WALLETS.RATES_OF', { date: date(total.rateDate) })}
          </Text>
        )}
        {total.missingRates.length > 0 && (
          <Text size="xs" c="red.9" role="note">
            {t('TREASURY.WALLETS.MISSING_RATES', { currencies: total.missingRates.join(', ') })}
          </Text>
        )}
        {data.totals.length > 1 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label={t('TREASURY.WALLETS.PER_CURRENCY')}>
            {data.totals.map((item) => (
              <Group key={item.currency} gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {item.currency}
                </Text>
                <Text size="sm" fw={600}>
                  {money(item.balance, item.currency)}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
